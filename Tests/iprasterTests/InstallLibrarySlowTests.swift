import Foundation
import GoldenSupport
import XCTest

/// The installed C library (issue 59, slow: scripts/install builds the static library, a release build of its own):
/// it names no Swift toolchain path (the runtime is linked in), exports exactly include/ipraster.h's functions, is
/// found by pkg-config, finds its fonts beside itself (PREFIX/share/ipraster/fonts), and a C program and the Python
/// package render with it the command line's bytes.
final class InstallLibrarySlowTests: XCTestCase {
    func testTheInstalledLibraryStandsOnItsOwn() throws {
        let folder = try TestEnvironment.temporaryDirectory(), prefix = folder + "/prefix"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let install = try TestEnvironment.runTool(TestEnvironment.root + "/scripts/install", [prefix],
                                                  environment: ["IPRASTER_BINARY": TestEnvironment.executable, "IPRASTER_LIBRARY": ""], timeoutSeconds: 3_600)
        XCTAssertEqual(install.status, 0, install.stdoutText + install.stderr)
        let library = prefix + "/lib/libipraster.so"

        let ldd = try TestEnvironment.runTool("/usr/bin/ldd", [library])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertFalse(ldd.stdoutText.contains("swift"), "the library needs the toolchain: \(ldd.stdoutText)")
        XCTAssertFalse(ldd.stdoutText.contains("not found"), ldd.stdoutText)
        let symbols = try TestEnvironment.runTool("/usr/bin/nm", ["-D", "--defined-only", library])
        let exported = Set(symbols.stdoutText.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        let header = try String(contentsOfFile: TestEnvironment.root + "/include/ipraster.h", encoding: .utf8)
        let declared = Set(header.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("/*") && $0.contains("ipr_") && $0.contains("(") }
            .compactMap { line in line.split(separator: "(").first?.split(whereSeparator: { $0 == " " || $0 == "*" }).last.map(String.init) })
        XCTAssertEqual(declared.count, 13, "\(declared.sorted())")
        XCTAssertEqual(exported, declared, "the library exports the header's functions and nothing else")

        // pkg-config's flags build the C program; it renders the command line's bytes with the installed fonts.
        let flags = try TestEnvironment.runTool("/usr/bin/pkg-config", ["--cflags", "--libs", "ipraster"], environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
        XCTAssertEqual(flags.status, 0, flags.stderr)
        let program = folder + "/render"
        let built = try TestEnvironment.runTool("/usr/bin/cc", [TestEnvironment.root + "/Tests/CLibrary/render.c", "-o", program, "-Wl,-rpath," + prefix + "/lib"]
                                                + flags.stdoutText.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        XCTAssertEqual(built.status, 0, built.stderr)
        let sample = TestEnvironment.root + "/examples/hello.json"
        let ran = try TestEnvironment.runTool(program, [sample, folder + "/c.png"], environment: ["IPRASTER_FONTS_DIR": ""])
        XCTAssertEqual(ran.status, 0, ran.stdoutText + ran.stderr)
        XCTAssertTrue(ran.stdoutText.contains("status: 0\n"), ran.stdoutText)
        XCTAssertEqual(try TestEnvironment.run(["render", sample, "-o", folder + "/cli.png"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/c.png")), try Data(contentsOf: URL(fileURLWithPath: folder + "/cli.png")))

        // The Python package over the installed library.
        let python = try TestEnvironment.runTool("/usr/bin/env", ["python3", "-c", """
            import ipraster, sys
            result = ipraster.render(open(sys.argv[1], "rb").read())
            sys.stdout.write(ipraster.library_path() + " " + str(result.data == open(sys.argv[2], "rb").read()))
            """, sample, folder + "/cli.png"], environment: ["IPRASTER_LIBRARY": library, "PYTHONPATH": TestEnvironment.root + "/bindings/python"])
        XCTAssertEqual(python.status, 0, python.stderr)
        XCTAssertEqual(python.stdoutText, library + " True")

        // Its fonts are found beside its own file: a copy of the prefix with a broken fonts.conf fails naming it.
        let copy = folder + "/copy"
        try FileManager.default.copyItem(atPath: prefix, toPath: copy)
        try "broken".write(toFile: copy + "/share/ipraster/fonts/fonts.conf", atomically: true, encoding: .utf8)
        let moved = folder + "/render-copy"
        let relinked = try TestEnvironment.runTool("/usr/bin/cc", ["-I", copy + "/include", TestEnvironment.root + "/Tests/CLibrary/render.c", "-L", copy + "/lib",
                                                                   "-lipraster", "-Wl,-rpath," + copy + "/lib", "-o", moved])
        XCTAssertEqual(relinked.status, 0, relinked.stderr)
        let broken = try TestEnvironment.runTool(moved, [sample, folder + "/never.png"], environment: ["IPRASTER_FONTS_DIR": ""])
        XCTAssertTrue(broken.stdoutText.contains("status: 3\n"), broken.stdoutText)
        XCTAssertTrue(broken.stdoutText.contains(copy + "/share/ipraster/fonts/fonts.conf"), broken.stdoutText)
        // IPRASTER_FONTS_DIR wins over the library's folder.
        let overridden = try TestEnvironment.runTool(moved, [sample, folder + "/c2.png"], environment: ["IPRASTER_FONTS_DIR": prefix + "/share/ipraster/fonts"])
        XCTAssertTrue(overridden.stdoutText.contains("status: 0\n"), overridden.stdoutText)
    }
}
