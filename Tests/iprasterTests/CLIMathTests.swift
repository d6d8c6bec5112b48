import Foundation
import GoldenSupport
import Images
import RichMessageRenderer
import XCTest

/// `ipraster math` as issue 24 leaves it: `--json` metrics, the empty formula, negative boxes and images too
/// wide for a PNG.
final class CLIMathTests: XCTestCase {
    /// The capture groups of the first match of `pattern` in `text`.
    private func groups(_ pattern: String, in text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }

    private func json(_ stdout: [UInt8]) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stdout)) as? [String: Any])
    }

    func testJSONGivesTheBoxTheBaselineAndThePixelsAndStillWritesTheImage() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        let path = directory + "/f.png"
        let result = try TestEnvironment.run(["math", #"\frac{1}{2}"#, "--json", "-o", path, "--padding", "3"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let metrics = try json(result.stdout)
        // \frac{1}{2} in display style at 19.04 pt: 1343 u above and 686 u below the baseline (math-facts §6).
        XCTAssertEqual(try XCTUnwrap(metrics["height"] as? Double), 1343 * 19.04 / 1000, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(metrics["depth"] as? Double), 686 * 19.04 / 1000, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(metrics["baseline"] as? Double), 3 + 1343 * 19.04 / 1000, accuracy: 0.01)
        XCTAssertEqual(metrics["fallback"] as? Bool, false)
        XCTAssertEqual(metrics["scale"] as? Double, 2)
        let image = try PNGCodec.decode(try XCTUnwrap(FileManager.default.contents(atPath: path)).map { $0 })
        XCTAssertEqual(metrics["pixelWidth"] as? Int, image.width)
        XCTAssertEqual(metrics["pixelHeight"] as? Int, image.height)
        // Without -o it only prints; a formula that cannot be typeset says so in the JSON too, with exit 2.
        XCTAssertEqual(try TestEnvironment.run(["math", "x", "--json"]).status, 0)
        let broken = try TestEnvironment.run(["math", #"\frac{1}{2"#, "--json"])
        XCTAssertEqual(broken.status, 2)
        XCTAssertEqual(try json(broken.stdout)["fallback"] as? Bool, true)
    }

    func testAnEmptyFormulaIsAnInputError() throws {
        for source in ["", "  ", "$$ $$"] {
            let result = try TestEnvironment.run(["math", source, "-o", "-"])
            XCTAssertEqual(result.status, 2, source)
            XCTAssertEqual(result.stderr, "ipraster: error: the formula is empty\n")
        }
    }

    /// Issue 40, defect 13: a formula with no area and no padding is still an image, one pixel each way at least.
    func testAFormulaWithNoAreaIsAOnePixelImage() throws {
        for source in ["{}", #"\phantom{}"#] {
            let result = try TestEnvironment.run(["math", source, "--padding", "0", "-o", "-", "--scale", "3"])
            XCTAssertEqual(result.status, 0, "\(source): \(result.stderr)")
            let image = try PNGCodec.decode(result.stdout)
            XCTAssertEqual([image.width, image.height], [1, 1], source)
            for format in ["svg", "pdf"] {
                XCTAssertEqual(try TestEnvironment.run(["math", source, "--padding", "0", "-o", "-", "--format", format]).status, 0, format)
            }
        }
    }

    func testANegativeWidthIsReportedAsZeroAndTheImageCoversTheInk() throws {
        let result = try TestEnvironment.run(["math", #"x\kern-100pt"#, "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("negative width"), result.stderr)
        XCTAssertEqual(try json(result.stdout)["width"] as? Double, 0)
        let svg = try TestEnvironment.run(["math", #"x\kern-100pt"#, "-o", "-", "--format", "svg"]).stdoutText
        let width = try XCTUnwrap(groups(#"width="([0-9.]+)pt""#, in: svg).flatMap { Double($0[0]) })
        // The box runs from 0 back to −100 pt × 1.904 (10 pt TeX units at 19.04 pt) and the x is inside it.
        XCTAssertGreaterThanOrEqual(width, 190.4 - 20)
        let pdf = try TestEnvironment.run(["math", #"x\kern-100pt"#, "-o", "-", "--format", "pdf"]).stdout
        let text = String(decoding: pdf, as: UTF8.self)
        XCTAssertFalse(text.contains("MediaBox [ 0 0 -"), "no negative MediaBox")
    }

    func testAPNGTooWideNamesAScaleAndASizeThatFit() throws {
        let source = String(repeating: "x+", count: 150)
        let result = try TestEnvironment.run(["math", source, "-o", "-", "--size", "100"])
        XCTAssertEqual(result.status, 2)
        let match = try XCTUnwrap(groups("use --scale ([0-9.]+) or lower, --size ([0-9.]+) or lower", in: result.stderr), result.stderr)
        let scale = try XCTUnwrap(Double(match[0])), size = try XCTUnwrap(Double(match[1]))
        XCTAssertEqual(try TestEnvironment.run(["math", source, "-o", "-", "--size", "100", "--scale", "\(scale)"]).status, 0)
        XCTAssertEqual(try TestEnvironment.run(["math", source, "-o", "-", "--size", "\(size)"]).status, 0)
    }

    /// Issue 56: each side within 32,767 px but the whole past one surface's pixel bound (size 1000, scale 4 and
    /// padding 1000 made a 16,696 × 15,264 px, 1 GB image): refused from the parameters, which the message names,
    /// with a scale that fits.
    func testAPNGLargerThanOneSurfaceIsRefusedNamingItsParameters() throws {
        let result = try TestEnvironment.run(["math", "x", "-o", "-", "--size", "1000", "--scale", "4", "--padding", "1000"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("at --size 1000 --scale 4 --padding 1000, more than a PNG holds (32767 px a side, 40000000 pixels in all)"), result.stderr)
        let match = try XCTUnwrap(groups("use --scale ([0-9.]+) or lower", in: result.stderr), result.stderr)
        let fitted = try TestEnvironment.run(["math", "x", "-o", "-", "--size", "1000", "--scale", match[0], "--padding", "1000"])
        XCTAssertEqual(fitted.status, 0, fitted.stderr)
    }
}
