import GoldenSupport
import Images
import XCTest

/// Issue 62, class 3: the pieces of an extensible arrow or a tall delimiter overlap; drawn one by one, each overlap's
/// anti-aliased edge was covered twice and showed as notches along the shaft. Filled as one shape, every row of an
/// arrow's shaft (and every row of a delimiter's straight middle) is one colour, at every scale.
final class CLIAssemblySeamTests: XCTestCase {
    private func render(_ formula: String, scale: Int) throws -> RGBAImage {
        let result = try TestEnvironment.run(["math", formula, "-o", "-", "--scale", String(scale)])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try PNGCodec.decode(result.stdout)
    }

    private func alpha(_ image: RGBAImage, _ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4 + 3] }

    /// The longest run of inked pixels (alpha over 48) in row `y`: its first and last x.
    private func longestRun(_ image: RGBAImage, _ y: Int) -> (first: Int, last: Int)? {
        var best: (first: Int, last: Int)?, start: Int?
        for x in 0...image.width {
            if x < image.width, alpha(image, x, y) > 48 {
                if start == nil { start = x }
            } else if let begin = start {
                if best.map({ x - 1 - begin > $0.last - $0.first }) ?? true { best = (begin, x - 1) }
                start = nil
            }
        }
        return best
    }

    /// The rows of the arrow's shaft (the row with the longest solid run, and its neighbours) over the middle half of
    /// that run: each is one alpha value.
    func testArrowShaftsHaveNoSeams() throws {
        for formula in [#"\xrightarrow[under]{over}"#, #"\xleftarrow{a longer label}"#, #"\ce{A ->[H2O] B}"#, #"\xleftrightarrow[\text{below}]{}"#] {
            for scale in 1...3 {
                let image = try render(formula, scale: scale)
                let runs = (0..<image.height).map { longestRun(image, $0) }
                let shaft = try XCTUnwrap(runs.indices.max { (runs[$0].map { $0.last - $0.first } ?? -1) < (runs[$1].map { $0.last - $0.first } ?? -1) })
                let (first, last) = try XCTUnwrap(runs[shaft])
                // The middle of the shaft: clear of the head and tail, and of labels (none reach into the shaft's rows).
                let from = first + (last - first) / 4, to = last - (last - first) / 4
                XCTAssertGreaterThan(to - from, 8 * scale, "\(formula) at \(scale): a long enough shaft")
                for y in max(0, shaft - 1)...min(image.height - 1, shaft + 1) {
                    let values = Set((from...to).map { alpha(image, $0, y) })
                    XCTAssertEqual(values.count, 1, "\(formula) at scale \(scale), row \(y): \(values.sorted())")
                }
            }
        }
    }

    /// A parenthesis grown from pieces: the rows of its straight middle are the same row.
    func testTallDelimitersHaveNoSeams() throws {
        for scale in 1...3 {
            let image = try render(#"\left(\rule{1pt}{120pt}\right."#, scale: scale)
            let rowOf = { (y: Int) in (0..<(image.width / 2)).map { self.alpha(image, $0, y) } }
            let middle = image.height / 2, span = image.height / 8
            let reference = rowOf(middle)
            XCTAssertTrue(reference.contains { $0 > 128 }, "the parenthesis is in the left half")
            for y in (middle - span)...(middle + span) {
                XCTAssertEqual(rowOf(y), reference, "scale \(scale), row \(y)")
            }
        }
    }
}
