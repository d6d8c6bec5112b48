import Foundation
import FreeTypeFaces
import XCTest

/// Font files are mapped into memory once per process, here in FreeTypeFaces (the one place that maps files:
/// Drawing holds values only).
final class FontFileMappingTests: XCTestCase {
    func testFontFilesAreMappedOncePerProcess() throws {
        let path = NSTemporaryDirectory() + "ipraster-mapping-\(UUID().uuidString).bin"
        let bytes = (0..<4096).map { UInt8($0 % 251) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try XCTUnwrap(FontFileMapping.bytes(of: path))
        let second = try XCTUnwrap(FontFileMapping.bytes(of: path))
        XCTAssertEqual(Array(first), bytes, "the mapping holds the file's bytes")
        XCTAssertEqual(first.baseAddress, second.baseAddress, "a second request shares the first mapping")
        XCTAssertNil(FontFileMapping.bytes(of: path + ".missing"))
        let empty = NSTemporaryDirectory() + "ipraster-mapping-\(UUID().uuidString).empty"
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        XCTAssertNil(FontFileMapping.bytes(of: empty), "an empty file maps to nothing")
    }
}
