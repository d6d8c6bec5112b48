import Foundation
import GoldenSupport
import Images
import ProcessSupport
import RichMessageRenderer
import XCTest

/// The command line as users and scripts call it (`cli-contract.md`).
final class CLIRenderTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try TestEnvironment.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testEverySharedSampleRendersToPNGSVGAndPDF() throws {
        for folder in ["botapi", "telethon"] {
            let samples = try TestEnvironment.data("samples/" + folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: samples).filter({ $0.hasSuffix(".json") }).sorted() {
                for format in ["png", "svg", "pdf"] {
                    let output = "\(directory)/\(file).\(format)"
                    let result = try TestEnvironment.run([samples + "/" + file, "-o", output])
                    XCTAssertEqual(result.status, 0, "\(file) → \(format): \(result.stderr)")
                    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: output), "\(file).\(format) not written")
                    let magic: [UInt8] = format == "png" ? [0x89, 0x50, 0x4E, 0x47] : format == "pdf" ? Array("%PDF".utf8) : Array("<?xm".utf8)
                    XCTAssertEqual(Array(bytes.prefix(4)), magic, "\(file).\(format)")
                }
            }
        }
    }

    func testAFormulaThatCannotBeTypesetWarnsAndIsAnErrorUnderStrict() throws {
        let input = TestEnvironment.root + "/Tests/Fixtures/formula/fallback.json"
        let output = directory + "/fallback.png"
        let lenient = try TestEnvironment.run([input, "-o", output])
        XCTAssertEqual(lenient.status, 0, lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains(#"warning: at $.blocks[0].text[1]: cannot typeset the formula: character 1: unknown command \foo"#), lenient.stderr)
        XCTAssertTrue(lenient.stderr.contains("warning: at $.blocks[1]: cannot typeset the formula: character 11: missing }"), lenient.stderr)
        try FileManager.default.removeItem(atPath: output)
        let strict = try TestEnvironment.run([input, "-o", output, "--strict"])
        XCTAssertEqual(strict.status, 2)
        XCTAssertEqual(strict.stderr.split(separator: "\n").filter { $0.contains("error:") },
                       [#"ipraster: error: at $.blocks[0].text[1]: cannot typeset the formula: character 1: unknown command \foo"#])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing written under --strict")
    }

    func testMathTypesetsOneFormulaToPNGSVGAndPDFAndRefusesBrokenLaTeX() throws {
        let latex = #"\frac{1}{2} + \sqrt{x}"#
        let png = try TestEnvironment.run(["math", latex, "-o", "-"])
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(Array(png.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let image = try PNGCodec.decode(png.stdout)
        // Display style at 19.04 pt, 2 pt of padding, scale 2: \frac{1}{2} in D is 1343 + 686 u tall (math-facts §6),
        // the radical's height is smaller, so the image is ceil(2 × (2029 u × 19.04 / 1000 + 4)) pixels tall.
        XCTAssertEqual(image.height, Int((2 * (2029 * 19.04 / 1000 + 4)).rounded(.up)))
        XCTAssertEqual(image.pixels[3], 0, "transparent by default")
        // Inline is text style: smaller.
        let inline = try PNGCodec.decode(try TestEnvironment.run(["math", latex, "--inline", "-o", "-"]).stdout)
        XCTAssertLessThan(inline.height, image.height)
        // From standard input with delimiters, as SVG with vector glyphs.
        let svg = try TestEnvironment.run(["math", "-", "-o", "-", "--format", "svg"], stdin: Array("$$\\int_0^1 x\\,dx$$\n".utf8))
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(svg.stdoutText.contains("<path"), "glyph outlines")
        XCTAssertFalse(svg.stdoutText.contains("<image"), "no raster fallback")
        let pdf = directory + "/f.pdf"
        XCTAssertEqual(try TestEnvironment.run(["math", "x^2", "-o", pdf, "--background", "#ffffff", "--size", "40"]).status, 0)
        XCTAssertEqual(Array(try XCTUnwrap(FileManager.default.contents(atPath: pdf)).prefix(4)), Array("%PDF".utf8))
        // Broken LaTeX: exit 2, one error naming the character, nothing written.
        let broken = try TestEnvironment.run(["math", #"a + \foo"#, "-o", directory + "/broken.png"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(broken.stderr, #"ipraster: error: cannot typeset the formula: character 5: unknown command \foo"# + "\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/broken.png"))
        XCTAssertEqual(try TestEnvironment.run(["math", "x", "-o", "-", "--size", "0"]).status, 2)
        XCTAssertEqual(try TestEnvironment.run(["math", "-o", "x.png"]).status, 2)
        XCTAssertTrue(try TestEnvironment.run(["math", "--help"]).stdoutText.contains("--inline"))
    }

    func testRenderIsDeterministicAcrossProcesses() throws {
        let input = TestEnvironment.root + "/examples/hello.json"
        let first = try TestEnvironment.run([input, "-o", "-"])
        let second = try TestEnvironment.run(["render", input, "-o", "-"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertFalse(first.stdout.isEmpty)
        XCTAssertEqual(first.stdout, second.stdout)
    }

    func testStdinToStdout() throws {
        let json = Array(#"{"blocks": [{"type": "paragraph", "text": "piped"}]}"#.utf8)
        let result = try TestEnvironment.run(["-", "-o", "-"], stdin: json)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.stdout.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testLayoutJSONCarriesTheRequiredFields() throws {
        let result = try TestEnvironment.run(["layout", TestEnvironment.root + "/examples/hello.json", "--scale", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        let canvas = try XCTUnwrap(json["canvas"] as? [String: Any])
        for key in ["width", "height", "scale", "pixelWidth", "pixelHeight", "bubbleOrigin"] { XCTAssertNotNil(canvas[key], key) }
        XCTAssertEqual(canvas["pixelWidth"] as? Int, Int(((canvas["width"] as! Double) * 3).rounded(.up)))
        let page = try XCTUnwrap(json["page"] as? [String: Any])
        for key in ["width", "height", "boundingWidth", "horizontalInset", "rtl"] { XCTAssertNotNil(page[key], key) }
        let bubble = try XCTUnwrap(json["bubble"] as? [String: Any])
        for key in ["frame", "cornerRadius", "outgoing"] { XCTAssertNotNil(bubble[key], key) }
        let status = try XCTUnwrap(json["status"] as? [String: Any])
        XCTAssertNotNil(status["frame"])
        XCTAssertNotNil(status["placement"])
        let items = try XCTUnwrap(json["items"] as? [[String: Any]])
        XCTAssertFalse(items.isEmpty)
        for item in items {
            for key in ["id", "kind", "frame"] { XCTAssertNotNil(item[key], key) }
            guard item["kind"] as? String == "text" else { continue }
            XCTAssertNotNil(item["block"])
            let font = try XCTUnwrap(item["font"] as? [String: Any])
            for key in ["family", "size", "ascent", "descent", "lineHeight"] { XCTAssertNotNil(font[key], key) }
            let lines = try XCTUnwrap(item["lines"] as? [[String: Any]])
            for line in lines {
                for key in ["frame", "baseline", "range", "rtl"] { XCTAssertNotNil(line[key], key) }
                let frame = try XCTUnwrap(line["frame"] as? [Double])
                XCTAssertEqual((frame[1] + frame[3] - (line["baseline"] as! Double)), 0, accuracy: 0.011, "baseline = frame maxY")
            }
        }
    }

    /// A message with warnings of its own (an empty one): the layout JSON has one `warnings` key, the render's, last.
    func testLayoutJSONHasEachKeyOnce() throws {
        let result = try TestEnvironment.run(["layout", "-", "--from", "markdown"], stdin: [])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = String(decoding: result.stdout, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\"warnings\":").count, 2, text)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        XCTAssertEqual((json["warnings"] as? [String])?.count, 1, text)
        XCTAssertTrue(text.hasSuffix("]\n}\n"), "warnings last")
    }

    func testHelpAndVersion() throws {
        let help = try TestEnvironment.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("ipraster [render] INPUT -o OUTPUT"))
        for command in ["render", "layout", "compare", "check"] {
            let result = try TestEnvironment.run([command, "--help"])
            XCTAssertEqual(result.status, 0, command)
            XCTAssertTrue(result.stdoutText.contains("ipraster"), command)
        }
        XCTAssertTrue(try TestEnvironment.run(["render", "--help"]).stdoutText.contains("--width PT"))
        let version = try TestEnvironment.run(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        for name in ["pango", "harfbuzz", "cairo", "freetype", "fontconfig", "libpng", "Inter-Regular.otf", "fnv1a64:"] {
            XCTAssertTrue(version.stdoutText.contains(name), name)
        }
    }

    func testMissingFontIsAnEnvironmentErrorNamingThePackage() throws {
        let fonts = directory + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestEnvironment.root + "/fonts/fonts.conf", toPath: fonts + "/fonts.conf")
        try "/nonexistent/Missing-Regular.otf\tfonts-missing\n".write(toFile: fonts + "/fonts.list", atomically: true, encoding: .utf8)
        let output = directory + "/out.png"
        let result = try TestEnvironment.run([TestEnvironment.root + "/examples/hello.json", "-o", output],
                                             environment: ["IPRASTER_FONTS_DIR": fonts])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.hasPrefix("ipraster: error: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("fonts-missing"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
    }

    func testUnreadableInputAndOutputAreEnvironmentErrors() throws {
        let missing = try TestEnvironment.run([directory + "/nope.json", "-o", directory + "/out.png"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("nope.json"), missing.stderr)
        let unwritable = try TestEnvironment.run([TestEnvironment.root + "/examples/hello.json", "-o", directory + "/no/such/dir/out.png"])
        XCTAssertEqual(unwritable.status, 3)
    }

    func testUsageErrors() throws {
        let input = TestEnvironment.root + "/examples/hello.json"
        let cases: [([String], String)] = [
            ([], "missing input"), ([input], "missing -o"), ([input, "-o", directory + "/x.bmp"], "output format"),
            ([input, "-o", directory + "/x.png", "--scale", "9"], "--scale"), ([input, "-o", directory + "/x.png", "--theme", "sepia"], "unknown theme"),
            ([input, "-o", directory + "/x.png", "--frobnicate"], "unknown option"), ([input, "-o", directory + "/x.png", "--width"], "--width"),
            ([input, "-o", directory + "/x.png", "--timezone", "Mars/Base"], "time zone"),
            (["compare", input], "two PNG"), (["check", directory], "--golden"),
        ]
        for (arguments, text) in cases {
            let result = try TestEnvironment.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("ipraster: error: "), result.stderr)
            XCTAssertTrue(result.stderr.contains(text), "\(arguments): \(result.stderr)")
        }
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: directory).contains { $0.hasPrefix("x.") })
    }

    func testInputFromANamedPipe() throws {
        // `ipraster <(generate) -o out.png`: the input is a FIFO, read to its end.
        let directory = try TestEnvironment.temporaryDirectory()
        let fifo = directory + "/input.json"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let json = Array(#"{"blocks": [{"type": "paragraph", "text": "From a pipe"}]}"#.utf8)
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(json))
                try? handle.close()
            }
        }
        writer.start()
        let result = try TestEnvironment.run([fifo, "-o", directory + "/out.png"], timeoutSeconds: 20)
        XCTAssertEqual(result.status, 0, "\(result.stderr) (a terminated run means the read of the pipe hung)")
        let png = try PNGCodec.decode(try FileContents.read(directory + "/out.png"))
        XCTAssertGreaterThan(png.width, 100)
    }
}
