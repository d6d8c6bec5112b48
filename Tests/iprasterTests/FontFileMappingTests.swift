import Foundation
import GoldenSupport
import XCTest

/// The ipraster program maps each font file once (issue 44), although Pango opens it with HarfBuzz's
/// hb_blob_create_from_file and Cairo with FreeType's FT_New_Face: the program defines both on CFontFiles' mapping
/// (CFontFileInterposer, which only the executable links since issue 59). `ipraster fonts --mappings` renders a page
/// and counts each font file's mappings in its own /proc/self/maps. Without the program's definitions the fonts that
/// Pango shapes with and Cairo draws with are mapped two or three times.
final class FontFileMappingTests: XCTestCase {
    func testTheProgramMapsEachFontFileOnce() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        let page = folder + "/world.md"
        // Latin (Inter regular, bold, italic), code, Cyrillic, Han, Devanagari, Thai, Arabic, emoji and a formula.
        try Data("""
            # Notes мир 漢字 हिन्दी ภาษา عربي

            Plain, **bold** and _slanted_ words, `code`, an emoji 🙂 and $\\frac{a}{b}$.
            """.utf8).write(to: URL(fileURLWithPath: page))
        let result = try TestEnvironment.run(["fonts", "--mappings", page])
        XCTAssertEqual(result.status, 0, result.stderr)
        var counts: [String: Int] = [:]
        for line in result.stdoutText.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            XCTAssertEqual(parts.count, 2, String(line))
            if parts.count == 2 { counts[String(parts[1])] = Int(parts[0]) }
        }
        let names = Set(counts.keys.compactMap { $0.split(separator: "/").last.map(String.init) })
        for expected in ["Inter-Regular.otf", "Inter-Bold.otf", "NotoSansCJK-Regular.ttc", "NotoSansArabic-Regular.ttf", "latinmodern-math.otf"] {
            XCTAssertTrue(names.contains(expected), "\(expected) is drawn with: \(result.stdoutText)")
        }
        XCTAssertGreaterThanOrEqual(counts.count, 8, result.stdoutText)
        for (path, count) in counts.sorted(by: { $0.key < $1.key }) {
            XCTAssertEqual(count, 1, "\(path) is mapped \(count) times")
        }
    }
}
