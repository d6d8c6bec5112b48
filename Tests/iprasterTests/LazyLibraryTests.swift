import Foundation
import GoldenSupport
import XCTest

/// Issue 44: the libraries a page may never need are opened on first use, not linked — photo and sticker decoders,
/// the HTML parser, the service's HTTP library, ICU's dates. The dynamic loader's own account (`LD_DEBUG=files`, every object it maps,
/// linked or opened) shows which a run mapped.
final class LazyLibraryTests: XCTestCase {
    private static let openedOnUse: Set<String> = ["libturbojpeg.so.0", "libwebp.so.7", "librlottie.so.0-1", "libmicrohttpd.so.12",
                                                           "libxml2.so.2"]

    /// The base names of the shared objects the run mapped.
    private func mapped(_ arguments: [String]) throws -> Set<String> {
        let result = try TestEnvironment.run(arguments, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // "     4711:\tfile=libcairo.so.2 [0];  needed by …" or "file=/lib/x86_64-linux-gnu/libwebp.so.7 [0];  dynamically loaded by …"
        return Set(result.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "\tfile=") else { return nil }
            let name = line[start.upperBound...].prefix { $0 != " " }
            return name.split(separator: "/").last.map(String.init)
        })
    }

    func testAPageWithoutMediaOrDatesOpensNoneOfThem() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        try "# Plain\n\nText with **bold**, `code` and a [link](https://example.org).\n".write(toFile: folder + "/page.md", atomically: true, encoding: .utf8)
        let loaded = try mapped([folder + "/page.md", "-o", folder + "/page.png"])
        XCTAssertTrue(loaded.contains("libcairo.so.2") && loaded.contains("libpango-1.0.so.0"), "the loader's account lists what is linked: \(loaded.sorted())")
        XCTAssertEqual(loaded.intersection(Self.openedOnUse), [])
        XCTAssertFalse(loaded.contains { $0.hasPrefix("libicui18n.") }, "\(loaded.sorted())")
    }

    func testAStickerPageOpensTheDecodersItsFilesNeed() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        let loaded = try mapped([TestEnvironment.root + "/Tests/Fixtures/stickers/kinds.json", "--media", TestEnvironment.root + "/Tests/Data/stickers/files",
                                 "-o", folder + "/kinds.png"])
        XCTAssertTrue(loaded.contains("librlottie.so.0-1"), "a TGS: \(loaded.sorted())")
        XCTAssertTrue(loaded.contains("libwebp.so.7"), "a WebP: \(loaded.sorted())")
        XCTAssertFalse(loaded.contains("libmicrohttpd.so.12"))
        XCTAssertFalse(loaded.contains("libxml2.so.2"), "no HTML")
    }

    func testRichHTMLOpensLibxml2() throws {
        let folder = try TestEnvironment.temporaryDirectory()
        try "<h1>Title</h1><p>Text with <b>bold</b>.</p>".write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        let loaded = try mapped([folder + "/page.html", "-o", folder + "/page.png"])
        XCTAssertTrue(loaded.contains("libxml2.so.2"), "\(loaded.sorted())")
        XCTAssertEqual(loaded.intersection(["libturbojpeg.so.0", "libwebp.so.7", "librlottie.so.0-1"]), [])
    }
}
