import CDeflate
import CPNGWriter
import Images
import XCTest
@testable import Raster

/// Runs of rows that repeat the row above are written as DEFLATE blocks of the PNG writer's own
/// (`ipr_row_copy_blocks.h`): a block must decode to exactly the repeated rows after the row it copies, whatever the
/// row holds (flat spans from a pixel back, gaps of one or two bytes between them, none at all), and a page of such
/// runs must decode to its pixels whatever the runs' lengths and where they fall against the writer's bands.
final class RowCopyBlockTests: XCTestCase {
    /// Repeatable pseudo-random numbers (a linear congruential generator), so a failure can be replayed.
    private struct Numbers {
        var state: UInt32
        mutating func next(_ bound: Int) -> Int {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Int(state >> 8) % bound
        }
    }

    /// A row of `width` pixels of `channels` bytes made of spans: flat colour, noise, or a colour broken by one
    /// byte. Colours are drawn from values shared between channels (0, 7, 200) so that a span's flatness, and the
    /// byte a pixel before the row's start (the row's own last pixel), break at single bytes too.
    private func row(width: Int, channels: Int, numbers: inout Numbers) -> [UInt8] {
        let values: [UInt8] = [0, 7, 200]
        var row: [UInt8] = []
        while row.count < width * channels {
            let pixels = [1, 2, 3, 40, 90, 300][numbers.next(6)]
            let colour = (0..<channels).map { _ in values[numbers.next(3)] }
            switch numbers.next(3) {
            case 0: for _ in 0..<pixels { row += colour }
            case 1: for _ in 0..<pixels * channels { row.append(UInt8(numbers.next(256))) }
            default:
                for _ in 0..<pixels { row += colour }
                row[row.count - 1 - numbers.next(min(row.count, channels * pixels))] ^= 0x55
            }
        }
        return Array(row.prefix(width * channels))
    }

