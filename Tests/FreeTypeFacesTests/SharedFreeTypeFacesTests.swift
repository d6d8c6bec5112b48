import CPango
import FreeTypeFaces
import Foundation
import XCTest

/// One FreeType face per file and face index for the process: asked twice (also from several threads at once) it
/// is the same face, a face index the file does not have or a file that is not a font gives none.
final class SharedFreeTypeFacesTests: XCTestCase {
    /// A font file every machine `scripts/setup` prepared has (fonts-dejavu-core).
    private let file = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    func testAFileAndIndexHaveOneFaceForTheProcess() throws {
        let face = try XCTUnwrap(SharedFreeTypeFaces.face(file: file, index: 0))
        XCTAssertEqual(String(cString: try XCTUnwrap(face.pointee.family_name)), "DejaVu Sans")
        let seen = Seen(), file = self.file
        DispatchQueue.concurrentPerform(iterations: 8) { _ in seen.add(SharedFreeTypeFaces.face(file: file, index: 0)) }
        XCTAssertEqual(seen.pointers, [face], "every thread gets the same face")
    }

    func testNoFaceForAnIndexOrAFileThatIsNotThere() throws {
        XCTAssertNil(SharedFreeTypeFaces.face(file: file, index: 5))
        let notAFont = NSTemporaryDirectory() + "ipraster-not-a-font-\(UUID().uuidString).ttf"
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: notAFont))
        defer { try? FileManager.default.removeItem(atPath: notAFont) }
        XCTAssertNil(SharedFreeTypeFaces.face(file: notAFont, index: 0))
        XCTAssertNil(SharedFreeTypeFaces.face(file: "/nonexistent/font.ttf", index: 0))
    }

    private final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var set = Set<FT_Face>()
        func add(_ face: FT_Face?) { lock.lock(); if let face { set.insert(face) }; lock.unlock() }
        var pointers: Set<FT_Face> { lock.lock(); defer { lock.unlock() }; return set }
    }
}
