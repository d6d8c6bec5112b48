import Document
import Drawing
import Math

/// What the layout engine measures text with (issue 11, P2): line breaking with positioned glyphs, font-wide
/// metrics and coverage. `FontSet` (Pango, HarfBuzz, fontconfig) is the real one; tests of table, list and
/// spacing logic can give the engine a fixed-advance fake. Its vocabulary is the layout's own (attributed V2
/// text in, measured paragraphs out), so it lives here; what crosses to paint is only values of `Drawing`.
protocol TextShaper: AnyObject {
    /// Breaks `text` into lines at `width` points (nil: one line per paragraph) and positions its glyphs.
    /// `inkRects`: glyph ink bounds too; `ellipsize`: one line, cut with "…"; `wholeWords`: break only at
    /// spaces, newlines and tabs.
    func measure(_ text: AttributedText, width: Double?, inkRects: Bool, ellipsize: Bool, wholeWords: Bool) -> MeasuredParagraph
    /// Font-wide vertical metrics of the face `spec` resolves to.
    func metrics(_ spec: FontSpec) -> FontMetrics
    /// Whether that face has a glyph for `scalar` (without fallback).
    func covers(_ spec: FontSpec, _ scalar: Unicode.Scalar) -> Bool
    /// Debian packages of listed font files that are not installed (named when a character has no font).
    var missingFontPackages: [String] { get }
}

extension TextShaper {
    var missingFontPackages: [String] { [] }

    func measure(_ text: AttributedText, width: Double?, inkRects: Bool = false, ellipsize: Bool = false) -> MeasuredParagraph {
        measure(text, width: width, inkRects: inkRects, ellipsize: ellipsize, wholeWords: false)
    }

    func measure(_ text: AttributedText, width: Double?, wholeWords: Bool) -> MeasuredParagraph {
        measure(text, width: width, inkRects: false, ellipsize: false, wholeWords: wholeWords)
    }
}

extension FontSet: TextShaper {}
