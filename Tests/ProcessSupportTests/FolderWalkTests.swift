import Foundation
import ProcessSupport
import XCTest

final class FolderWalkTests: XCTestCase {
    /// Every entry, depth first in name order, with its kind; a link to a folder is listed and not followed; the
    /// limit ends the walk with an error.
    func testEntriesKindsAndLinks() throws {
        let root = NSTemporaryDirectory() + "folder-walk-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/b/c", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        for path in ["a.json", "b/x.md", "b/c/y.html", "outside/z.json"] { try Data("{}".utf8).write(to: URL(fileURLWithPath: root + "/" + path)) }
        try files.createSymbolicLink(atPath: root + "/b/link", withDestinationPath: root + "/outside")
        mkfifo(root + "/pipe", 0o600)
        let entries = try FolderWalk.entries(under: root)
        XCTAssertEqual(entries.map(\.relative), ["a.json", "b", "b/c", "b/c/y.html", "b/link", "b/x.md", "outside", "outside/z.json", "pipe"])
        let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.relative, $0.kind) })
        XCTAssertEqual(kinds["a.json"], .file)
        XCTAssertEqual(kinds["b/c"], .folder)
        XCTAssertEqual(kinds["b/link"], .link)
        XCTAssertEqual(kinds["pipe"], .other)
        XCTAssertThrowsError(try FolderWalk.entries(under: root, limit: 3)) { XCTAssertTrue(($0 as? FolderWalk.Failure)?.tooMany == true) }
        XCTAssertThrowsError(try FolderWalk.entries(under: root + "/absent")) { XCTAssertEqual(($0 as? FolderWalk.Failure)?.tooMany, false) }
    }
}

final class ChildProcessOutputTests: XCTestCase {
    /// A child's standard output read through its pipe to the end, its standard error discarded, its status kept.
    func testStandardOutputIsReadAndStandardErrorDiscarded() throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "printf 'out%.0s' $(seq 1 3000); echo err >&2; exit 3"],
                                     pipeInput: false, pipeOutput: true, quiet: true)
        var bytes: [UInt8] = []
        while case let chunk = child.read(upTo: 4096), !chunk.isEmpty { bytes += chunk }
        XCTAssertEqual(child.wait(), 3)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), String(repeating: "out", count: 3000))
    }
}
