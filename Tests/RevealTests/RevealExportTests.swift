import Foundation
import GoldenKit
import GoldenSupport
import Images
import Layout
import ProcessSupport
@testable import Reveal
import RichMessageRenderer
import XCTest

/// Exports: determinism, the last frame = the static render, contact-sheet goldens, the CLI.
final class RevealExportTests: XCTestCase {
    private func exporter(_ fixture: String, fps: Double = 60, arguments: [String] = []) throws -> RevealExporter {
        let timeline = try RevealTimeline(stream: RevealFixtures.stream(fixture: fixture, arguments: arguments))
        return RevealExporter(timeline: timeline, fps: fps, renderer: TestEnvironment.pipeline.renderer, media: nil)
    }

    func testTwoExportsAreByteIdentical() throws {
        var first: [[UInt8]] = [], second: [[UInt8]] = []
        try exporter("emoji-stream", fps: 15).encodeFrames { _, bytes in first.append(bytes) }
        try exporter("emoji-stream", fps: 15).encodeFrames { _, bytes in second.append(bytes) }
        XCTAssertGreaterThan(first.count, 10)
        XCTAssertEqual(first, second)
    }

    /// Frames painted and encoded on several threads, skipping repeated frames, are the bytes a single thread
    /// gives painting every frame; every frame decodes to the frame painted on its own.
    func testParallelExportIsByteIdenticalToASingleThreadedOne() throws {
        for fixture in ["text-stream", "table-stream", "emoji-stream"] {
            let export = try exporter(fixture, fps: 30)
            var parallel: [[UInt8]] = [], single: [[UInt8]] = []
            try export.encodeFrames(threads: 3, skipUnchanged: true) { _, bytes in parallel.append(bytes) }
            let painted = export.lastExport.painted
            try export.encodeFrames(threads: 1, skipUnchanged: false) { _, bytes in single.append(bytes) }
            XCTAssertEqual(export.lastExport.painted, export.frameCount, fixture)
            XCTAssertLessThanOrEqual(painted, export.frameCount, fixture)
            XCTAssertEqual(parallel.count, export.frameCount, fixture)
            XCTAssertEqual(parallel, single, fixture)
            for index in [0, export.frameCount / 3, export.frameCount - 1] {
                XCTAssertEqual(try PNGCodec.decode(parallel[index]), try export.image(at: export.time(ofFrame: index)), "\(fixture) frame \(index)")
            }
        }
    }

    /// The end of a reveal repeats its last frame (the status has faded in): those frames are not painted again.
    /// (A frame whose display list changed only invisibly is still painted.)
    func testRepeatedFramesAreNotPaintedAgain() throws {
        let export = try exporter("text-stream", fps: 60)
        var frames: [[UInt8]] = []
        try export.encodeFrames { _, bytes in frames.append(bytes) }
        let repeats = zip(frames, frames.dropFirst()).filter { $0.0 == $0.1 }.count
        XCTAssertGreaterThan(repeats, 0, "the fixture has repeated frames")
        XCTAssertLessThan(export.lastExport.painted, export.frameCount)
        XCTAssertGreaterThanOrEqual(export.lastExport.painted, export.frameCount - repeats)
    }

    func testLastFrameIsTheStaticRender() throws {
        for fixture in ["text-stream", "table-stream", "thinking-stream", "media-message"] {
            let export = try exporter(fixture, fps: 30)
            let last = try export.image(at: export.time(ofFrame: export.frameCount - 1))
            var layout = export.timeline.stream.finalLayout
            XCTAssertEqual(export.timeline.canvas.width, layout.canvas.width, "\(fixture): the final bubble is the tallest")
            layout.canvas = export.timeline.canvas
            let render = try TestEnvironment.pipeline.renderer.image(layout)
            XCTAssertEqual(last, render, fixture)
        }
    }

    func testAllFramesShareOneCanvas() throws {
        let export = try exporter("text-stream", fps: 10)
        var sizes = Set<String>()
        try export.encodeFrames { _, bytes in
            let image = try PNGCodec.decode(bytes)
            sizes.insert("\(image.width)x\(image.height)")
        }
        XCTAssertEqual(sizes, ["\(export.timeline.canvas.pixelWidth)x\(export.timeline.canvas.pixelHeight)"])
    }

    /// One golden per case: 8 frames at fixed fractions of the export, 4 per row.
    private func assertContactSheet(_ fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let export = try exporter(fixture)
        let frames = try (0..<8).map { try export.image(at: export.timeline.endTime * Double($0) / 7) }
        let sheet = ContactSheet.compose(frames, columns: 4)
        let png = try PNGCodec.encode(sheet, opaque: true)
        let decision = try GoldenHarness.effectiveMode(flag: nil)
        let mode = decision.mode
        let harness = GoldenHarness(fixtures: RevealFixtures.directory, golden: TestEnvironment.root + "/golden-images", record: mode,
                                    artifacts: TestEnvironment.root + "/.build/golden-artifacts", pipeline: TestEnvironment.pipeline)
        let name = "reveal/" + fixture
        let testCase = GoldenHarness.Case(name: name, fixture: RevealFixtures.directory + "/\(fixture).json",
                                          golden: TestEnvironment.root + "/golden-images/\(name).png", arguments: [])
        switch harness.judge(sheet, png: png, testCase) {
        case .passed: break
        case .recorded:
            print("recorded golden \(name).png — look at it before committing")
            if !decision.explicit { XCTFail("\(name): recorded a new golden; run again to verify", file: file, line: line) }
        case .failed(let reason, _): XCTFail("\(name): \(reason)", file: file, line: line)
        }
    }

    func testContactSheetPlainTextStream() throws { try assertContactSheet("text-stream") }
    func testContactSheetTableRowByRow() throws { try assertContactSheet("table-stream") }
    func testContactSheetEmojiPoppingIn() throws { try assertContactSheet("emoji-stream") }
    func testContactSheetThinkingThenAnswer() throws { try assertContactSheet("thinking-stream") }
    func testContactSheetMessageWithMedia() throws { try assertContactSheet("media-message") }
    func testContactSheetMessageWithFormulas() throws { try assertContactSheet("formula-message") }
    func testContactSheetMarkdownDraftStream() throws { try assertContactSheet("markdown-stream") }

    func testSharedSamplesExportFromBothFormats() throws {
        for sample in ["samples/botapi/c_streaming_drafts.json", "samples/telethon/draft_stream_frames.json"] {
            let path = try TestEnvironment.data(sample)
            let stream = try RevealFixtures.stream(bytes: try FileContents.read(path), arguments: [])
            XCTAssertGreaterThan(stream.chunks.count, 1, sample)
            let timeline = try RevealTimeline(stream: stream)
            XCTAssertEqual(timeline.ticks.last?.phase, .done, sample)
            XCTAssertEqual(timeline.ticks.last?.cursor, stream.chunks.last?.map.total, sample)
            let cursors = timeline.ticks.map(\.cursor)
            XCTAssertGreaterThan(cursors.last!, 0, sample)
        }
    }
}
