import CPango
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

    /// HarfBuzz's and FreeType's own "open a file" calls, as a shared library finds them (the dynamic linker's global
    /// lookup, which Pango's hb_blob_create_from_file and Cairo's FT_New_Face go through), are CFontFiles': they
    /// hand back the process's one mapping, so a font file is mapped once whoever opens it. Fails if the program
    /// stops exporting the two symbols (then the libraries' own definitions map the file again).
    func testHarfBuzzAndFreeTypeOpenFilesOnTheOneMapping() throws {
        let file = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let mapping = try XCTUnwrap(FontFileMapping.bytes(of: file), "fonts-dejavu-core is installed by scripts/setup")
        let global = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        typealias BlobFromFile = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias NewFace = @convention(c) (FT_Library?, UnsafePointer<CChar>?, FT_Long, UnsafeMutablePointer<FT_Face?>?) -> FT_Error
        let blobFromFile = unsafeBitCast(try XCTUnwrap(dlsym(global, "hb_blob_create_from_file")), to: BlobFromFile.self)
        let newFace = unsafeBitCast(try XCTUnwrap(dlsym(global, "FT_New_Face")), to: NewFace.self)

        let blob = try XCTUnwrap(blobFromFile(file))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        XCTAssertEqual(UnsafeRawPointer(data), mapping.baseAddress, "HarfBuzz's blob lies on the process's mapping")
        XCTAssertEqual(Int(length), mapping.count)
        let missing = try XCTUnwrap(blobFromFile(file + ".missing"))
        XCTAssertEqual(hb_blob_get_length(missing), 0, "a file that cannot be opened gives HarfBuzz's empty blob")

        var library: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&library), 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        XCTAssertEqual(newFace(library, file, 0, &face), 0)
        let opened = try XCTUnwrap(face)
        XCTAssertEqual(String(cString: try XCTUnwrap(opened.pointee.family_name)), "DejaVu Serif")
        XCTAssertEqual(UnsafeRawPointer(opened.pointee.stream.pointee.base), mapping.baseAddress, "FreeType's face reads the process's mapping")
        FT_Done_Face(opened)
        var none: FT_Face?
        XCTAssertNotEqual(newFace(library, file + ".missing", 0, &none), 0, "a missing file is FreeType's error")
        XCTAssertNil(none)

        // Read to the end (a /proc file states no size): the suite's process has thousands of mappings.
        let maps = String(decoding: try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(maps.split(separator: "\n").filter { $0.hasSuffix(" " + file) }.count, 1, "the file is mapped once")
    }
}
