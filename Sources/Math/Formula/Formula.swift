import Drawing

/// A typeset formula, ready to place: its width and ink extent above and below the baseline in points, and its
/// drawing with the origin at the left end of the baseline (y down). `math-facts.md` §3.15.
public struct Formula: Sendable, Equatable {
    public var width: Double
    public var ascent: Double
    public var descent: Double
    public var frame: Frame
    /// Characters no face drew (they are missing-glyph boxes), in the order met.
    public var missingCodePoints: [UInt32]

    public init(width: Double, ascent: Double, descent: Double, frame: Frame, missingCodePoints: [UInt32] = []) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.frame = frame
        self.missingCodePoints = missingCodePoints
    }

    public var height: Double { ascent + descent }
}

/// Why a formula is shown as its raw LaTeX (`math-facts.md` §7): the first error, with the character offset in
/// the source when it has one.
public struct FormulaError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    /// Characters from the start of the source as given (delimiters included).
    public let offset: Int?

    public init(_ message: String, offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    public var description: String { offset.map { "character \($0 + 1): \(message)" } ?? message }
}
