import Foundation
import GoldenSupport
import ProcessSupport
@testable import RichMessageSnapshot
import RichMessageRenderer
import XCTest

/// Issue 27, item 1, in this process: unnamed snapshots are numbered in call order, an old unnumbered snapshot is
/// read as the first, a layout dump is a snapshot too, artifacts go under the test file and class, and a diff
/// tool's command is printed. Snapshots are written here, not recorded (CI never records); recording and
/// renaming are `SnapshotLibrarySlowTests`' (a consumer package run with its own environment).
final class SnapshotNamingTests: XCTestCase {
    private let first = "## First\nOne *rich* line"
    private let second = "## Second\nAnother line, `code`"

    /// The PNG the library compares with for Markdown `text` at `settings`, rendered as a recording would.
    private func png(_ text: String, _ settings: RenderSettings = RenderSettings()) throws -> [UInt8] {
        var settings = settings
        settings.inputFormat = RenderSettings.markdownFormat
        settings.layout.limitToRaster()
        let layout = try TestEnvironment.pipeline.page(Array(text.utf8), path: nil, settings: settings)
        return try TestEnvironment.pipeline.encode(layout, as: .png, settings: settings).bytes
    }

    private func folder() throws -> String {
        let folder = try TestEnvironment.temporaryDirectory() + "/snapshots"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func testUnnamedSnapshotsAreNumberedInCallOrder() throws {
        let snapshots = try folder()
        try AtomicFile.write(try png(first), to: snapshots + "/testUnnamedSnapshotsAreNumberedInCallOrder.1.png")
        try AtomicFile.write(try png(second), to: snapshots + "/testUnnamedSnapshotsAreNumberedInCallOrder.2.png")
        XCTAssertNil(verifySnapshot(of: .markdown(first), snapshotDirectory: snapshots))
        XCTAssertNil(verifySnapshot(of: .markdown(second), snapshotDirectory: snapshots))
        // A third unnamed call is the third snapshot, which does not exist (and CI or not, a named one is apart).
        let third = verifySnapshot(of: .markdown(first), record: .never, snapshotDirectory: snapshots)
        XCTAssertEqual(third, "snapshot \(snapshots)/testUnnamedSnapshotsAreNumberedInCallOrder.3.png does not match: "
                       + "missing golden \(snapshots)/testUnnamedSnapshotsAreNumberedInCallOrder.3.png")
        let named = verifySnapshot(of: .markdown(first), named: "wide", record: .never, snapshotDirectory: snapshots)
        XCTAssertTrue(named?.contains("testUnnamedSnapshotsAreNumberedInCallOrder.wide.png") ?? false, named ?? "passed")
        try AtomicFile.write(try png(first), to: snapshots + "/testAnother.1.png")
        XCTAssertNil(verifySnapshot(of: .markdown(first), record: .never, snapshotDirectory: snapshots, testName: "testAnother()"),
                     "another test's numbering starts at 1")
    }

    func testSnapshotsInTheOtherOrderFailWithArtifactsUnderTheClass() throws {
        let snapshots = try folder()
        let name = "testSnapshotsInTheOtherOrderFailWithArtifactsUnderTheClass"
        try AtomicFile.write(try png(first), to: snapshots + "/\(name).1.png")
        try AtomicFile.write(try png(second), to: snapshots + "/\(name).2.png")
        let failure = withSnapshotSettings(snapshotDirectory: snapshots, diffTool: .command("compare -compose src")) {
            verifySnapshot(of: .markdown(second), record: .never)
        }
        let artifacts = SnapshotRunner.artifacts(for: #filePath) + "/SnapshotNamingTests/SnapshotNamingTests/\(name).1"
        let message = try XCTUnwrap(failure)
        XCTAssertTrue(message.hasPrefix("snapshot \(snapshots)/\(name).1.png does not match: "), message)
        for kind in ["expected", "actual", "diff", "panels"] {
            XCTAssertTrue(message.contains("\n\(artifacts).\(kind).png"), message)
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(artifacts).\(kind).png"), kind)
        }
        XCTAssertTrue(message.hasSuffix("\n\ncompare -compose src \"\(snapshots)/\(name).1.png\" \"\(artifacts).actual.png\""), message)
        // The second call is the second snapshot; it shows the first's content, so it fails too, without a diff tool now.
        let secondFailure = try XCTUnwrap(verifySnapshot(of: .markdown(first), record: .never, snapshotDirectory: snapshots))
        XCTAssertTrue(secondFailure.hasPrefix("snapshot \(snapshots)/\(name).2.png does not match"), secondFailure)
        XCTAssertFalse(secondFailure.contains("compare"), secondFailure)
    }

    func testAnOldUnnumberedSnapshotIsReadAsTheFirst() throws {
        let snapshots = try folder()
        let name = "testAnOldUnnumberedSnapshotIsReadAsTheFirst"
        try AtomicFile.write(try png(first), to: snapshots + "/\(name).png")
        XCTAssertNil(verifySnapshot(of: .markdown(first), snapshotDirectory: snapshots))
        XCTAssertTrue(FileManager.default.fileExists(atPath: snapshots + "/\(name).png"), "only recording renames it")
        // Only the first unnamed snapshot may be the old file.
        let secondFailure = verifySnapshot(of: .markdown(first), record: .never, snapshotDirectory: snapshots)
        XCTAssertTrue(secondFailure?.contains("missing golden \(snapshots)/\(name).2.png") ?? false, secondFailure ?? "passed")
    }

    func testTypedSettingsAndALayoutDump() throws {
        let snapshots = try folder()
        let name = "testTypedSettingsAndALayoutDump"
        var night = RenderSettings()
        night.layout.theme = .night
        night.layout.width = 280
        try AtomicFile.write(try png(first, night), to: snapshots + "/\(name).night.png")
        XCTAssertNil(verifySnapshot(of: .markdown(first), as: .image(width: 280, theme: .night), named: "night", snapshotDirectory: snapshots))
        let day = verifySnapshot(of: .markdown(first), as: .image(width: 280), named: "night", record: .never, snapshotDirectory: snapshots)
        XCTAssertTrue(day?.contains("pixels (ratio") ?? false, day ?? "the day theme matched the night snapshot")
        // The layout dump: the page's geometry as text, compared line by line.
        var settings = RenderSettings()
        settings.inputFormat = RenderSettings.markdownFormat
        settings.layout.limitToRaster()
        let dump = try TestEnvironment.pipeline.page(Array(first.utf8), path: nil, settings: settings).textDump()
        XCTAssertTrue(dump.hasPrefix("canvas "), dump)
        try AtomicFile.write(Array(dump.utf8), to: snapshots + "/\(name).1.layout.txt")
        XCTAssertNil(verifySnapshot(of: .markdown(first), as: .layoutDump, snapshotDirectory: snapshots))
        try AtomicFile.write(Array(dump.replacingOccurrences(of: "canvas ", with: "canvas 1").utf8), to: snapshots + "/\(name).2.layout.txt")
        let changed = try XCTUnwrap(verifySnapshot(of: .markdown(first), as: .layoutDump, record: .never, snapshotDirectory: snapshots))
        XCTAssertTrue(changed.contains("layout differs at line 1: expected \"canvas 1"), changed)
        XCTAssertTrue(changed.contains("/SnapshotNamingTests/SnapshotNamingTests/\(name).2.layout.actual.txt"), changed)
    }

    func testTheClassAroundALineIsReadFromTheSource() {
        let source = #"""
        import XCTest
        // class NotThis { }
        final class OuterTests: XCTestCase {
            let text = "a { brace"
            let raw = #"and } another"#
            class func helper() {}
            /* struct Hidden { */
            func testOne() {
                let block = """
                { still a string
                """
                _ = block
            }
            struct Inner {
                func check() {}
            }
        }
        extension Module.OtherTests {
            func testTwo() {}
        }
        func free() {}
        """#
        XCTAssertNil(EnclosingType.name(in: source, line: 2))
        XCTAssertEqual(EnclosingType.name(in: source, line: 4), "OuterTests")
        XCTAssertEqual(EnclosingType.name(in: source, line: 9), "OuterTests")
        XCTAssertEqual(EnclosingType.name(in: source, line: 12), "OuterTests")
        XCTAssertEqual(EnclosingType.name(in: source, line: 15), "Inner")
        XCTAssertEqual(EnclosingType.name(in: source, line: 16), "OuterTests", "after the inner type's closing brace")
        XCTAssertEqual(EnclosingType.name(in: source, line: 19), "OtherTests")
        XCTAssertNil(EnclosingType.name(in: source, line: 21))
        XCTAssertEqual(SnapshotNaming.split("MessageSnapshotTests.testAnswer")?.className, "MessageSnapshotTests")
        XCTAssertEqual(SnapshotNaming.split("-[Tests.DayTests testGreeting]")?.testName, "testGreeting")
    }
}

/// Issue 57, item 5: two classes of one file, each with a test of one name, keep their snapshots apart — the file name
/// holds the class (`<Class>.<test>.<n>`), read from this source file, whichever runs first.
final class SharedTestNameFirstTests: XCTestCase {
    func testSharedName() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = verifySnapshot(of: .markdown("First class"), record: .never, snapshotDirectory: folder)
        XCTAssertEqual(message, "snapshot \(folder)/SharedTestNameFirstTests.testSharedName.1.png does not match: "
                       + "missing golden \(folder)/SharedTestNameFirstTests.testSharedName.1.png")
        // A test name only one class of the file declares keeps its plain name.
        XCTAssertFalse(SnapshotNaming.shared.sharesTestName(file: #filePath, testName: "testUnnamedSnapshotsAreNumberedInCallOrder"))
        XCTAssertTrue(SnapshotNaming.shared.sharesTestName(file: #filePath, testName: "testSharedName"))
    }
}

final class SharedTestNameSecondTests: XCTestCase {
    func testSharedName() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let message = verifySnapshot(of: .markdown("Second class"), record: .never, snapshotDirectory: folder)
        XCTAssertEqual(message, "snapshot \(folder)/SharedTestNameSecondTests.testSharedName.1.png does not match: "
                       + "missing golden \(folder)/SharedTestNameSecondTests.testSharedName.1.png")
    }
}