    /// A stored block holding `row` (not final), then the copy block for `repeats` more of it (final), inflated.
    private func inflateCopies(of row: [UInt8], channels: Int, repeats: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        var plan = ipr_row_copy()
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, row.count, Int32(channels), repeats), 0, file: file, line: line)
        defer { ipr_row_copy_free(&plan) }
        var stream: [UInt8] = [0, UInt8(row.count & 0xFF), UInt8(row.count >> 8), UInt8(~row.count & 0xFF), UInt8(~row.count >> 8 & 0xFF)]
        stream += row
        let start = stream.count * 8
        stream += [UInt8](repeating: 0, count: plan.bits / 8 + 2)
        let end = ipr_row_copy_write(&plan, &stream, start, 1)
        XCTAssertEqual(end - start, plan.bits, "the planned size is the written size", file: file, line: line)
        stream.removeLast(stream.count - (end + 7) / 8)
        let expected = row.count * (repeats + 1)
        var output = [UInt8](repeating: 0, count: expected)
        var produced = 0
        let decompressor = try XCTUnwrap(libdeflate_alloc_decompressor())
        defer { libdeflate_free_decompressor(decompressor) }
        let result = libdeflate_deflate_decompress(decompressor, stream, stream.count, &output, expected, &produced)
        XCTAssertEqual(result, LIBDEFLATE_SUCCESS, file: file, line: line)
        return Array(output.prefix(produced))
    }

    func testACopyBlockRepeatsTheRowBeforeIt() throws {
        var numbers = Numbers(state: 11)
        for channels in [3, 4] {
            for width in [1, 2, 86, 87, 200, 764, 2000] {
                for repeats in [1, 2, 7, 300] {
                    for _ in 0..<6 {
                        let row = [0] + self.row(width: width, channels: channels, numbers: &numbers)
                        let decoded = try inflateCopies(of: row, channels: channels, repeats: repeats)
                        let expected = Array([[UInt8]](repeating: row, count: repeats + 1).joined())
                        // The first byte that differs, not the arrays: they run to 600 KB.
                        let mismatch = decoded.indices.first { $0 >= expected.count || decoded[$0] != expected[$0] }
                            ?? (decoded.count == expected.count ? nil : decoded.count)
                        XCTAssertNil(mismatch, "\(width) px, \(channels) channels, \(repeats) repeats: \(decoded.count) of \(expected.count) bytes")
                    }
                }
            }
        }
    }

    func testGapsOfOneAndTwoBytesAroundFlatSpans() throws {
        // A row of one value in which, from each switch on, that byte's channel takes a new value: flatness (a byte
        // equal to the one a pixel before) breaks at the switch alone, so switches make gaps of exactly 1, 2 or 3
        // bytes between flat spans, at the row's start (against the end of the row above) and at its end.
        for channels in [3, 4] {
            for length in [601, 2293] {
                let switchSets: [[Int]] = [[], [1], [2], [1, 2], [length - 1], [length - 2], [length - 2, length - 1],
                                           [300], [300, 301], [300, 301, 302], [1, 300, length - 1], [2, 301, 302, length - 2]]
                for switches in switchSets {
                    var row = [UInt8](repeating: 90, count: length)
                    for (index, start) in switches.enumerated() {
                        for position in stride(from: start, to: length, by: channels) { row[position] = UInt8(100 + 10 * index) }
                    }
                    let decoded = try inflateCopies(of: row, channels: channels, repeats: 3)
                    XCTAssertTrue(decoded == Array([[UInt8]](repeating: row, count: 4).joined()),
                                  "\(length) bytes, \(channels) channels, switches \(switches)")
                }
            }
        }
    }

    func testRowsOfOneColourCostAFewBitsEach() throws {
        // A 764-pixel RGB row of one colour is 2,293 bytes: at least 9 copies of at most 258 bytes each. All but the
        // one across the row boundary come from a pixel back, which the block's own code sends in a few bits.
        let row = [0] + [[UInt8]](repeating: [230, 235, 239], count: 764).joined()
        var plan = ipr_row_copy()
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, row.count, 3, 1000), 0)
        defer { ipr_row_copy_free(&plan) }
        XCTAssertEqual(plan.dynamic, 1, "a long run has codes of its own")
        XCTAssertLessThan(Double(plan.bits) / 1000, 48, "bits per row")
        XCTAssertEqual(try inflateCopies(of: row, channels: 3, repeats: 1000).count, row.count * 1001)
    }

    func testAShortRunUsesTheFixedCodesWhenTheyAreSmaller() throws {
        // One repeat: a block's own code table costs more than the fixed codes save on a handful of copies.
        let row = [0] + [[UInt8]](repeating: [1, 2, 3], count: 100).joined()
        var plan = ipr_row_copy()
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, row.count, 3, 1), 0)
        defer { ipr_row_copy_free(&plan) }
        XCTAssertEqual(plan.dynamic, 0)
    }

    func testOutOfRangeArgumentsAreRefused() {
        var plan = ipr_row_copy()
        let row = [UInt8](repeating: 9, count: 40000)
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, 3, 1, 5), -1, "shorter than a copy")
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, 32769, 3, 5), -1, "beyond DEFLATE's window")
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, 100, 3, 0), -1, "no rows")
        XCTAssertEqual(ipr_row_copy_plan(&plan, row, 100, 0, 5), -1, "no pixel size")
        XCTAssertNil(plan.pieces)
    }

    func testPagesOfRepeatedRowsDecodeToTheirPixels() throws {
        // Runs of every length around the band height (128 rows), so runs start, end and cross at band edges;
        // opaque pages lose their alpha, the others keep it straight.
        var numbers = Numbers(state: 5)
        let bandRows = Int(ipr_png_page_band_rows())
        for (width, opaque) in [(764, true), (764, false), (150, true), (11000, true), (3, false)] {
            var pixels: [UInt8] = []
            var height = 0
            for run in [1, 2, 3, 4, 0, bandRows - 1, bandRows, bandRows + 1, 5, 2 * bandRows + 3, 1] {
                let row = self.row(width: width, channels: 4, numbers: &numbers)
                for _ in 0...run { pixels += row }
                height += run + 1
            }
            if opaque { for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 } }
            let image = RGBAImage(width: width, height: height, pixels: pixels)
            let png = try PNGCodec.encode(image, opaque: opaque, level: PNGCodec.compressionLevel, threads: 2)
            XCTAssertTrue(try PNGCodec.decode(png) == image, "\(width) px, opaque \(opaque)")
            XCTAssertEqual(try PNGCodec.encode(image, opaque: opaque, level: PNGCodec.compressionLevel, threads: 1), png, "threads")
        }
    }
}
