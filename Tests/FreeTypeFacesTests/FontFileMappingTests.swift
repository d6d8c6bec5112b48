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

    /// A library product interposes nothing (issue 59): HarfBuzz's and FreeType's "open a file" calls, as a shared
    /// library finds them (the dynamic linker's global lookup, which Pango and Cairo go through), are the libraries'
    /// own in any process that links only library products, such as this test bundle. The ipraster program's own
    /// openers (CFontFileInterposer) are checked on the program: iprasterTests' FontFileMappingTests.
    func testLibraryProductsLeaveHarfBuzzAndFreeTypeTheirOwnFileOpeners() throws {
        let global = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
        // Read to the end (a /proc file states no size): which file each address range of the process maps.
        let maps = String(decoding: try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
        let ranges = maps.split(separator: "\n").compactMap { line -> (ClosedRange<UInt>, String)? in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let bounds = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
            guard fields.count == 6, bounds.count == 2, bounds[0] < bounds[1] else { return nil }
            return (bounds[0]...(bounds[1] - 1), String(fields[5].drop { $0 == " " }))
        }
        for (symbol, library) in [("hb_blob_create_from_file", "libharfbuzz.so"), ("FT_New_Face", "libfreetype.so")] {
            let address = UInt(bitPattern: try XCTUnwrap(dlsym(global, symbol), symbol))
            let file = try XCTUnwrap(ranges.first { $0.0.contains(address) }?.1, "\(symbol) lies in no mapped file")
            XCTAssertTrue(file.split(separator: "/").last?.hasPrefix(library) == true, "\(symbol) is defined in \(file), not in \(library)")
        }
    }
}
