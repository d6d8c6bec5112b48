import Foundation
import XCTest

/// Issue 44: corelibs Foundation, its internationalisation and the toolchain's ICU cost a one-shot render 6 MB of
/// resident memory in the release build (docs/architecture.md, "Where a one-shot render's memory goes"), so no
/// module linked into the `ipraster` tool imports `Foundation` — `FoundationEssentials` and the C library only. The
/// modules are found from Package.swift (every target the executable depends on, transitively), so a new module
/// is covered the day it is added.
final class FoundationImportTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Each target's name and dependencies, from the manifest's `.target(name: …, dependencies: [...]` lines.
    private func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:executableTarget|target)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
        var result: [String: [String]] = [:]
        for match in pattern.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let name = Range(match.range(at: 1), in: manifest).map({ String(manifest[$0]) }) else { continue }
            let list = Range(match.range(at: 2), in: manifest).map { String(manifest[$0]) } ?? ""
            result[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return result
    }

    func testNoModuleOfTheToolImportsFoundation() throws {
        let graph = try targets()
        var linked: Set<String> = [], pending = ["ipraster"]
        while let name = pending.popLast() {
            guard linked.insert(name).inserted else { continue }
            pending += graph[name] ?? []
        }
        let swiftTargets = linked.filter { !$0.hasPrefix("C") }.sorted()
        XCTAssertTrue(swiftTargets.contains("Layout") && swiftTargets.contains("HTTPService") && swiftTargets.contains("Primitives"), "\(swiftTargets)")
        var found: [String] = []
        for target in swiftTargets {
            let folder = Self.root + "/Sources/" + target
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                    let module = line.split(separator: " ").last.map(String.init) ?? ""
                    if ["Foundation", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"].contains(module) {
                        found.append("\(target)/\(file): \(line)")
                    }
                }
            }
        }
        XCTAssertEqual(found, [], "modules linked into the tool import FoundationEssentials, not Foundation")
    }
}
