import Foundation
import GoldenSupport
import XCTest

/// The annotations of every golden fixture (with its .args) are valid against docs/annotations.schema.json, checked by
/// the jsonschema package of scripts/setup --dev-tools (issue 60); the schema itself is a valid 2020-12 schema.
final class AnnotationsSchemaSlowTests: XCTestCase {
    func testEveryGoldenFixturesAnnotationsFollowTheSchema() throws {
        let python = try TestEnvironment.devToolData(".build/venv/bin/python", what: "the dev tools' Python with jsonschema")
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let goldens = try XCTUnwrap(FileManager.default.enumerator(atPath: TestEnvironment.root + "/golden-images")?.allObjects as? [String])
        var written = 0
        for golden in goldens.sorted() where golden.hasSuffix(".png") && !golden.hasPrefix("reveal/") {
            let name = String(golden.dropLast(4))
            let base = TestEnvironment.root + "/Tests/Fixtures/" + name
            guard let fixture = ["json", "md", "html"].map({ base + "." + $0 }).first(where: { FileManager.default.fileExists(atPath: $0) }) else { continue }
            let args = (try? String(contentsOfFile: base + ".args", encoding: .utf8))?.split(whereSeparator: \.isWhitespace).map(String.init) ?? []
            let output = folder + "/\(written)"
            let result = try TestEnvironment.run([fixture, "-o", output + ".png", "--annotations", output + ".json", "--annotation-clusters"] + args,
                                                 currentDirectory: URL(fileURLWithPath: fixture).deletingLastPathComponent().path)
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            written += 1
        }
        XCTAssertGreaterThan(written, 100, "every golden fixture")
        let check = """
            import json, sys, glob
            from jsonschema import Draft202012Validator
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema)
            files = sorted(glob.glob(sys.argv[2] + "/*.json"))
            bad = [(path, error.message) for path in files for error in validator.iter_errors(json.load(open(path)))]
            print(len(files), "files,", len(bad), "errors", bad[:5])
            sys.exit(1 if bad or not files else 0)
            """
        let result = try TestEnvironment.runTool(python, ["-c", check, TestEnvironment.root + "/docs/annotations.schema.json", folder])
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.hasPrefix("\(written) files, 0 errors"), result.stdoutText)
    }
}
