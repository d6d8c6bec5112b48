/// The 56 MathConstants of an OpenType MATH table (`math-facts.md` §2.3), in design units as the font stores
/// them; the three percentages are plain numbers (70 means 70 %).
public struct MathConstants: Sendable, Equatable {
    /// The constants in MATH field order; the raw value is HarfBuzz's `hb_ot_math_constant_t`.
    public enum Name: Int, CaseIterable, Sendable {
        case scriptPercentScaleDown, scriptScriptPercentScaleDown, delimitedSubFormulaMinHeight, displayOperatorMinHeight
        case mathLeading, axisHeight, accentBaseHeight, flattenedAccentBaseHeight
        case subscriptShiftDown, subscriptTopMax, subscriptBaselineDropMin
        case superscriptShiftUp, superscriptShiftUpCramped, superscriptBottomMin, superscriptBaselineDropMax
        case subSuperscriptGapMin, superscriptBottomMaxWithSubscript, spaceAfterScript
        case upperLimitGapMin, upperLimitBaselineRiseMin, lowerLimitGapMin, lowerLimitBaselineDropMin
        case stackTopShiftUp, stackTopDisplayStyleShiftUp, stackBottomShiftDown, stackBottomDisplayStyleShiftDown
        case stackGapMin, stackDisplayStyleGapMin
        case stretchStackTopShiftUp, stretchStackBottomShiftDown, stretchStackGapAboveMin, stretchStackGapBelowMin
        case fractionNumeratorShiftUp, fractionNumeratorDisplayStyleShiftUp, fractionDenominatorShiftDown
        case fractionDenominatorDisplayStyleShiftDown, fractionNumeratorGapMin, fractionNumDisplayStyleGapMin
        case fractionRuleThickness, fractionDenominatorGapMin, fractionDenomDisplayStyleGapMin
        case skewedFractionHorizontalGap, skewedFractionVerticalGap
        case overbarVerticalGap, overbarRuleThickness, overbarExtraAscender
        case underbarVerticalGap, underbarRuleThickness, underbarExtraDescender
        case radicalVerticalGap, radicalDisplayStyleVerticalGap, radicalRuleThickness, radicalExtraAscender
        case radicalKernBeforeDegree, radicalKernAfterDegree, radicalDegreeBottomRaisePercent

        /// The three constants stored as percentages, not lengths.
        public var isPercentage: Bool {
            self == .scriptPercentScaleDown || self == .scriptScriptPercentScaleDown || self == .radicalDegreeBottomRaisePercent
        }
    }

    public let unitsPerEm: Int
    private let values: [Int]

    /// `values` in `Name` order, one per constant.
    public init(unitsPerEm: Int, values: [Int]) {
        precondition(values.count == Name.allCases.count, "a MATH table has \(Name.allCases.count) constants")
        self.unitsPerEm = unitsPerEm
        self.values = values
    }

    /// The stored value: design units, or a percentage.
    public subscript(_ name: Name) -> Int { values[name.rawValue] }

    /// A length at a font size (points or pixels, as `size` is), in floating point so nothing is rounded early
    /// (§2.2, "Scaling"); a percentage as a fraction (0.7).
    public func value(_ name: Name, size: Double) -> Double {
        name.isPercentage ? Double(self[name]) / 100 : Double(self[name]) * size / Double(max(unitsPerEm, 1))
    }
}
