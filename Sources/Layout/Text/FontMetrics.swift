import Document
import Drawing

/// Font-wide vertical metrics in points, UIKit-like but with a positive descent.
public struct FontMetrics: Sendable, Equatable {
    public var family: String
    public var size: Double
    /// A: distance from the baseline up to the ascender line.
    public var ascent: Double
    /// D: distance from the baseline down to the descender line (positive).
    public var descent: Double
    public var capHeight: Double
    public var file: String
}
