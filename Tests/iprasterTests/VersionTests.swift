import CommandCatalog
import Foundation
import GoldenSupport
import XCTest

/// Versions (issue 59, docs/versions.md): `ipraster --version` prints `MAJOR.MINOR.PATCH`; CHANGELOG.md's top section
/// is that version; the Python package says the same; and the reviewed outputs (golden images, layout dumps, the
/// example package's snapshots) differ from the latest release's only under a higher minor version.
final class VersionTests: XCTestCase {
    private static func parts(_ version: String) -> [Int]? {
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, numbers.allSatisfy({ $0 != nil }), !version.contains("+"), !version.contains("-") else { return nil }
        return numbers.compactMap { $0 }
    }

    func testTheProgramPrintsItsVersionAndTheChangelogLeadsWithIt() throws {
        let version = CommandSpec.version
        XCTAssertNotNil(Self.parts(version), "\(version) is not MAJOR.MINOR.PATCH")
        let printed = try TestEnvironment.run(["--version"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertEqual(printed.stdoutText.split(separator: "\n").first.map(String.init), "ipraster \(version)")

        let changelog = try String(contentsOfFile: TestEnvironment.root + "/CHANGELOG.md", encoding: .utf8)
        let headings = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }
        XCTAssertFalse(headings.contains { $0.lowercased().hasPrefix("## unreleased") }, "sections are named by version: ## X.Y.Z — unreleased")
        let top = try XCTUnwrap(headings.first).dropFirst(3).split(separator: " ").first.map(String.init)
        XCTAssertEqual(top, version, "CHANGELOG.md's top section is the program's version")
        let numbered = headings.compactMap { $0.dropFirst(3).split(separator: " ").first.flatMap { Self.parts(String($0)) } }
        XCTAssertEqual(numbered.count, headings.count, "every section heading starts with its version")
        XCTAssertTrue(zip(numbered, numbered.dropFirst()).allSatisfy { $0.0.lexicographicallyPrecedes($0.1) == false && $0.0 != $0.1 },
                      "sections are newest first, one per version")

        let package = try String(contentsOfFile: TestEnvironment.root + "/bindings/python/pyproject.toml", encoding: .utf8)
        XCTAssertTrue(package.contains("\nversion = \"\(version)\"\n"), "bindings/python/pyproject.toml says \(version)")
        let module = try String(contentsOfFile: TestEnvironment.root + "/bindings/python/ipraster/__init__.py", encoding: .utf8)
        XCTAssertTrue(module.contains("\n__version__ = \"\(version)\"\n"), "the Python package's __version__ is \(version)")
    }

    /// The digest `scripts/golden-digest` prints: sha256 over `sha256sum`'s lines for the reviewed outputs.
    private func outputsDigest() throws -> String {
        let root = TestEnvironment.root
        var files: [String] = []
        for folder in ["golden-images", "examples/swift-snapshot/Tests"] {
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: root + "/" + folder))
            while let relative = enumerator.nextObject() as? String {
                let path = folder + "/" + relative
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                let name = (relative as NSString).lastPathComponent
                if folder == "golden-images" ? !["ENVIRONMENT", "RELEASED"].contains(name) : (path.contains("__Snapshots__") && name.hasSuffix(".png")) {
                    files.append(path)
                }
            }
        }
        files.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }  // LC_ALL=C sort
        let lines = try TestEnvironment.runTool("/usr/bin/sha256sum", files, currentDirectory: root)
        XCTAssertEqual(lines.status, 0, lines.stderr)
        let digest = try TestEnvironment.runTool("/usr/bin/sha256sum", [], stdin: lines.stdout)
        return String(digest.stdoutText.prefix(64))
    }

    func testChangedOutputsAreAtLeastANewMinorVersion() throws {
        let released = try String(contentsOfFile: TestEnvironment.root + "/golden-images/RELEASED", encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }.filter { $0.count == 2 }
        let (release, recorded) = try XCTUnwrap(released.last.map { ($0[0], $0[1]) }, "golden-images/RELEASED lists the releases")
        let current = try XCTUnwrap(Self.parts(CommandSpec.version)), last = try XCTUnwrap(Self.parts(release))
        XCTAssertFalse(current.lexicographicallyPrecedes(last), "the program's version \(CommandSpec.version) is older than release \(release)")
        let digest = try outputsDigest()
        guard digest != recorded else { return }
        XCTAssertTrue(current[0] > last[0] || (current[0] == last[0] && current[1] > last[1]), """
            the reviewed outputs changed since release \(release) (digest \(digest), released \(recorded)): output bytes \
            change in a new minor version at least: set CommandSpec.version to \(last[0]).\(last[1] + 1).0 with a CHANGELOG \
            section "## \(last[0]).\(last[1] + 1).0 — unreleased" that lists the changed outputs (docs/versions.md)
            """)
    }
}
