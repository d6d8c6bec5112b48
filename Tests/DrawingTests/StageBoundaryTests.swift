import Foundation
import XCTest

/// Issue 36: paint takes a display page and nothing else. Raster (paint) and Drawing (the display list's values)
/// name no file or process API and no image decoder; ProcessSupport, the host's side, does not depend on paint.
/// Read from the sources, so a new call is caught the day it is written.
final class StageBoundaryTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every Swift file under `Sources/<target>`, with its text.
    private func sources(_ target: String) throws -> [(path: String, text: String)] {
        let folder = Self.root + "/Sources/" + target
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty, "\(target) has sources")
        return try files.map { ("\(target)/\($0)", try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
    }

    /// File, memory-mapping, process and decoder APIs (and Cairo's own file writers).
    private static let forbidden = [
        #"\bFileManager\b"#, #"\bFileHandle\b"#, #"\bfopen\("#, #"[^.\w]open\("#, #"\bmmap\("#, #"\bProcess\("#, #"\bposix_spawn"#, #"\bpopen\("#,
        #"\bfork\("#, #"\bexecv"#, #"contentsOfFile"#, #"(Data|String)\(contentsOf"#, #"fileURLWithPath"#, #"write\(toFile"#,
        #"cairo_surface_write_to_png"#, #"cairo_(pdf|svg)_surface_create\("#, #"\btjInitDecompress"#, #"\bWebPDecode"#,
        #"^import (CJPEG|CWebP|ProcessSupport|MediaSources)\b"#,
    ]

    func testPaintAndTheDisplayListReadNoFileAndRunNoProgram() throws {
        let patterns = try Self.forbidden.map { try NSRegularExpression(pattern: $0, options: .anchorsMatchLines) }
        var found: [String] = []
        for target in ["Raster", "Drawing"] {
            for (path, text) in try sources(target) {
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                    for pattern in patterns where pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                        found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
            }
        }
        XCTAssertEqual(found, [], "file, process or decoder APIs in paint or the display list")
    }

    /// Reveal hands frames and the timeline up; the command line writes files and cleans up after them.
    func testRevealWritesNoFile() throws {
        for (path, text) in try sources("Reveal") {
            for token in ["import ProcessSupport", "FileManager", "TemporaryPaths", "AtomicFile", "createFile"] {
                XCTAssertFalse(text.contains(token), "\(path) uses \(token)")
            }
        }
    }

    func testTheHostsSideDoesNotDependOnPaint() throws {
        for (path, text) in try sources("ProcessSupport") {
            XCTAssertFalse(text.contains("import Raster"), path)
        }
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        let raster = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains(#".target(name: "Raster""#) })
        XCTAssertFalse(raster.contains("CJPEG") || raster.contains("CWebP"), "Raster links no image decoder: \(raster)")
        let host = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains(#".target(name: "ProcessSupport""#) })
        XCTAssertFalse(host.contains("Raster"), String(host))
    }
}
