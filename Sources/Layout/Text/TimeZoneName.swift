import CICUText

/// Time zone names as the date formats read them (ICU's ids: `Europe/Berlin`, `UTC`).
public enum TimeZoneName {
    /// Whether ICU knows `name` (Foundation's `TimeZone(identifier:)` needs swift-corelibs-foundation's ICU, which
    /// the tool does not link).
    public static func isKnown(_ name: String) -> Bool { ipr_icu_is_time_zone(name) == 1 }
}
