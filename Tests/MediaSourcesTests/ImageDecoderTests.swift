import CJPEG
import CWebP
import Foundation
import Images
import XCTest
@testable import MediaSources
import Raster
import RichMessageRenderer

/// JPEG (libjpeg-turbo, with EXIF orientation) and WebP (libwebp) decoding of `--media` files.
final class ImageDecoderTests: XCTestCase {
    /// An 8 × 4 image: the left half red, the right half blue.
    private func sample() -> RGBAImage {
        var image = RGBAImage(width: 8, height: 4)
        for y in 0..<4 {
            for x in 0..<8 {
                let i = (y * 8 + x) * 4
                image.pixels[i] = x < 4 ? 255 : 0
                image.pixels[i + 2] = x < 4 ? 0 : 255
                image.pixels[i + 3] = 255
            }
        }
        return image
    }

    private func jpeg(_ image: RGBAImage) throws -> [UInt8] {
        let handle = try XCTUnwrap(ipr_jpeg_init_compress())
        defer { ipr_jpeg_destroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer {
            ipr_jpeg_compress(handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height), Int32(TJPF_RGBA.rawValue), &output, &size,
                        Int32(TJSAMP_444.rawValue), 95, 0)
        }
        XCTAssertEqual(status, 0)
        defer { ipr_jpeg_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// The JPEG with an APP1 EXIF segment (big-endian TIFF, one IFD0 entry: orientation) after SOI.
    private func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let payload: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    private func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let i = (y * image.width + x) * 4
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    func testJPEGDecodes() throws {
        let decoded = try ImageDecoder.decode(try jpeg(sample()))
        XCTAssertEqual(decoded.width, 8)
        XCTAssertEqual(decoded.height, 4)
        XCTAssertGreaterThan(pixel(decoded, 0, 0).0, 200)
        XCTAssertGreaterThan(pixel(decoded, 7, 3).2, 200)
    }

    func testJPEGExifOrientationIsApplied() throws {
        let encoded = try jpeg(sample())
        XCTAssertEqual(ImageDecoder.exifOrientation(withOrientation(encoded, 6)), 6)
        // Orientation 6: rotate 90° clockwise — the image becomes 4 × 8, red on top.
        let rotated = try ImageDecoder.decode(withOrientation(encoded, 6))
        XCTAssertEqual(rotated.width, 4)
        XCTAssertEqual(rotated.height, 8)
        XCTAssertGreaterThan(pixel(rotated, 2, 0).0, 200, "red (the old left half) is on top")
        XCTAssertGreaterThan(pixel(rotated, 2, 7).2, 200, "blue at the bottom")
        // Orientation 3: upside down — blue now on the left.
        let flipped = try ImageDecoder.decode(withOrientation(encoded, 3))
        XCTAssertGreaterThan(pixel(flipped, 0, 0).2, 200)
    }

    func testWebPDecodesExactlyWhenLossless() throws {
        let image = sample()
        var output: UnsafeMutablePointer<UInt8>?
        let size = image.pixels.withUnsafeBufferPointer {
            WebPEncodeLosslessRGBA($0.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4), &output)
        }
        XCTAssertGreaterThan(size, 0)
        defer { WebPFree(output) }
        let decoded = try ImageDecoder.decode(Array(UnsafeBufferPointer(start: output, count: size)))
        XCTAssertEqual(decoded, image)
    }

    func testGarbageIsAnErrorNotACrash() {
        for bytes: [UInt8] in [[], [0xFF, 0xD8, 0xFF, 0xE0, 0, 2], Array("RIFF\0\0\0\0WEBPVP8 ".utf8), [1, 2, 3, 4, 5]] {
            XCTAssertThrowsError(try ImageDecoder.decode(bytes))
        }
    }
}
