import CommandCatalog
import Foundation
import GoldenKit
import GoldenSupport
@testable import Commands
import XCTest

/// Issue 57, item 10: README fits on a screen with the rest one link away, every link of README and docs/ leads to
/// a file of the repository, and every `ipraster` command line they show is read by that command's own table (each
/// option exists, applies to the command and has a value in its domain).
final class DocumentationTests: XCTestCase {
    private var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: TestEnvironment.root + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    private func read(_ page: String) throws -> String { try String(contentsOfFile: TestEnvironment.root + "/" + page, encoding: .utf8) }

    func testTheReadmeFitsOnAScreenAndLinksEveryGuide() throws {
        let readme = try read("README.md")
        XCTAssertLessThanOrEqual(readme.split(separator: "\n", omittingEmptySubsequences: false).count, 300)
        for guide in ["rendering", "formulas", "regression-ci", "reveal", "service", "library", "performance", "repository", "architecture"] {
            XCTAssertTrue(readme.contains("](docs/\(guide).md)"), guide)
        }
        XCTAssertTrue(readme.contains("./scripts/setup && .build/release/ipraster examples/hello.json -o hello.png"))
        XCTAssertTrue(readme.contains("\n./scripts/test\n"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: TestEnvironment.root + "/Examples"), "one examples folder")
    }

    func testEveryRelativeLinkLeadsToAFile() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s#]+)(#[^)]*)?\)|src="([^"]+)""#)
        var checked = 0
        for page in pages {
            let text = try read(page)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 3)
                guard let target = Range(range, in: text).map({ String(text[$0]) }), !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                let base = (page as NSString).deletingLastPathComponent
                let path = ((TestEnvironment.root + "/" + base + "/" + target) as NSString).standardizingPath
                XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(page) links \(target)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20)
    }

    /// The `ipraster …` lines of the pages' `sh` blocks, continuation lines joined, comments cut, split at `|`, `&&`,
    /// `;` and `&`, each read as a shell would split words (quotes kept together).
    private func commandLines() throws -> [(page: String, words: [String])] {
        var found: [(String, [String])] = []
        for page in pages {
            var inBlock = false, joined = ""
            for raw in try read(page).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if raw.hasPrefix("```") { inBlock = raw.hasPrefix("```sh") && !inBlock ? true : false; joined = ""; continue }
                guard inBlock else { continue }
                var line = raw
                if let hash = line.range(of: "  #") ?? (line.hasPrefix("#") ? line.range(of: "#") : nil) { line = String(line[..<hash.lowerBound]) }
                if line.hasSuffix("\\") { joined += String(line.dropLast()) + " "; continue }
                joined += line
                for piece in joined.components(separatedBy: "&&").flatMap({ $0.components(separatedBy: "|") }).flatMap({ $0.components(separatedBy: ";") }) {
                    var words = Self.words(piece.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " &", with: ""))
                    while let first = words.first, first.contains("="), !first.hasPrefix("-") { words.removeFirst() }  // VAR=value prefixes
                    guard let first = words.first, first == "ipraster" || first.hasSuffix("/ipraster") else { continue }
                    found.append((page, Array(words.dropFirst())))
                }
                joined = ""
            }
        }
        return found
    }

    /// A command's words as a shell splits them (`GoldenHarness.splitArguments`, the `.args` reader), redirections left out.
    static func words(_ text: String) -> [String] {
        GoldenHarness.splitArguments(text).filter { !$0.hasPrefix(">") && !$0.hasPrefix("2>") }
    }

    func testEveryCommandLineShownIsReadByItsCommandsTable() throws {
        let lines = try commandLines()
        XCTAssertGreaterThan(lines.count, 25, "\(lines.count) command lines")
        for (page, words) in lines {
            guard let first = words.first else { continue }
            if ["--help", "--version", "-h"].contains(first) { continue }
            let named = CommandSpec.named(first)
            let spec = named ?? CommandSpec.renderCommand
            let arguments = named == nil ? words : Array(words.dropFirst())
            XCTAssertNoThrow(try spec.parse(arguments, operand: { spec.name == "math" && !$0.hasPrefix("--") }),
                             "\(page): ipraster \(words.joined(separator: " "))")
        }
    }
}
