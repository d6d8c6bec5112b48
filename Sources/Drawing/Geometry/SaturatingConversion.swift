/// Checked conversions from points (Double) to the integers C APIs and pixel sizes take. Input numbers can be
/// anything a JSON file holds (1e300, or a width built from a 10,000,000-column span), and Swift's `Int(_:)`
/// traps outside the target's range; these clamp instead, and map NaN to 0.
extension Double {
    /// The value rounded toward zero and clamped to Int's range (NaN → 0).
    public var saturatingInt: Int {
        guard !isNaN else { return 0 }
        if self >= 9.2e18 { return Int.max }
        if self <= -9.2e18 { return Int.min }
        return Int(self)
    }

    /// The value rounded toward zero and clamped to Int32's range (NaN → 0): Pango units, Cairo sizes.
    public var saturatingInt32: Int32 {
        guard !isNaN else { return 0 }
        if self >= Double(Int32.max) { return Int32.max }
        if self <= Double(Int32.min) { return Int32.min }
        return Int32(self)
    }
}

extension Int64 {
    /// `self - other`, clamped to Int64's range instead of trapping.
    public func saturatingSubtracting(_ other: Int64) -> Int64 {
        let (result, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return result }
        return other < 0 ? .max : .min
    }
}
