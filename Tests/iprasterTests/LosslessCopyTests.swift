import Foundation
import GoldenKit
import GoldenSupport
import Layout
import Markup
import ProcessSupport
import RenderOptions
import RichMessageRenderer
import XCTest

/// Issue 23, item 2: `ipraster markdown --lossless` carries everything a message draws, so rendering the copy gives
/// the same pixels as rendering the message — for every golden fixture (JSON, Markdown, HTML, with their options),
/// every sample of Tests/Data and LLM-style answers written for this test.
final class LosslessCopyTests: XCTestCase {
    /// Every input: fixtures with their `.args`, samples, and the answers below.
    private func inputs() throws -> [(name: String, path: String, arguments: [String])] {
        var result: [(String, String, [String])] = []
        for root in ["Tests/Fixtures", "Tests/Data/samples", "Tests/Data/answers"] {
            let folder = TestEnvironment.root + "/" + root
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let file as String in enumerator where [".json", ".md", ".html"].contains(where: file.hasSuffix) {
                let path = folder + "/" + file
                let argsPath = (path as NSString).deletingPathExtension + ".args"
                var arguments = (try? String(contentsOfFile: argsPath, encoding: .utf8)).map(GoldenHarness.splitArguments) ?? []
                if let index = arguments.firstIndex(of: "--media"), index + 1 < arguments.count, !arguments[index + 1].hasPrefix("/") {
                    arguments[index + 1] = (path as NSString).deletingLastPathComponent + "/" + arguments[index + 1]
                }
                result.append((root + "/" + file, path, arguments))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    func testEveryInputRoundTripsToTheSamePixels() throws {
        let pipeline = TestEnvironment.pipeline
        var checked = 0, differing: [String] = []
        for input in try inputs() {
            let settings = try RenderOptions.parse(input.arguments).settings
            let decoded: DecodedInput
            do { decoded = try settings.decode(try FileContents.read(input.path), path: input.path) } catch { continue }  // not a message
            guard let document = decoded.lastDocument, decoded.frames.count == 1 else { continue }
            let original = try pipeline.renderer.png(try pipeline.layout(decoded, settings: settings), media: pipeline.media(settings))
            let copy = MarkdownWriter.markdown(document, lossless: true)
            var copySettings = settings
            copySettings.inputFormat = MarkdownFormat.self
            let reread = try copySettings.decode(Array(copy.utf8), path: nil)
            XCTAssertEqual(reread.warnings, [], "\(input.name): reading the copy warns")
            let rendered = try pipeline.renderer.png(try pipeline.layout(reread, settings: copySettings), media: pipeline.media(copySettings))
            if rendered != original { differing.append(input.name) }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 110)
        XCTAssertEqual(differing, [], "inputs whose lossless copy draws other pixels")
    }
}
