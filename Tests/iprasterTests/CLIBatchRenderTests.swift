import Foundation
import GoldenSupport
import ProcessSupport
import RichMessageRenderer
import XCTest

/// Issue 16, item 3: batch rendering (inputs → OUTDIR/, a JSONL manifest, shards, the worst exit code).
final class CLIBatchRenderTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/in/sub", withIntermediateDirectories: true)
        for (name, text) in [("a", "first"), ("b", "second"), ("sub/a", "same base name")] {
            try #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#.write(toFile: directory + "/in/\(name).json", atomically: true, encoding: .utf8)
        }
        try #"{"blocks": ["#.write(toFile: directory + "/in/broken.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: directory + "/" + path) }

    func testInputsIntoAFolderWithOneBrokenInput() throws {
        let result = try TestEnvironment.run(["render", "in/a.json", "in/broken.json", "in/b.json", "-o", "out/", "--jobs", "2"],
                                             currentDirectory: directory)
        XCTAssertEqual(result.status, 2, "the worst case: an input error")
        XCTAssertTrue(result.stderr.contains("ipraster: error: in/broken.json: at $: malformed JSON"), result.stderr)
        // The good inputs are rendered anyway, each under its base name.
        let single = try TestEnvironment.run(["in/a.json", "-o", "single.png"], currentDirectory: directory)
        XCTAssertEqual(single.status, 0)
        XCTAssertEqual(try FileContents.read(directory + "/out/a.png"), try FileContents.read(directory + "/single.png"), "the same bytes as one render")
        XCTAssertTrue(exists("out/b.png"))
        XCTAssertFalse(exists("out/broken.png"))
        // --format picks the extension.
        XCTAssertEqual(try TestEnvironment.run(["in/a.json", "in/b.json", "-o", "svg/", "--format", "svg"], currentDirectory: directory).status, 0)
        XCTAssertTrue(exists("svg/a.svg") && exists("svg/b.svg"))
    }

    func testTwoInputsWithOneBaseNameWriteNothing() throws {
        let result = try TestEnvironment.run(["in/a.json", "in/b.json", "in/sub/a.json", "-o", "out/"], currentDirectory: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("in/a.json and in/sub/a.json would both write out/a.png"), result.stderr)
        XCTAssertFalse(exists("out"), "nothing written")
        XCTAssertEqual(try TestEnvironment.run(["in/a.json", "in/b.json", "-o", "one.png"], currentDirectory: directory).status, 2,
                       "several inputs need a folder")
    }

    func testAManifestWithPerLineOptionsAndAMissingFile() throws {
        let manifest = """
        {"input": "in/a.json", "output": "m/a.svg"}
        {"input": "in/b.json", "output": "m/b-night.png", "args": ["--theme", "night"]}

        {"input": "in/missing.json", "output": "m/missing.png"}
        """
        try manifest.write(toFile: directory + "/jobs.jsonl", atomically: true, encoding: .utf8)
        let result = try TestEnvironment.run(["render", "--manifest", "jobs.jsonl", "--width", "300"], currentDirectory: directory)
        XCTAssertEqual(result.status, 3, "a missing file is an environment error, worse than an input error")
        XCTAssertTrue(result.stderr.contains("jobs.jsonl:4: "), result.stderr)
        XCTAssertTrue(String(decoding: try FileContents.read(directory + "/m/a.svg"), as: UTF8.self).contains("<svg"))
        // The line's args come after the command line's render options.
        XCTAssertEqual(try TestEnvironment.run(["in/b.json", "-o", "night.png", "--width", "300", "--theme", "night"], currentDirectory: directory).status, 0)
        XCTAssertEqual(try FileContents.read(directory + "/m/b-night.png"), try FileContents.read(directory + "/night.png"))
        // A malformed line is refused before anything is rendered.
        try "{\"input\": \"in/a.json\", \"output\": \"n/a.png\"}\n{\"input\": 3}\n".write(toFile: directory + "/bad.jsonl", atomically: true, encoding: .utf8)
        let bad = try TestEnvironment.run(["--manifest", "bad.jsonl"], currentDirectory: directory)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad.jsonl:2: needs \"input\" and \"output\" strings"), bad.stderr)
        XCTAssertFalse(exists("n"))
        for (line, message) in [("[1, 2]", "not a JSON object"), ("{\"input\": \"in/a.json\", \"output\": \"n/a.png\", \"args\": [\"--width\", 300]}", "\"args\" must be an array of strings"),
                                ("{\"input\": \"in/a.json\", \"output\": \"n/a.png\", \"args\": \"--width 300\"}", "\"args\" must be an array of strings")] {
            try (line + "\n").write(toFile: directory + "/bad.jsonl", atomically: true, encoding: .utf8)
            let refused = try TestEnvironment.run(["--manifest", "bad.jsonl"], currentDirectory: directory)
            XCTAssertEqual(refused.status, 2, line)
            XCTAssertTrue(refused.stderr.contains("bad.jsonl:1: " + message), refused.stderr)
        }
        XCTAssertFalse(exists("n"))
    }

    /// A manifest's relative paths are relative to its own folder, wherever the tool runs from; folders made for
    /// outputs that all failed are gone again.
    func testManifestPathsAreTheManifestsAndFailuresLeaveNoFolders() throws {
        try "{\"input\": \"a.json\", \"output\": \"../rendered/a.png\"}\n".write(toFile: directory + "/in/jobs.jsonl", atomically: true, encoding: .utf8)
        let elsewhere = try TestEnvironment.temporaryDirectory()
        let result = try TestEnvironment.run(["--manifest", directory + "/in/jobs.jsonl"], currentDirectory: elsewhere)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(exists("rendered/a.png"), "written beside the manifest's folder, not the current one")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
        // Every job fails: the folders made for them are removed.
        try "{\"input\": \"broken.json\", \"output\": \"new/deeper/x.png\"}\n{\"input\": \"gone.json\", \"output\": \"new/y.png\"}\n"
            .write(toFile: directory + "/in/failing.jsonl", atomically: true, encoding: .utf8)
        let failing = try TestEnvironment.run(["--manifest", "in/failing.jsonl"], currentDirectory: directory)
        XCTAssertEqual(failing.status, 3)
        XCTAssertFalse(exists("in/new"), "no empty output folder left behind")
        // Folders that were there before stay, also when empty.
        try FileManager.default.createDirectory(atPath: directory + "/in/kept", withIntermediateDirectories: true)
        try "{\"input\": \"broken.json\", \"output\": \"kept/x.png\"}\n".write(toFile: directory + "/in/kept.jsonl", atomically: true, encoding: .utf8)
        XCTAssertEqual(try TestEnvironment.run(["--manifest", "in/kept.jsonl"], currentDirectory: directory).status, 2)
        XCTAssertTrue(exists("in/kept"))
    }

    func testShardsRenderEachInputOnce() throws {
        var written: [String] = []
        for index in 1...2 {
            let folder = "s\(index)/"
            XCTAssertEqual(try TestEnvironment.run(["in/a.json", "in/b.json", "in/sub/a.json", "-o", folder, "--shard", "\(index)/2"],
                                                   currentDirectory: directory).status, 2,
                           "the collision is refused whatever the shard")
            written += ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []).map { folder + $0 }
        }
        XCTAssertEqual(written, [], "a collision writes nothing")
        for index in 1...2 {
            XCTAssertEqual(try TestEnvironment.run(["in/a.json", "in/b.json", "-o", "t/", "--shard", "\(index)/2"], currentDirectory: directory).status, 0)
            XCTAssertTrue(exists(index == 1 ? "t/a.png" : "t/b.png"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory + "/t").sorted(), ["a.png", "b.png"])
    }
}
