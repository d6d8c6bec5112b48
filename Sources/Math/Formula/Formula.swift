import Drawing
import Primitives

/// A typeset formula, ready to place: its width and ink extent above and below the baseline in points, and its
/// drawing with the origin at the left end of the baseline (y down). `math-facts.md` §3.15.
public struct Formula: Sendable, Equatable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var frame: Frame
    /// Characters no face drew (they are missing-glyph boxes), in the order met.
    public var missingCodePoints: [UInt32]
    /// Equation tags (`\tag`), to be set flush right by whoever places the formula: each with its baseline in
    /// points below the formula's (its row's, in `align`), top to bottom.
    public var tags: [FormulaTag] = []

    public init(width: Double, ascent: Double, descent: Double, frame: Frame, missingCodePoints: [UInt32] = []) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.frame = frame
        self.missingCodePoints = missingCodePoints
    }

    public var height: Double { ascent + descent }
}

/// A typeset equation tag: its box and drawing (origin at the left end of its baseline) and where that baseline is.
public struct FormulaTag: Sendable, Equatable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var frame: Frame
    /// Points below the formula's baseline (negative: above).
    public var baseline: Double

    public init(width: Double, ascent: Double, descent: Double, frame: Frame, baseline: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.frame = frame
        self.baseline = baseline
    }

    /// amsmath's minimum room between a formula and its tag: a quad of the formula's size (its \@centering fill
    /// leaves at least \quad).
    public static func gap(size: Double) -> Double { size }
}

/// Why a formula is shown as its raw LaTeX (`math-facts.md` §7): the first error, with the character offset in
/// the source when it has one.
public struct FormulaError: ClassifiedError, Sendable, Equatable {
    public var kind: FailureKind { .unreadable }
    public let message: String
    /// Characters from the start of the source as given (delimiters included).
    public let offset: Int?

    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    public var description: String { offset.map { "character \($0 + 1): \(message)" } ?? message }
}

extension Formula {
    /// The formula with its tags drawn in: in a line `lineWidth` wide, each tag flush right on its baseline when
    /// formula and tags fit side by side with `gap` between them; otherwise each tag on its own line below the
    /// formula, flush right (amsmath moves a tag that does not fit to the next line). Without tags: itself.
    public func placingTags(lineWidth: Double, gap: Double) -> Formula {
        guard !tags.isEmpty else { return self }
        let widest = tags.map(\.width).max() ?? 0
        var placed = self
        placed.tags = []
        let width = max(lineWidth, self.width)
        placed.width = width
        if self.width + gap + widest <= lineWidth {
            for tag in tags {
                placed.frame.append(contentsOf: tag.frame.offsetBy(dx: width - tag.width, dy: tag.baseline))
                placed.ascent = max(placed.ascent, tag.ascent - tag.baseline)
                placed.descent = max(placed.descent, tag.descent + tag.baseline)
            }
            return placed
        }
        var bottom = descent
        for tag in tags {
            let baseline = bottom + tag.ascent
            // Flush right in the visible line, also when the formula itself is wider and scrolls.
            placed.frame.append(contentsOf: tag.frame.offsetBy(dx: min(width, lineWidth) - tag.width, dy: baseline))
            bottom = baseline + tag.descent
        }
        placed.descent = bottom
        return placed
    }
}

extension Frame {
    /// The horizontal extent of what the frame draws (glyph advances, rectangles, path points), in its own
    /// coordinates; nil when it draws nothing. Used to fit an image around a box whose width is negative.
    public var horizontalExtent: ClosedRange<Double>? {
        var low = Double.infinity, high = -Double.infinity
        func include(_ x: Double) {
            low = min(low, x)
            high = max(high, x)
        }
        func walk(_ frame: Frame, dx: Double) {
            for item in frame.items {
                switch item {
                case .glyphs(let run, let origin):
                    for glyph in run.glyphs {
                        include(dx + origin.x + glyph.x)
                        include(dx + origin.x + glyph.x + glyph.advance)
                    }
                case .fill(let path, _), .stroke(let path, _, _):
                    for element in path.elements {
                        switch element {
                        case .move(let point), .line(let point): include(dx + point.x)
                        case .curve(let a, let b, let c): [a, b, c].forEach { include(dx + $0.x) }
                        case .rect(let rect): include(dx + rect.minX); include(dx + rect.maxX)
                        case .arc(let center, let radius, _, _): include(dx + center.x - radius); include(dx + center.x + radius)
                        case .ellipse(let center, let rx, _), .ellipticalArc(let center, let rx, _, _, _, _):
                            include(dx + center.x - rx); include(dx + center.x + rx)
                        case .newSubPath, .close: break
                        }
                    }
                case .group(let group): walk(group.frame, dx: dx)
                default: break
                }
            }
        }
        walk(self, dx: 0)
        return low <= high ? low...high : nil
    }
}
