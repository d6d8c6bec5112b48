import CCairo
import CPNGWriter
import Images
import XCTest
@testable import Raster
import RichMessageRenderer

/// The PNG writer (CPNGWriter): pixels must survive libpng's decoder exactly, transparent pixels must come out
/// as Cairo's own PNG writer unpremultiplies them, and the banded stream must not depend on the thread count.
final class PNGWriterTests: XCTestCase {
    /// A canvas of `width` × `height` filled with a repeatable mix of flat rows and noise, premultiplied as
    /// Cairo stores it; fully opaque when `opaque`, else with every alpha from 0 to 255.
    private func canvas(_ width: Int, _ height: Int, opaque: Bool, seed: UInt32 = 1) throws -> CairoCanvas {
        let canvas = try CairoCanvas(pixelWidth: width, pixelHeight: height)
        cairo_surface_flush(canvas.surface)
        let data = cairo_image_surface_get_data(canvas.surface)!
        var state = seed
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state >> 8 }
        for y in 0..<height {
            let flat = y % 7 < 3
            for x in 0..<width {
                let random = flat ? 0x00C0_8040 ^ UInt32(y % 7) : next()
                let alpha = opaque ? 255 : (flat ? UInt32((y * 37) % 256) : random >> 16 & 0xFF)
                let r = (random & 0xFF) * alpha / 255, g = (random >> 8 & 0xFF) * alpha / 255, b = (random >> 4 & 0xFF) * alpha / 255
                let pixel = alpha << 24 | r << 16 | g << 8 | b
                UnsafeMutableRawPointer(data + y * canvas.stride + x * 4).storeBytes(of: pixel, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(canvas.surface)
        return canvas
    }

    /// The canvas as Cairo's own PNG writer encodes it, decoded by libpng.
    private func cairoReference(_ canvas: CairoCanvas) throws -> RGBAImage {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(canvas.surface, { context, data, length in
            Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
        return try PNGCodec.decode(sink.bytes)
    }

    func testOddSizesRoundTripAsCairoWritesThem() throws {
        for (width, height) in [(1, 1), (3, 5), (7, 1), (1, 7), (333, 41), (1001, 3)] {
            for opaque in [true, false] {
                let canvas = try canvas(width, height, opaque: opaque)
                let reference = try cairoReference(canvas)
                let png = try canvas.consumeAsPNG(opaque: opaque, level: 6, threads: 2)
                XCTAssertEqual(png[25], opaque ? 2 : 6, "colour type")
                XCTAssertEqual(try PNGCodec.decode(png), reference, "\(width)×\(height) opaque \(opaque)")
            }
        }
    }

    func testTransparentPixelsAreUnpremultipliedAsCairosWriterDoes() throws {
        // Every alpha with every premultiplied value the rounding can meet: 256 × 256 pixels (r = g = b = v ≤ a).
        let canvas = try CairoCanvas(pixelWidth: 256, pixelHeight: 256)
        let data = cairo_image_surface_get_data(canvas.surface)!
        for alpha in 0..<256 {
            for value in 0..<256 {
                let v = UInt32(min(value, alpha))
                UnsafeMutableRawPointer(data + alpha * canvas.stride + value * 4).storeBytes(of: UInt32(alpha) << 24 | v << 16 | v << 8 | v, as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(canvas.surface)
        let reference = try cairoReference(canvas)
        let decoded = try PNGCodec.decode(try canvas.consumeAsPNG(opaque: false, level: 6, threads: 1))
        XCTAssertEqual(decoded, reference)
        // Spot values: alpha 0 is all zeros; alpha 128 with premultiplied 64 is (64·255 + 64) / 128 = 128.
        XCTAssertEqual(Array(decoded.pixels[0..<4]), [0, 0, 0, 0])
        let index = (128 * 256 + 64) * 4
        XCTAssertEqual(Array(decoded.pixels[index..<(index + 4)]), [128, 128, 128, 128])
    }

    func testTheLargestSideCairoAllows() throws {
        for (width, height) in [(32767, 2), (2, 32767)] {
            for opaque in [true, false] {
                let canvas = try canvas(width, height, opaque: opaque)
                let reference = canvas.straightRGBA()
                let png = try canvas.consumeAsPNG(opaque: opaque, level: 1, threads: 2)
                XCTAssertEqual(try PNGCodec.decode(png), reference, "\(width)×\(height) opaque \(opaque)")
            }
        }
    }

    func testBandedStreamsDecodeAndDoNotDependOnThreads() throws {
        // Large enough for several bands, with noise, flat runs and (at level 0) stored blocks to splice.
        for (opaque, level) in [(true, Int32(6)), (false, Int32(6)), (true, Int32(1)), (false, Int32(0))] {
            XCTAssertGreaterThan(2000 / Int(ipr_png_page_band_rows()), 2, "several bands")
            var outputs: [[UInt8]] = []
            var reference: RGBAImage?
            for threads in [1, 2, 4] {
                let canvas = try canvas(1100, 2000, opaque: opaque, seed: 7)
                if reference == nil { reference = canvas.straightRGBA() }
                outputs.append(try canvas.consumeAsPNG(opaque: opaque, level: level, threads: threads))
            }
            XCTAssertEqual(try PNGCodec.decode(outputs[0]), reference, "opaque \(opaque) level \(level)")
            XCTAssertEqual(outputs[1], outputs[0], "2 threads, opaque \(opaque) level \(level)")
            XCTAssertEqual(outputs[2], outputs[0], "4 threads, opaque \(opaque) level \(level)")
        }
    }

    func testImageEncoderWritesTheSameBytesAsTheCanvas() throws {
        for opaque in [true, false] {
            let canvas = try canvas(900, 1500, opaque: opaque, seed: 3)
            let image = canvas.straightRGBA()
            XCTAssertEqual(try PNGCodec.encode(image, opaque: opaque), try canvas.consumeAsPNG(opaque: opaque, level: PNGCodec.compressionLevel, threads: 2))
        }
    }

    func testBadArgumentsAreRefused() throws {
        XCTAssertThrowsError(try PNGCodec.encode(RGBAImage(width: 2, height: 2), opaque: true, level: 13))
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var pixels = [UInt8](repeating: 0, count: 16)
        // A stride too short for an RGBA row (a filter byte plus 4 bytes per pixel) cannot be converted in place.
        XCTAssertEqual(ipr_png_encode_argb32_in_place(&pixels, 2, 2, 8, 0, 6, 1, ipr_png_extra(bytes: nil, size: 0), &out, &size), 1)
        XCTAssertNil(out)
    }
}
