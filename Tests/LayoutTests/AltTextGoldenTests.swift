import Foundation
import GoldenSupport
import XCTest

/// The alt text of every golden case (issue 63), committed beside the goldens as `golden-alt-text/<case>.txt` and
/// reviewed like them: a change in what a message says to a screen reader shows in the diff. A missing file is a
/// failure; `IPRASTER_RECORD_ALT_TEXT=1` writes the missing ones (read each before committing it).
final class AltTextGoldenTests: XCTestCase {
    func testEveryGoldenCaseSaysWhatItsReviewedTextSays() throws {
        let folder = TestEnvironment.root + "/golden-alt-text"
        let record = ProcessInfo.processInfo.environment["IPRASTER_RECORD_ALT_TEXT"] == "1"
        var names: Set<String> = []
        for testCase in try GoldenCaseLayout.all() {
            let path = folder + "/" + testCase.name + ".txt"
            names.insert(testCase.name + ".txt")
            let text = testCase.layout.altText + "\n"
            guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
                if record {
                    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try text.write(toFile: path, atomically: true, encoding: .utf8)
                } else {
                    XCTFail("\(testCase.name): no golden-alt-text/\(testCase.name).txt (IPRASTER_RECORD_ALT_TEXT=1 writes it; review it)")
                }
                continue
            }
            XCTAssertEqual(text, expected, testCase.name)
            XCTAssertFalse(testCase.layout.altText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(testCase.name) says nothing")
        }
        // No file outlives its case.
        let files = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".txt") }
        XCTAssertEqual(Set(files).subtracting(names), [], "alt text files of cases that are gone")
    }
}
