import Foundation
import GoldenSupport
import Images
import XCTest
@testable import Layout
@testable import Raster
import RichMessageRenderer

/// Issue 23: a PNG page of any height, painted strip by strip on strip-sized surfaces, with no seam at a strip
/// boundary (the band height, 128 rows) and the whole canvas's pixels wherever a whole canvas can be made.
final class TallPageTests: XCTestCase {
    private func layout(_ json: String, _ configure: (inout RenderSettings) -> Void = { _ in }) throws -> PageLayout {
        var settings = RenderSettings()
        configure(&settings)
        settings.layout.limitToRasterPage()
        return try TestEnvironment.pipeline.layout(try settings.decode(Array(json.utf8), path: nil), settings: settings)
    }

    /// 1,000 dividers, 43 device pixels apart at scale 2: every row between the first and the last divider repeats
    /// 43 rows further down, across all 90 strip boundaries of a 43,000-row page.
    func testAFortyThousandRowPageRepeatsExactlyAcrossStrips() throws {
        let page = try layout(#"{"blocks": ["# + Array(repeating: #"{"type": "divider"}"#, count: 1000).joined(separator: ",") + "]}")
        let dividers = page.items.filter { $0.kind == "divider" }
        XCTAssertEqual(dividers.count, 1000)
        let pitch = (dividers[1].frame.y - dividers[0].frame.y) * page.canvas.scale
        XCTAssertEqual(pitch, pitch.rounded(), "the test needs a whole number of rows between dividers")
        XCTAssertGreaterThan(page.canvas.pixelHeight, 40_000)
        let image = try PNGCodec.decode(try TestEnvironment.pipeline.renderer.png(page))
        XCTAssertEqual(image.height, page.canvas.pixelHeight)
        XCTAssertEqual(image.width, page.canvas.pixelWidth)
        let rowBytes = image.width * 4, step = Int(pitch)
        // From below the bubble's rounded top corners to above its bottom ones.
        let first = Int(((page.canvas.bubbleOrigin.y + dividers[3].frame.y) * page.canvas.scale).rounded(.up))
        let last = Int(((page.canvas.bubbleOrigin.y + dividers[990].frame.y) * page.canvas.scale).rounded(.down))
        var seams: [Int] = []
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in first..<last where memcmp(pixels.baseAddress! + row * rowBytes, pixels.baseAddress! + (row + step) * rowBytes, rowBytes) != 0 {
                seams.append(row)
            }
        }
        XCTAssertEqual(seams, [], "rows that do not repeat (strip boundaries are multiples of the band height)")
        // The divider rows themselves are drawn: a row of a divider differs from the background row above it.
        let dividerRow = Int(((page.canvas.bubbleOrigin.y + dividers[500].frame.y) * page.canvas.scale).rounded(.down))
        XCTAssertNotEqual(image.pixels[(dividerRow * rowBytes)..<((dividerRow + 1) * rowBytes)], image.pixels[((dividerRow - 4) * rowBytes)..<((dividerRow - 3) * rowBytes)])
    }

    /// A text page past 32,767 rows equals, row for row, the same page cut short and painted on one canvas, down to
    /// well above the short page's own bubble bottom: every strip boundary up to there, text and tables included.
    func testATallTextPageHasTheWholeCanvasPixels() throws {
        let block = #"{"type": "paragraph", "text": ["Strips of 512 rows, ", {"type": "bold", "text": "bold"}, " and ", {"type": "italic", "text": "italic"}, " text with descenders: gjpqy."]}"#
        let table = #"{"type": "table", "cells": [[{"text": "a", "align": "left", "valign": "top"}, {"text": "b", "align": "left", "valign": "top"}]], "is_bordered": true}"#
        func message(_ count: Int) -> String {
            #"{"blocks": ["# + (0..<count).map { $0 % 7 == 6 ? table : block }.joined(separator: ",") + "]}"
        }
        let tall = try layout(message(700))
        XCTAssertGreaterThan(tall.canvas.pixelHeight, 40_000)
        let short = try layout(message(280))
        XCTAssertLessThan(short.canvas.pixelHeight, LayoutOptions.maxRasterPixels)
        let tallImage = try PNGCodec.decode(try TestEnvironment.pipeline.renderer.png(tall))
        let shortImage = try TestEnvironment.pipeline.renderer.image(short)
        XCTAssertEqual(tallImage.width, shortImage.width)
        let rows = shortImage.height - 400
        XCTAssertGreaterThan(rows, 30 * 512)
        let bytes = rows * shortImage.width * 4
        XCTAssertTrue(tallImage.pixels[0..<bytes] == shortImage.pixels[0..<bytes], "the tall page differs from the short one above row \(rows)")
    }

