import Foundation
import GoldenSupport
import XCTest

/// Issue 43, item 4: the Containerfile's runtime stage installs exactly what the installed binary needs — the Debian
/// packages owning the libraries `ldd` lists for it (`scripts/install`'s statically linked build, Swift runtime and
/// Foundation inside) and the ones it opens itself (libmicrohttpd, for `serve` only), the font packages and the
/// programs `scripts/setup` lists — and hadolint passes over it.
/// No container engine runs on these machines, so the image is checked from its parts.
final class DeployImageSlowTests: XCTestCase {
    private func read(_ path: String) throws -> String {
        try String(contentsOfFile: TestEnvironment.root + "/" + path, encoding: .utf8)
    }

    /// The words of a bash array assignment `name=(…)` on one line of scripts/setup.
    private func setupList(_ name: String) throws -> [String] {
        let setup = try read("scripts/setup")
        let line = try XCTUnwrap(setup.split(separator: "\n").first { $0.hasPrefix(name + "=(") }, "scripts/setup has no \(name)=(…)")
        return line.dropFirst(name.count + 2).prefix { $0 != ")" }.split(separator: " ").map(String.init)
    }

    /// The packages the last stage's `apt-get install` names (its continuation lines up to the next `&&`).
    static func runtimePackages(_ containerfile: String) throws -> [String] {
        let lastStage = try XCTUnwrap(containerfile.components(separatedBy: "\nFROM ").last)
        let start = try XCTUnwrap(lastStage.range(of: "apt-get install"), "the runtime stage installs nothing")
        let command = lastStage[start.upperBound...].prefix { $0 != "&" }
        return command.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\\" })
            .map(String.init).filter { !$0.hasPrefix("-") }
    }

    /// The Debian package owning a library path as `ldd` prints it (Debian 12 merged /usr: the package database may
    /// know the file under /usr/lib while the loader names /lib).
    private func owner(of library: String) throws -> String? {
        var candidates = [library]
        if library.hasPrefix("/lib") { candidates.append("/usr" + library) }
        candidates.append(URL(fileURLWithPath: library).resolvingSymlinksInPath().path)
        for path in candidates {
            let search = try TestEnvironment.runTool("/usr/bin/dpkg", ["-S", path])
            if search.status == 0, let package = search.stdoutText.split(separator: ":").first { return String(package) }
        }
        return nil
    }

