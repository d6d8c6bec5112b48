import Foundation
import GoldenKit
import Layout
import Raster
import ProcessSupport
import RenderOptions
import RichMessageRenderer
import XCTest

/// Every golden case of the project laid out as the PNG path lays it out (raster limits applied, a case's media
/// folder found beside its fixture): for tests that compare two ways of doing one thing over all of them.
public struct GoldenCaseLayout {
    public let name: String
    public let settings: RenderSettings
    public let bytes: [UInt8]
    public let fixture: String
    public let layout: PageLayout

    /// The cases (more than 100, or the test fails), each laid out by `TestEnvironment.pipeline`.
    public static func all(file: StaticString = #filePath, line: UInt = #line) throws -> [GoldenCaseLayout] {
        let harness = GoldenHarness(fixtures: TestEnvironment.root + "/Tests/Fixtures", golden: TestEnvironment.root + "/golden-images",
                                    record: .never, artifacts: NSTemporaryDirectory(), pipeline: TestEnvironment.pipeline)
        let cases = try harness.discover()
        XCTAssertGreaterThan(cases.count, 100, file: file, line: line)
        return try cases.map { testCase in
            let settings = try testCase.settings().settings
            let bytes = try FileContents.read(testCase.fixture)
            let layout = try TestEnvironment.pipeline.layout(try settings.decode(bytes, path: testCase.fixture), settings: settings)
            return GoldenCaseLayout(name: testCase.name, settings: settings, bytes: bytes, fixture: testCase.fixture, layout: layout)
        }
    }
}
