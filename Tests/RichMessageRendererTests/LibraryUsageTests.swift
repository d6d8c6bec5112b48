import Foundation
import Images
import RichMessageRenderer
import XCTest

// docs/library.md's example, compiled and run here as another package would use the
// product (only `import RichMessageRenderer`, no command-line types). The lines between the markers are that page's.
private func renderHello(to path: String) throws {
    // BEGIN README EXAMPLE
    let pipeline = try RenderPipeline()
    let json = Array(#"{"blocks": [{"type": "paragraph", "text": "Hello from Swift"}]}"#.utf8)
    let png = try pipeline.render(bytes: json, settings: RenderSettings(), format: .png).output
    try Data(png).write(to: URL(fileURLWithPath: path))
    // END README EXAMPLE
}

final class LibraryUsageTests: XCTestCase {
    func testTheReadmeExampleRendersWhatTheToolRenders() throws {
        let directory = NSTemporaryDirectory() + "ipraster-library-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try renderHello(to: directory + "/library.png")
        let library = [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/library.png")))
        let image = try PNGCodec.decode(library)
        // A one-line bubble at the default scale 2: at most the default width of 342 pt.
        XCTAssertLessThanOrEqual(image.width, 684)
        XCTAssertGreaterThan(image.height, 60)
        XCTAssertLessThan(image.height, 140)
        // The same message through the command-line tool gives the same bytes.
        try Data(#"{"blocks": [{"type": "paragraph", "text": "Hello from Swift"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/hello.json"))
        let tool = Process()
        tool.executableURL = Self.root.appendingPathComponent(".build/release/ipraster")
        tool.arguments = [directory + "/hello.json", "-o", directory + "/tool.png"]
        try tool.run()
        tool.waitUntilExit()
        XCTAssertEqual(tool.terminationStatus, 0)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/tool.png"))), library)
    }

    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheReadmeShowsExactlyThisExample() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.contains("BEGIN README EXAMPLE") }),
              let end = lines.firstIndex(where: { $0.contains("END README EXAMPLE") }) else { return XCTFail("markers missing") }
        let example = lines[(begin + 1)..<end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
        XCTAssertTrue(readme.contains("import RichMessageRenderer\n\n" + example + "\n"), "docs/library.md shows the example compiled here:\n\(example)")
    }
}
