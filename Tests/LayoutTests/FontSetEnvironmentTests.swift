import Foundation
@testable import Layout
import XCTest

/// The hermetic font configuration is built with the FcConfig API and handed to Pango: making a font set
/// leaves the process environment as it was (issue 11, P2).
final class FontSetEnvironmentTests: XCTestCase {
    func testMakingAFontSetDoesNotTouchTheEnvironment() throws {
        let before = ProcessInfo.processInfo.environment
        let fonts = try FontSet()
        XCTAssertGreaterThan(fonts.metrics(FontSpec(family: .sans, size: 17)).ascent, 0, "the set measures")
        XCTAssertEqual(ProcessInfo.processInfo.environment, before)
    }
}
