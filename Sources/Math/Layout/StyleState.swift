/// TeX's eight styles — D, T, S, SS, each cramped or not — and the style each construct gives its parts
/// (`math-facts.md` §3.2, tex.web §702).
public struct StyleState: Sendable, Equatable {
    public var style: MathStyle
    /// Superscripts are raised less in cramped styles.
    public var cramped: Bool

    public init(_ style: MathStyle, cramped: Bool = false) {
        self.style = style
        self.cramped = cramped
    }

    /// D and D′ use the display constants (fractions, stacks, radicals).
    public var isDisplay: Bool { style == .display }
    /// The `ssty` level of glyphs in this style: 0 in D and T, 1 in S, 2 in SS.
    public var scriptLevel: Int { style == .script ? 1 : style == .scriptScript ? 2 : 0 }

    /// S and SS drop the parenthesised inter-atom spaces.
    public var isTight: Bool { style == .script || style == .scriptScript }

    /// The next smaller script size: D, T → S; S, SS → SS.
    private var scriptStyle: MathStyle { style == .display || style == .text ? .script : .scriptScript }

    /// Superscript and upper limit: one size down, cramped only if this is.
    public var superscript: StyleState { StyleState(scriptStyle, cramped: cramped) }
    /// Subscript and lower limit: one size down, always cramped.
    public var `subscript`: StyleState { StyleState(scriptStyle, cramped: true) }

    /// Numerator: D → T, T → S, S and SS → SS, keeping the crampedness.
    public var numerator: StyleState {
        let next: MathStyle
        switch style {
        case .display: next = .text
        case .text: next = .script
        case .script, .scriptScript: next = .scriptScript
        }
        return StyleState(next, cramped: cramped)
    }

    /// Denominator: the numerator's style, always cramped.
    public var denominator: StyleState { StyleState(numerator.style, cramped: true) }

    /// Radicand, overline body, accent base: the same size, cramped.
    public var crampedSame: StyleState { StyleState(style, cramped: true) }

    /// The font size of this style for a base size: S = base × ScriptPercentScaleDown, SS = base ×
    /// ScriptScriptPercentScaleDown (both relative to the base, §3.2).
    public func size(base: Double, constants: MathConstants) -> Double {
        switch style {
        case .display, .text: return base
        case .script: return base * constants.value(.scriptPercentScaleDown, size: base)
        case .scriptScript: return base * constants.value(.scriptScriptPercentScaleDown, size: base)
        }
    }
}
