import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// The binary finds its fonts when installed under a prefix or copied beside a `fonts/` folder, run from
/// any directory, without the source tree (issue 11, item 9).
final class InstallTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ executable: String, _ arguments: [String], in folder: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["IPRASTER_FONTS_DIR"] = ""
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    func testAnInstalledCopyRunsFromAnotherDirectory() throws {
        let prefix = directory + "/prefix"
        let install = Process()
        install.executableURL = URL(fileURLWithPath: TestEnvironment.root + "/scripts/install")
        install.arguments = [prefix]
        // The binary and library under test, not static builds of their own (scripts/bench and users' installs build
        // those; InstallLibrarySlowTests installs the static library).
        install.environment = ProcessInfo.processInfo.environment.merging(["IPRASTER_BINARY": TestEnvironment.executable,
                                                                           "IPRASTER_LIBRARY": CLibraryTests.library]) { $1 }
        install.standardOutput = FileHandle.nullDevice
        try install.run()
        install.waitUntilExit()
        XCTAssertEqual(install.terminationStatus, 0)
        // Installed stripped: no symbol table, and smaller than the build's binary.
        let sections = try run("/usr/bin/readelf", ["-S", "--wide", prefix + "/bin/ipraster"], in: "/")
        XCTAssertEqual(sections.status, 0, sections.stderr)
        XCTAssertFalse(sections.stdout.contains(".symtab"), "the installed binary keeps its symbol table")
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0 }
        XCTAssertLessThan(size(prefix + "/bin/ipraster"), size(TestEnvironment.executable))
        let version = try run(prefix + "/bin/ipraster", ["--version"], in: "/")
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.contains("fonts-dir \(prefix)/share/ipraster/fonts\n"), version.stdout)
        let input = directory + "/in.json"
        try #"{"blocks": [{"type": "paragraph", "text": "installed"}]}"#.write(toFile: input, atomically: true, encoding: .utf8)
        let render = try run(prefix + "/bin/ipraster", [input, "-o", directory + "/out.png"], in: "/")
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertNoThrow(try PNGCodec.decode(try FileContents.read(directory + "/out.png")))
        // The C library (issue 59): the library, its header and a pkg-config file that names both.
        XCTAssertEqual(try FileContents.read(prefix + "/include/ipraster.h"), try FileContents.read(TestEnvironment.root + "/include/ipraster.h"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/lib/libipraster.so"))
        let pkgConfig = { (arguments: [String]) in
            try TestEnvironment.runTool("/usr/bin/pkg-config", arguments + ["ipraster"], environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig"])
        }
        let installed = try XCTUnwrap(version.stdout.split(separator: "\n").first?.split(separator: " ").last)
        XCTAssertEqual(try pkgConfig(["--modversion"]).stdoutText, "\(installed)\n")
        XCTAssertEqual(try pkgConfig(["--cflags", "--libs"]).stdoutText, "-I\(prefix)/include -L\(prefix)/lib -lipraster \n")
    }

    func testACopyBesideAFontsFolderFindsIt() throws {
        let copy = directory + "/copy"
        try FileManager.default.createDirectory(atPath: copy + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestEnvironment.executable, toPath: copy + "/ipraster")
        for name in ["fonts.conf", "fonts.list"] {
            try FileManager.default.copyItem(atPath: TestEnvironment.root + "/fonts/" + name, toPath: copy + "/fonts/" + name)
        }
        let version = try run(copy + "/ipraster", ["--version"], in: directory)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.contains("fonts-dir \(copy)/fonts\n"), version.stdout)
    }
}
