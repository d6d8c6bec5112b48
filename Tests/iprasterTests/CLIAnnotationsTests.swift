import Foundation
import GoldenSupport
import ProcessSupport
import XCTest

/// Issue 60: `render --annotations FILE`, and without FILE in a batch or manifest (annotations[.I-of-N].jsonl).
final class CLIAnnotationsTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/corpus", withIntermediateDirectories: true)
        let texts = ["first message", "second, with more words", "שלום עולם", "ภาษาไทย", "第五条消息"]
        for (index, text) in texts.enumerated() {
            try #"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#.write(toFile: directory + "/corpus/m\(index).json", atomically: true, encoding: .utf8)
        }
        try #"{"blocks": ["#.write(toFile: directory + "/corpus/broken.json", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func json(_ path: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory + "/" + path)))
        return try XCTUnwrap(object as? [String: Any], path)
    }

    private func jsonLines(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: directory + "/" + path, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    func testOneInputWritesItsAnnotationsBesideTheImage() throws {
        let result = try TestEnvironment.run(["corpus/m1.json", "-o", "out.png", "--annotations", "out.json", "--theme", "night", "--width", "300"],
                                             currentDirectory: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let annotations = try json("out.json")
        XCTAssertEqual(annotations["version"] as? Int, 1)
        let settings = try XCTUnwrap(annotations["settings"] as? [String: Any])
        XCTAssertEqual(settings["theme"] as? String, "night")
        XCTAssertEqual(settings["width"] as? Double, 300)
        let words = try XCTUnwrap(annotations["words"] as? [[String: Any]])
        XCTAssertEqual(words.compactMap { $0["text"] as? String }.prefix(6), ["second", ",", "with", "more", "words", "12"])
        XCTAssertNil(annotations["clusters"])
        // The image is the one a render without annotations writes.
        XCTAssertEqual(try TestEnvironment.run(["corpus/m1.json", "-o", "plain.png", "--theme", "night", "--width", "300"], currentDirectory: directory).status, 0)
        XCTAssertEqual(try FileContents.read(directory + "/out.png"), try FileContents.read(directory + "/plain.png"))
        let image = try XCTUnwrap(annotations["image"] as? [String: Any])
        let png = try FileContents.read(directory + "/out.png")
        XCTAssertEqual(image["width"] as? Int, Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19]))
        // The same input, the same bytes; clusters on request.
        XCTAssertEqual(try TestEnvironment.run(["corpus/m1.json", "-o", "again.png", "--annotations", "again.json", "--theme", "night", "--width", "300"],
                                               currentDirectory: directory).status, 0)
        XCTAssertEqual(try FileContents.read(directory + "/out.json"), try FileContents.read(directory + "/again.json"))
        XCTAssertEqual(try TestEnvironment.run(["corpus/m3.json", "-o", "t.png", "--annotations", "t.json", "--annotation-clusters"], currentDirectory: directory).status, 0)
        XCTAssertFalse(try XCTUnwrap(try json("t.json")["clusters"] as? [[String: Any]]).isEmpty)
    }

    func testMisusedOptionsAreUsageErrorsThatWriteNothing() throws {
        let cases: [([String], String)] = [
            (["corpus/m0.json", "-o", "a.png", "--annotations"], "--annotations needs FILE for one input"),
            (["corpus/m0.json", "corpus/m1.json", "-o", "out/", "--annotations", "x.json"], "--annotations takes no FILE with several inputs"),
            (["corpus/m0.json", "-o", "a.png", "--annotation-clusters"], "--annotation-clusters adds grapheme clusters to --annotations"),
            (["corpus/m0.json", "-o", "-", "--annotations", "-"], "would both write to standard output"),
            (["corpus/m0.json", "-o", "-", "--annotations", "-", "--alt-text", "-"], "would all write to standard output"),
            (["corpus/m0.json", "-o", "out.png", "--annotations", "-", "--alt-text", "-"], "would both write to standard output"),
            (["corpus/m0.json", "-o", "a.gif", "--annotations", "a.json"], "--annotations describes a still image"),
            (["corpus/m0.json", "corpus/m1.json", "-o", "out/", "--alt-text", "a.txt"], "--alt-text FILE is for one input"),
            (["corpus/m0.json", "-o", "a.gif", "--alt-text", "a.txt"], "--alt-text is written beside a still image"),
        ]
        for (arguments, message) in cases {
            let result = try TestEnvironment.run(arguments, currentDirectory: directory)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/a.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/a.json"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"))
    }

    func testShardsOfAManifestListEachOutputOnceWithItsDigest() throws {
        var manifest = (0..<5).map { #"{"input": "corpus/m\#($0).json", "output": "images/m\#($0).png"}"# }
        manifest.insert(#"{"input": "corpus/broken.json", "output": "images/broken.png"}"#, at: 2)
        try manifest.joined(separator: "\n").write(toFile: directory + "/corpus.jsonl", atomically: true, encoding: .utf8)
        var listed: [String] = []
        for shard in ["1/2", "2/2"] {
            let result = try TestEnvironment.run(["render", "--manifest", "corpus.jsonl", "--shard", shard, "--annotations"], currentDirectory: directory)
            XCTAssertEqual(result.status, shard == "1/2" ? 2 : 0, result.stderr)
            let name = "annotations.\(shard.replacing("/", with: "-of-")).jsonl"
            for line in try jsonLines(name) {
                let output = try XCTUnwrap(line["output"] as? String)
                listed.append(output)
                let digest = try TestEnvironment.runTool("/usr/bin/sha256sum", [directory + "/" + output]).stdoutText.prefix(64)
                XCTAssertEqual(line["sha256"] as? String, String(digest), output)
                let annotations = try XCTUnwrap(line["annotations"] as? [String: Any])
                XCTAssertFalse(try XCTUnwrap(annotations["words"] as? [Any]).isEmpty, output)
            }
        }
        XCTAssertEqual(listed, (0..<5).map { "images/m\($0).png" }, "the shards' files joined: each output once, in the manifest's order")
        // Without --shard the file is annotations.jsonl; several inputs write theirs in OUTDIR/.
        let whole = try TestEnvironment.run(["render", "--manifest", "corpus.jsonl", "--annotations"], currentDirectory: directory)
        XCTAssertEqual(whole.status, 2, whole.stderr)
        XCTAssertEqual(try jsonLines("annotations.jsonl").compactMap { $0["output"] as? String }, listed)
        let folder = try TestEnvironment.run(["corpus/m0.json", "corpus/m1.json", "-o", "out/", "--annotations"], currentDirectory: directory)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        XCTAssertEqual(try jsonLines("out/annotations.jsonl").compactMap { $0["output"] as? String }, ["out/m0.png", "out/m1.png"])
    }
}
