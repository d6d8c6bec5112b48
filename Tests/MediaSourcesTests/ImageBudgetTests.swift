import Drawing
import Foundation
import GoldenSupport
@testable import MediaSources
import Images
import ProcessSupport
import Raster
import XCTest

/// Issue 56: an image's pixels are checked against the cap from its header, before any pixel memory is taken, and
/// images are kept no larger than they are drawn, so a message of large photos costs the size of its bubble.
final class ImageBudgetTests: XCTestCase {
    /// A PNG of `width` × `height` that holds only its header (no pixel data): decoding it would be an error, so a
    /// refusal for its size shows the size was read first.
    private func headerOnlyPNG(width: UInt32, height: UInt32) -> [UInt8] {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            let length = UInt32(data.count)
            return withUnsafeBytes(of: length.bigEndian, Array.init) + body + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let header = withUnsafeBytes(of: width.bigEndian, Array.init) + withUnsafeBytes(of: height.bigEndian, Array.init) + [8, 6, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IEND", [])
    }

    func testAnImageOverTheCapIsRefusedFromItsHeader() throws {
        XCTAssertThrowsError(try ImageDecoder.decode(headerOnlyPNG(width: 10_000, height: 9_999))) { error in
            XCTAssertEqual("\(error)", "image larger than \(MediaDecoding.maxPixels) pixels; not drawn")
        }
        // Within the cap the same file is read on, and fails for its missing pixels.
        XCTAssertThrowsError(try ImageDecoder.decode(headerOnlyPNG(width: 6_400, height: 6_250))) { error in
            XCTAssertEqual("\(error)", "corrupt PNG data")
        }
        XCTAssertEqual(try PNGCodec.size(of: headerOnlyPNG(width: 6_400, height: 6_250)).width, 6_400)
        XCTAssertThrowsError(try PNGCodec.decode(headerOnlyPNG(width: 2, height: 2), strictCRC: true, maxPixels: 3)) { error in
            XCTAssertEqual("\(error)", "PNG is larger than 3 pixels")
        }
    }

    func testTheShrinkFactorKeepsAPixelPerDevicePixelWhereverItIsDrawn() {
        let photo = (width: 6_400, height: 6_250)
        // Aspect-fill over 700 × 500 device pixels: the short ratio (6,250 / 500 = 12.5) decides.
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: photo.width, height: photo.height, uses: [ImageUse(width: 700, height: 500, fit: .fill)]), 9)
        // Aspect-fit into the same: the long ratio (12.5).
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: photo.width, height: photo.height, uses: [ImageUse(width: 700, height: 500, fit: .fit)]), 12)
        // Two uses: the larger one wins; a heavy blur alone asks for nothing.
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: photo.width, height: photo.height, uses: [
            ImageUse(width: 700, height: 500, fit: .fill), ImageUse(width: 3_200, height: 3_200, fit: .fill), ImageUse(width: 10, height: 10, fit: .heavyBlur),
        ]), 1)
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: photo.width, height: photo.height, uses: [ImageUse(width: 10, height: 10, fit: .heavyBlur)]), 1)
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: photo.width, height: photo.height, uses: []), 1, "no use known: as the file holds it")
        // Under twice the drawn size: untouched, so Cairo resamples the file's own pixels as before.
        XCTAssertEqual(MediaDecoding.shrinkFactor(width: 640, height: 400, uses: [ImageUse(width: 330, height: 206, fit: .fill)]), 1)
    }

    func testShrinkingAveragesPremultipliedBlocks() throws {
        // 3 × 2 straight RGBA: opaque red, transparent green, opaque blue / opaque white, half-opaque black, opaque red.
        let image = RGBAImage(width: 3, height: 2, pixels: [
            255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 255,
            255, 255, 255, 255, 0, 0, 0, 128, 255, 0, 0, 255,
        ])
        let decoded = try MediaDecoding.decodedImage(image, uses: [ImageUse(width: 1, height: 1, fit: .fill)])
        XCTAssertEqual(decoded.width, 2, "3 columns in blocks of 2: a whole one and a partial one")
        XCTAssertEqual(decoded.height, 1)
        // Block 1: alphas 255, 0, 255, 128 → 160 (638 / 4 rounded); red (255·255 + 255·255) / 255 / 4 → 128,
        // green and blue (255·255) / 255 / 4 → 64. The transparent green adds nothing.
        XCTAssertEqual(decoded.pixels[0], 160 << 24 | 128 << 16 | 64 << 8 | 64)
        // Block 2 (one column): blue and red, both opaque.
        XCTAssertEqual(decoded.pixels[1], 255 << 24 | 128 << 16 | 0 << 8 | 128)
    }

    /// Six photos of 6,400 × 6,250 (40 megapixels each, ~130 KB files) in one message: the render's peak stays under
    /// 500 MB (each is kept at the size it is drawn, where six decoded photos took 1.9 GB); a 100-megapixel PNG
    /// is refused from its header under 150 MB.
    func testPhotoBombsStayWithinTheMemoryBound() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let photo = try PNGCodec.encode(RGBAImage(width: 6_400, height: 6_250, pixels: [UInt8](repeating: 200, count: 6_400 * 6_250 * 4)), opaque: true)
        var blocks: [String] = []
        for index in 0..<6 {
            try AtomicFile.write(photo, to: "\(folder)/p\(index).png")
            blocks.append("{\"type\": \"photo\", \"photo\": [{\"file_id\": \"F\(index)\", \"file_unique_id\": \"p\(index)\", \"width\": 6400, \"height\": 6250}]}")
        }
        try AtomicFile.write(Array("{\"blocks\": [\(blocks.joined(separator: ", "))]}".utf8), to: folder + "/six.json")
        try AtomicFile.write(headerOnlyPNG(width: 10_000, height: 10_000), to: folder + "/huge.png")
        try AtomicFile.write(Array(#"{"blocks": [{"type": "photo", "photo": [{"file_id": "H", "file_unique_id": "huge", "width": 10000, "height": 10000}]}]}"#.utf8),
                             to: folder + "/huge.json")
        // `bench` renders the page (the media resolved, painted, encoded) twice in one process and prints that
        // process's own resident peak (VmHWM).
        func peak(_ input: String) throws -> (megabytes: Double, stderr: String) {
            let result = try TestEnvironment.run(["bench", folder + "/" + input, "--media", folder, "--iterations", "1"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let line = try XCTUnwrap(result.stdoutText.split(separator: "\n").first { $0.hasPrefix("ipraster peak_rss_mb=") })
            return (try XCTUnwrap(Double(line.dropFirst("ipraster peak_rss_mb=".count))), result.stderr)
        }
        XCTAssertLessThan(try peak("six.json").megabytes, 500)
        XCTAssertLessThan(try peak("huge.json").megabytes, 150)
        // The render's warnings: every photo drawn; the huge one refused with its reason.
        let six = try TestEnvironment.run([folder + "/six.json", "--media", folder, "-o", folder + "/six.png"])
        XCTAssertEqual(six.status, 0)
        XCTAssertEqual(six.stderr, "", "every photo is drawn")
        let huge = try TestEnvironment.run([folder + "/huge.json", "--media", folder, "-o", folder + "/huge.png"])
        XCTAssertEqual(huge.status, 0)
        XCTAssertTrue(huge.stderr.contains("image larger than 40000000 pixels; not drawn"), huge.stderr)
    }
}
