import CJPEG
import Foundation
@testable import MediaSources
import Raster
import RichMessageRenderer
import XCTest

/// Telegram's stripped thumbnails: made here the way a server makes them (a quality-20, 4:2:0 baseline
/// JPEG with everything up to the scan data and the end marker removed, prefixed by 1, height, width),
/// then expanded and decoded.
final class StrippedThumbnailTests: XCTestCase {
    /// A 40 × 30 preview: red on the left fading to blue on the right, light at the top, dark at the bottom.
    static func pattern(width: Int, height: Int) -> [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x) / Double(width - 1), shade = 1 - 0.5 * Double(y) / Double(height - 1)
                rgb += [UInt8(255 * (1 - t) * shade), UInt8(60 * shade), UInt8(255 * t * shade)]
            }
        }
        return rgb
    }

    static func stripped(width: Int, height: Int, rgb: [UInt8]) throws -> [UInt8] {
        let handle = try XCTUnwrap(ipr_jpeg_init_compress())
        defer { ipr_jpeg_destroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer {
            ipr_jpeg_compress(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), 20, 0)
        }
        XCTAssertEqual(status, 0)
        defer { ipr_jpeg_free(output) }
        let jpeg = Array(UnsafeBufferPointer(start: output!, count: Int(size)))
        let headers = try XCTUnwrap(StrippedThumbnail.headers(width: width, height: height))
        XCTAssertEqual(Array(jpeg.prefix(headers.count)), headers, "a quality-20 4:2:0 JPEG starts with exactly these headers")
        XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9])
        return [1, UInt8(height), UInt8(width)] + jpeg[headers.count..<(jpeg.count - 2)]
    }

    func testRoundTripGivesBackThePreview() throws {
        let rgb = Self.pattern(width: 40, height: 30)
        let stripped = try Self.stripped(width: 40, height: 30, rgb: rgb)
        XCTAssertLessThan(stripped.count, 400, "stripped previews are a few hundred bytes")
        let image = try XCTUnwrap(StrippedThumbnail.decode(stripped))
        XCTAssertEqual(image.width, 40)
        XCTAssertEqual(image.height, 30)
        var error = 0
        for i in 0..<(40 * 30) {
            for c in 0..<3 { error += abs(Int(image.pixels[i * 4 + c]) - Int(rgb[i * 3 + c])) }
            XCTAssertEqual(image.pixels[i * 4 + 3], 255)
        }
        XCTAssertLessThan(Double(error) / Double(40 * 30 * 3), 12, "mean error per channel at quality 20")
        // Left is red, right is blue.
        XCTAssertGreaterThan(image.pixels[(15 * 40 + 1) * 4], 150)
        XCTAssertGreaterThan(image.pixels[(15 * 40 + 38) * 4 + 2], 150)
    }

    func testOtherVersionsAndGarbageAreRefused() {
        XCTAssertNil(StrippedThumbnail.decode([]))
        XCTAssertNil(StrippedThumbnail.decode([1, 30, 40]))
        XCTAssertNil(StrippedThumbnail.decode([2, 30, 40, 0, 0, 0]), "only version 1 is known")
        XCTAssertNil(StrippedThumbnail.decode([1, 0, 40, 0, 0, 0]), "zero height")
        // Truncated data (a stub: a few zero bytes for a 40 × 30 preview) is refused.
        XCTAssertNil(StrippedThumbnail.decode([1, 40, 30] + [UInt8](repeating: 0, count: 8)))
        // Garbage scan data never crashes: either nil or some image of the stated size.
        let garbage: [UInt8] = [1, 40, 30] + (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ 11) }
        if let image = StrippedThumbnail.decode(garbage) {
            XCTAssertEqual(image.width, 30)
            XCTAssertEqual(image.height, 40)
        }
    }
}
