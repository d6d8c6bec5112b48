import GoldenSupport
import Images
import ProcessSupport
@testable import Raster
import RichMessageRenderer
import XCTest

/// pixelmatch 7.2.0's own fixture suite (`Tests/Data/pixelmatch-7.2`, copied from the peer suite): the same differing-pixel counts
/// and the same diff images.
final class PixelMatchConformanceTests: XCTestCase {
    struct Case {
        var first: String, second: String, diff: String, expected: Int
        var configure: (inout PixelMatchOptions) -> Void
    }

    let cases: [Case] = [
        Case(first: "1a", second: "1b", diff: "1diff", expected: 143) { $0.threshold = 0.05 },
        Case(first: "1a", second: "1b", diff: "1diffdefaultthreshold", expected: 106) { _ in },
        Case(first: "1a", second: "1b", diff: "1diffmask", expected: 143) { $0.threshold = 0.05; $0.diffMask = true },
        Case(first: "1a", second: "1a", diff: "1emptydiffmask", expected: 0) { $0.threshold = 0; $0.diffMask = true },
        Case(first: "2a", second: "2b", diff: "2diff", expected: 12437) {
            $0.threshold = 0.05; $0.alpha = 0.5; $0.aaColor = (0, 192, 0); $0.diffColor = (255, 0, 255)
        },
        Case(first: "3a", second: "3b", diff: "3diff", expected: 212) { $0.threshold = 0.05 },
        Case(first: "4a", second: "4b", diff: "4diff", expected: 36049) { $0.threshold = 0.05 },
        Case(first: "5a", second: "5b", diff: "5diff", expected: 6) { $0.threshold = 0.05 },
        Case(first: "6a", second: "6b", diff: "6diff", expected: 51) { $0.threshold = 0.05 },
        Case(first: "6a", second: "6a", diff: "6empty", expected: 0) { $0.threshold = 0 },
        Case(first: "7a", second: "7b", diff: "7diff", expected: 2448) { $0.diffColorAlt = (0, 255, 0) },
        Case(first: "8a", second: "5b", diff: "8diff", expected: 32896) { $0.threshold = 0.05 },
    ]

    private func image(_ directory: String, _ name: String) throws -> RGBAImage {
        try PNGCodec.decode(try FileContents.read(directory + "/" + name + ".png"))
    }

    func testFixtureSuite() throws {
        let directory = try TestEnvironment.data("pixelmatch-7.2/fixtures")
        for testCase in cases {
            var options = PixelMatchOptions()
            testCase.configure(&options)
            let first = try image(directory, testCase.first), second = try image(directory, testCase.second)
            let result = PixelMatch.compare(first, second, options: options)
            XCTAssertEqual(result.diffPixels, testCase.expected, "\(testCase.diff): differing pixels")
            let expectedDiff = try image(directory, testCase.diff)
            let diff = try XCTUnwrap(result.diff)
            var mismatches = 0
            for index in 0..<diff.pixels.count where diff.pixels[index] != expectedDiff.pixels[index] { mismatches += 1 }
            XCTAssertEqual(mismatches, 0, "\(testCase.diff): diff image bytes differ")
            // Without a diff image the count is the same.
            XCTAssertEqual(PixelMatch.compare(first, second, options: options, makeDiff: false).diffPixels, testCase.expected)
        }
    }

    func testCheckerboardOption() {
        // A 50 % transparent black pixel and an opaque (127,127,127) grey: equal over white, different over the checkerboard.
        let translucent = RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 128])
        let grey = RGBAImage(width: 1, height: 1, pixels: [127, 127, 127, 255])
        var options = PixelMatchOptions()
        options.checkerboard = false
        XCTAssertEqual(PixelMatch.compare(translucent, grey, options: options).diffPixels, 0)
        XCTAssertEqual(PixelMatch.compare(translucent, grey).diffPixels, 1)
    }

    func testBoundingBoxOfDifferences() {
        var first = RGBAImage(width: 10, height: 10, fill: (255, 255, 255, 255))
        let second = first
        for (x, y) in [(2, 3), (7, 5)] {
            let i = (y * 10 + x) * 4
            first.pixels[i] = 0; first.pixels[i + 1] = 0; first.pixels[i + 2] = 0
        }
        let result = PixelMatch.compare(first, second, options: PixelMatchOptions(), makeDiff: false)
        XCTAssertEqual(result.diffPixels, 2)
        XCTAssertEqual(result.boundingBox?.x, 2)
        XCTAssertEqual(result.boundingBox?.y, 3)
        XCTAssertEqual(result.boundingBox?.width, 6)
        XCTAssertEqual(result.boundingBox?.height, 3)
    }
}
