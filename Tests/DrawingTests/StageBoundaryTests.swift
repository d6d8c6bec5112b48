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

    /// Issue 58: images sit below paint. The media sources decode into `Images` and golden comparison compares with
    /// it; neither reaches for the painter.
    func testMediaSourcesAndGoldenKitDoNotDependOnPaint() throws {
        for target in ["MediaSources", "GoldenKit", "Images"] {
            for (path, text) in try sources(target) {
                XCTAssertFalse(text.contains("import Raster"), path)
            }
        }
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        for target in ["MediaSources", "GoldenKit", "Images"] {
            let line = try XCTUnwrap(manifest.split(separator: "\n").first { $0.contains(#".target(name: "\#(target)""#) }, target)
            XCTAssertFalse(line.contains(#""Raster""#), String(line))
        }
    }

    /// Every Swift file under `Sources/`, every target.
    private func allSources() throws -> [(path: String, text: String)] {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Sources").sorted()
        return try targets.flatMap { target -> [(path: String, text: String)] in
            let folder = Self.root + "/Sources/" + target
            let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }
            return try files.map { ("\(target)/\($0)", try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
        }
    }

    /// Issue 58: errors classify themselves where they are declared. A type that is an `Error` and not a
    /// `ClassifiedError` (a `FailureKind`, a location, the line printed) would reach the front ends as "environment"
    /// by default: every error type in `Sources/` names `ClassifiedError` in its declaration or in an extension.
    func testEveryErrorTypeDeclaresItsFailureKind() throws {
        let declaration = try NSRegularExpression(pattern: #"^\s*(?:(?:public|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|actor)\s+(\w+)[^:{=\n]*:\s*([^{\n]*)\{"#, options: .anchorsMatchLines)
        let extensionLine = try NSRegularExpression(pattern: #"^\s*(?:public\s+)?extension\s+([\w.]+)\s*:\s*([^{\n]*)\{"#, options: .anchorsMatchLines)
        var errorTypes: [(name: String, place: String)] = []
        var classified = Set<String>()
        for (path, text) in try allSources() {
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                guard let nameRange = Range(match.range(at: 1), in: text), let listRange = Range(match.range(at: 2), in: text) else { continue }
                let name = String(text[nameRange])
                let list = text[listRange].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if list.contains("ClassifiedError") { classified.insert(name) }
                if list.contains(where: { ["Error", "Swift.Error", "LocalizedError"].contains($0) }) { errorTypes.append((name, path)) }
            }
            for match in extensionLine.matches(in: text, range: range) {
                guard let nameRange = Range(match.range(at: 1), in: text), let listRange = Range(match.range(at: 2), in: text) else { continue }
                let name = String(text[nameRange].split(separator: ".").last ?? "")
                let list = text[listRange].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                if list.contains("ClassifiedError") { classified.insert(name) }
                if list.contains(where: { ["Error", "Swift.Error", "LocalizedError"].contains($0) }) { errorTypes.append((name, path)) }
            }
        }
        let unclassified = errorTypes.filter { !classified.contains($0.name) }.map { "\($0.place): \($0.name)" }
        XCTAssertEqual(unclassified, [], "error types without a FailureKind (conform them to ClassifiedError where they are declared)")
        // The scan sees the error types there are (a regular expression that matched nothing would pass above).
        XCTAssertGreaterThan(classified.count, 30, "the declarations found: \(classified.sorted())")
        XCTAssertTrue(classified.isSuperset(of: ["DecodeError", "Refusal", "PageTooLarge", "CairoError", "StickerError", "OptionError", "RenderError"]))
    }

    /// Issue 58: nothing guesses a kind from a type at the end, and what `--strict` refuses is a `Refusal`.
    func testNoErrorIsClassifiedByItsTypeAtTheEnd() throws {
        for (path, text) in try allSources() {
            XCTAssertNil(text.range(of: #"DecodeError\([^)]*refused:"#, options: .regularExpression), "\(path): a refusal is a Refusal, not a DecodeError")
            if path.hasSuffix("/RenderError.swift") { XCTAssertFalse(text.contains("case let error as"), path) }
        }
        let constructions = try allSources().flatMap { file in
            file.text.split(separator: "\n").filter { $0.contains("RenderError(error)") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }
        // Issue 59 adds the C library's result (libipraster, which the Python package reads): a third front end.
        let places = Set(constructions.compactMap { $0.split(separator: ":").first.map(String.init) })
        XCTAssertEqual(places, ["Commands/Program/CLI.swift", "RenderService/RenderWorker.swift", "LibIPRaster/NativeRenderer.swift"],
                       "the command line's exit, the service's answer and the C library's result map errors, nowhere else: \(constructions)")
        XCTAssertEqual(constructions.count, 3, "\(constructions)")
    }

    /// Issue 58: libcmark-gfm behind one file. `CmarkTree.swift` is the one Swift view of cmark's nodes; the
    /// readers name `CmarkNode.Kind`, never the C constants.
    func testOneFileImportsCmark() throws {
        let importing = try allSources().filter { $0.text.contains("import CCmark") }.map(\.path)
        XCTAssertEqual(importing, ["Markup/Markdown/CmarkTree.swift"])
        let constants = try allSources().filter { !$0.path.hasSuffix("/CmarkTree.swift") && $0.text.contains("CMARK_") }.map(\.path)
        XCTAssertEqual(constants, [])
    }

    /// Issue 58: the service's operations live in `RenderService`, which names no command type.
    func testTheServiceNamesNoCommand() throws {
        for (path, text) in try sources("RenderService") {
            for command in ["RenderCommand", "LayoutCommand", "MarkdownCommand", "MathCommand", "RevealCommand", "CLI."] {
                XCTAssertFalse(text.contains(command), "\(path) names \(command)")
            }
        }
        let manifest = try String(contentsOfFile: Self.root + "/Package.swift", encoding: .utf8)
        // The whole declaration, its dependency list over several lines included.
        let start = try XCTUnwrap(manifest.range(of: #".target(name: "RenderService""#))
        let end = try XCTUnwrap(manifest.range(of: #"path: "Sources/RenderService""#, range: start.upperBound..<manifest.endIndex))
        let declaration = manifest[start.lowerBound..<end.upperBound]
        XCTAssertTrue(declaration.contains(#""CommandCatalog""#), String(declaration))
        XCTAssertFalse(declaration.contains(#""Commands""#), String(declaration))
    }
}