    /// At the Bot API's limits (500 blocks, 32,768 characters) a message renders whole at the default options.
    func testAMessageAtTheBotAPILimitsRendersWhole() throws {
        let text = String(repeating: "word ", count: 13)  // 65 characters a block
        let blocks = (0..<500).map { index in index % 50 == 49 ? #"{"type": "pre", "text": "let x = 1\nlet y = 2", "language": "swift"}"# : #"{"type": "paragraph", "text": "\#(text)"}"# }
        let page = try layout(#"{"blocks": ["# + blocks.joined(separator: ",") + "]}")
        XCTAssertGreaterThan(page.canvas.pixelHeight, LayoutOptions.maxRasterPixels)
        let image = try PNGCodec.decode(try TestEnvironment.pipeline.renderer.png(page))
        XCTAssertEqual(image.height, page.canvas.pixelHeight)
    }

    /// Strips are horizontal: a page wider than a surface stays an error naming a scale that fits.
    func testAPageWiderThanASurfaceNamesAScaleThatFits() throws {
        let page = try layout(#"{"blocks": [{"type": "paragraph", "text": "\#(String(repeating: "wide ", count: 3000))"}]}"#) {
            $0.layout.width = 10_000
            $0.layout.scale = 4
        }
        XCTAssertGreaterThan(page.canvas.pixelWidth, LayoutOptions.maxRasterPixels)
        XCTAssertThrowsError(try TestEnvironment.pipeline.renderer.png(page)) { error in
            let text = "\(error)"
            XCTAssertTrue(error is PageTooLarge, text)
            XCTAssertTrue(text.contains("--scale 3.2"), text)
        }
    }

    /// Issue 35: a page streamed to a sink strip by strip is the PNG the page makes in memory, byte for byte: the
    /// bands in order, one data chunk whose length is written back at the end (just after the 33 bytes of signature
    /// and header).
    func testAStreamedPNGIsTheSameBytesAsTheOneInMemory() throws {
        final class Sink: PNGSink {
            var bytes: [UInt8] = []
            var writes = 0
            var overwrites: [(offset: Int, count: Int)] = []
            func write(_ data: UnsafeRawBufferPointer) throws { bytes += data; writes += 1 }
            func overwrite(at offset: Int, with data: UnsafeRawBufferPointer) throws {
                overwrites.append((offset, data.count))
                bytes.replaceSubrange(offset..<(offset + data.count), with: data)
            }
        }
        let block = #"{"type": "paragraph", "text": "Streamed strip by strip, gjpqy."}"#
        for count in [1, 400] {
            let page = try layout(#"{"blocks": ["# + Array(repeating: block, count: count).joined(separator: ",") + "]}")
            let sink = Sink()
            try TestEnvironment.pipeline.renderer.png(page.displayPage(), to: sink)
            let inMemory = try TestEnvironment.pipeline.renderer.png(page)
            XCTAssertTrue(sink.bytes == inMemory, "\(count) blocks: \(sink.bytes.count) streamed bytes vs \(inMemory.count)")
            let firstData = PNGChunks(inMemory).chunks.first { $0.type == "IDAT" }?.offset
            XCTAssertEqual(sink.overwrites.map(\.offset), [firstData], "the data chunk's length, once")
            XCTAssertEqual(sink.overwrites.map(\.count), [4])
            if count == 400 {
                XCTAssertGreaterThan(page.canvas.pixelHeight, 20 * 512, "many strips")
                XCTAssertGreaterThan(sink.writes, 20, "written as the strips come, not at the end")
            }
        }
        // A sink that fails stops the page with its error.
        final class Full: PNGSink {
            struct DiskFull: Error {}
            func write(_ data: UnsafeRawBufferPointer) throws { throw DiskFull() }
            func overwrite(at offset: Int, with data: UnsafeRawBufferPointer) throws {}
        }
        let page = try layout(#"{"blocks": [\#(block)]}"#)
        XCTAssertThrowsError(try TestEnvironment.pipeline.renderer.png(page.displayPage(), to: Full())) { XCTAssertTrue($0 is Full.DiskFull, "\($0)") }
    }
}
