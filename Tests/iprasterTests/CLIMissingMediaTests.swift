import Foundation
import GoldenSupport
import XCTest

/// Issue 57, items 3 and 4: a photo or custom emoji whose file the given media lack is named in a warning (a bot whose
/// download failed can tell), a missing sticker is refused under --strict as a broken one is, and a `tg://photo`
/// link found by its id is not said to be a placeholder.
final class CLIMissingMediaTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private let page = TestEnvironment.root + "/Tests/Fixtures/text/media-sticker-and-image.json"

    private func smallPNG() throws -> [UInt8] {
        let png = directory + "/one.png"
        XCTAssertEqual(try TestEnvironment.run(["math", "x", "-o", png]).status, 0)
        return Array(try Data(contentsOf: URL(fileURLWithPath: png)))
    }

    func testMissingFilesAreNamedAndAMissingStickerIsRefusedUnderStrict() throws {
        let output = directory + "/out.png"
        // An empty folder: the emoji 5000000000000000001 and the images 9 and 10 have no file.
        let empty = try TestEnvironment.run([page, "--media", directory + "/media", "-o", output])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("custom emoji 5000000000000000001: no sticker file for it among the media given"), empty.stderr)
        XCTAssertTrue(empty.stderr.contains("media 9: no file for it"), empty.stderr)
        XCTAssertTrue(empty.stderr.contains("media 10: no file for it"), empty.stderr)
        let strict = try TestEnvironment.run([page, "--media", directory + "/media", "-o", output, "--strict"])
        XCTAssertEqual(strict.status, 2, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("custom emoji 5000000000000000001: no sticker file"), strict.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output + ".tmp"))
        // The files there: only image 10 (which the fixture leaves without one on purpose) is named.
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/Tests/Data/stickers/files/5000000000000000001.tgs",
                                         toPath: directory + "/media/5000000000000000001.tgs")
        try Data(try smallPNG()).write(to: URL(fileURLWithPath: directory + "/media/9.png"))
        let found = try TestEnvironment.run([page, "--media", directory + "/media", "-o", output])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertFalse(found.stderr.contains("5000000000000000001"), found.stderr)
        XCTAssertFalse(found.stderr.contains("media 9:"), found.stderr)
        XCTAssertTrue(found.stderr.contains("media 10: no file for it"), found.stderr)
        // No folder at all: placeholders are what a message without media files draws, without a warning each.
        let none = try TestEnvironment.run([page, "-o", output])
        XCTAssertFalse(none.stderr.contains("no file for it"), none.stderr)
    }

    /// An animation names them too (its first frame is the still render).
    func testAnAnimationNamesMissingFilesToo() throws {
        _ = try TestEnvironment.requireFFmpeg()
        let gif = try TestEnvironment.run([page, "--media", directory + "/media", "-o", directory + "/out.gif", "--duration", "0.2"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertTrue(gif.stderr.contains("custom emoji 5000000000000000001: no sticker file"), gif.stderr)
        XCTAssertTrue(gif.stderr.contains("media 10: no file for it"), gif.stderr)
    }

    func testAnUnboundPhotoLinkFoundByItsIdIsNotCalledAPlaceholder() throws {
        try Data(try smallPNG()).write(to: URL(fileURLWithPath: directory + "/media/P1.png"))
        let markdown = directory + "/photo.md"
        try "A photo:\n\n![a chart](tg://photo?id=P1)\n".write(toFile: markdown, atomically: true, encoding: .utf8)
        let found = try TestEnvironment.run([markdown, "--media", directory + "/media", "-o", directory + "/out.png"])
        XCTAssertEqual(found.status, 0, found.stderr)
        XCTAssertFalse(found.stderr.contains("drawn as a placeholder"), found.stderr)
        XCTAssertFalse(found.stderr.contains("media P1: no file"), found.stderr)
        XCTAssertTrue(found.stderr.contains("looked up by its id"), found.stderr)
        try FileManager.default.removeItem(atPath: directory + "/media/P1.png")
        let missing = try TestEnvironment.run([markdown, "--media", directory + "/media", "-o", directory + "/out.png"])
        XCTAssertTrue(missing.stderr.contains("media P1: no file for it among the media given; its placeholder is drawn"), missing.stderr)
    }
}