    func testTheRuntimeStageInstallsWhatTheInstalledBinaryLoads() throws {
        let prefix = try TestEnvironment.temporaryDirectory() + "/prefix"
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        // scripts/install as the Containerfile's build stage runs it: the statically linked build, stripped.
        let install = try TestEnvironment.runTool(TestEnvironment.root + "/scripts/install", [prefix], timeoutSeconds: 1800)
        XCTAssertEqual(install.status, 0, install.stderr)
        let ldd = try TestEnvironment.runTool("/usr/bin/ldd", [prefix + "/bin/ipraster"])
        XCTAssertEqual(ldd.status, 0, ldd.stderr)
        XCTAssertFalse(ldd.stdoutText.contains("not found"), ldd.stdoutText)
        XCTAssertFalse(ldd.stdoutText.contains("libswiftCore") || ldd.stdoutText.contains("libFoundation"),
                       "the Swift runtime and Foundation are linked in: \(ldd.stdoutText)")
        var libraries = Set<String>()
        for line in ldd.stdoutText.split(separator: "\n") {
            // "\tlibcairo.so.2 => /lib/x86_64-linux-gnu/libcairo.so.2 (0x…)" or "\t/lib64/ld-linux-x86-64.so.2 (0x…)"
            guard let path = line.split(separator: " ").map(String.init).first(where: { $0.hasPrefix("/") }) else { continue }
            let package = try owner(of: path)
            XCTAssertNotNil(package, "no Debian package owns \(path)")
            if let package { libraries.insert(package) }
        }
        XCTAssertTrue(libraries.contains("libcairo2") && libraries.contains("libc6"), "\(libraries.sorted())")
        // Libraries the binary opens itself (dlopen): sonames among its strings that the loader does not list.
        let listed = Set(ldd.stdoutText.split(separator: "\n").compactMap { $0.split(separator: " ").first.map { String($0.drop { $0 == "\t" }) } })
        let strings = try TestEnvironment.runTool("/usr/bin/strings", ["-n", "6", prefix + "/bin/ipraster"], timeoutSeconds: 300)
        XCTAssertEqual(strings.status, 0, strings.stderr)
        let opened = Set(strings.stdoutText.split(separator: "\n").map(String.init)
            .filter { $0.wholeMatch(of: /lib[A-Za-z0-9_+-]+\.so(\.[0-9][0-9-]*)*/) != nil }).subtracting(listed)
        // ICU's i18n library is opened for dates and time zones, of the ICU the binary links (libicuuc.so.N).
        let icu = try XCTUnwrap(listed.first { $0.hasPrefix("libicuuc.so.") }, "the binary links ICU").replacingOccurrences(of: "libicuuc", with: "libicui18n")
        // The decoders of photos and stickers too (librlottie's soname is "librlottie.so.0-1"), on a page's first JPEG,
        // WebP or TGS (libwebpmux on a WebP output's metadata), libxml2 on the first HTML, and libqpdf on the first PDF.
        XCTAssertEqual(opened, ["libmicrohttpd.so.12", icu, "libturbojpeg.so.0", "libwebp.so.7", "libwebpmux.so.3", "librlottie.so.0-1", "libxml2.so.2", "libqpdf.so.29"],
                       "only serve's HTTP library, ICU's i18n library, the media decoders, the HTML parser and the PDF rewriter are opened at run time (issue 44)")
        let cache = try TestEnvironment.runTool("/sbin/ldconfig", ["-p"])
        for soname in opened {
            let path = cache.stdoutText.split(separator: "\n").first { $0.hasPrefix("\t" + soname + " ") }?.split(separator: " ").last.map(String.init)
            let package = try path.flatMap { try owner(of: $0) }
            XCTAssertNotNil(package, "no Debian package owns \(soname) (\(path ?? "not in ldconfig's cache"))")
            if let package { libraries.insert(package) }
        }
        let fonts = try setupList("fonts"), programs = try setupList("programs")
        XCTAssertTrue(fonts.contains("fonts-inter") && programs == ["ffmpeg"], "\(fonts) \(programs)")
        // tini is the image's init (PID 1 reaps re-parented processes; issue 56).
        let expected = libraries.union(fonts).union(programs).union(["tini"])

        let runtime = try Self.runtimePackages(try read("Containerfile"))
        XCTAssertEqual(runtime, runtime.sorted(), "one package per line, sorted")
        XCTAssertEqual(runtime.count, Set(runtime).count, "no package twice")
        let installed = Set(runtime)
        XCTAssertEqual(installed.subtracting(expected).sorted(), [], "installed but not needed by the binary, the fonts or the programs")
        XCTAssertEqual(expected.subtracting(installed).sorted(), [], "needed but not installed by the runtime stage")
        XCTAssertFalse(runtime.contains { $0.hasSuffix("-dev") }, "no -dev package at run time")
    }

    func testTheRuntimePackageListIsReadFromTheLastStage() throws {
        let file = """
            FROM a AS build
            RUN apt-get install -y libfoo-dev && make
            FROM b
            RUN apt-get update \\
                && apt-get install -y --no-install-recommends \\
                   alpha \\
                   beta \\
                && rm -rf /var/lib/apt/lists/*
            """
        XCTAssertEqual(try Self.runtimePackages(file), ["alpha", "beta"])
    }

    func testHadolintPassesOverTheContainerfile() throws {
        let hadolint = try TestEnvironment.devToolData(".build/venv/bin/hadolint", what: "hadolint")
        let result = try TestEnvironment.runTool(hadolint, ["--failure-threshold", "style", TestEnvironment.root + "/Containerfile"])
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        // Every rule waived in the file is waived for one instruction, with the reason on the lines above it.
        let lines = try read("Containerfile").split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where line.contains("hadolint ignore=") {
            XCTAssertTrue(index > 0 && lines[index - 1].hasPrefix("#") && lines[index - 1].count > 40, "a reason above \(line)")
        }
    }
}
