import CICUText
import Document
import Drawing
import FoundationEssentials
import Primitives

/// Formats `date_time` / `TextDate` values in a fixed locale and time zone, against an injected "now".
struct DateTextFormatter {
    let environment: TextEnvironment

    func format(_ date: DateText) -> String {
        if date.format.relative {
            return relative(seconds: date.unixTime.saturatingSubtracting(environment.now))
        }
        var parts: [String] = []
        // Order: day of week, date, time (messageEntityFormattedDate).
        if date.format.dayOfWeek { parts.append(render(date.unixTime, skeleton: "EEEE")) }
        if date.format.longDate { parts.append(render(date.unixTime, date: IPR_DATE_LONG)) }
        else if date.format.shortDate { parts.append(render(date.unixTime, date: IPR_DATE_SHORT)) }
        if date.format.longTime { parts.append(render(date.unixTime, time: IPR_DATE_MEDIUM)) }
        else if date.format.shortTime { parts.append(render(date.unixTime, time: IPR_DATE_SHORT)) }
        return parts.joined(separator: ", ")
    }

    /// The moment in the environment's locale and time zone (GMT when ICU does not know the zone), in ICU's
    /// date and time styles or the locale's pattern for a skeleton, as Foundation's `DateFormatter` formats it
    /// (`dateStyle`, `timeStyle`, `setLocalizedDateFormatFromTemplate`); empty if ICU fails.
    private func render(_ unixTime: Int64, date: Int = IPR_DATE_NONE, time: Int = IPR_DATE_NONE, skeleton: String? = nil) -> String {
        String(cBufferOfCapacity: 128) { out, capacity in
            let needed = environment.locale.identifier.withCString { locale in
                environment.timeZone.withCString { zone in
                    let format = { (pattern: UnsafePointer<CChar>?) in
                        ipr_icu_format_date(locale, zone, Double(unixTime) * 1000, Int32(date), Int32(time), pattern, out, Int64(capacity))
                    }
                    return skeleton.map { $0.withCString(format) } ?? format(nil)
                }
            }
            return Int(needed)
        } ?? ""
    }

    /// "in 2 days", "5 minutes ago", "now" (English; swift-corelibs-foundation has no relative formatter).
    func relative(seconds: Int64) -> String {
        // `magnitude` (UInt64) holds |Int64.min|, which `abs` cannot.
        let magnitude = seconds.magnitude
        let units: [(UInt64, String)] = [(31_536_000, "year"), (2_592_000, "month"), (604_800, "week"), (86_400, "day"),
                                        (3_600, "hour"), (60, "minute"), (1, "second")]
        guard magnitude >= 1, let unit = units.first(where: { magnitude >= $0.0 }) else { return "now" }
        let count = magnitude / unit.0
        let phrase = "\(count) \(unit.1)\(count == 1 ? "" : "s")"
        return seconds > 0 ? "in " + phrase : phrase + " ago"
    }

    /// The long date of `authorDate` blocks ("January 5, 2026").
    func longDate(_ unixTime: Int64) -> String { render(unixTime, date: IPR_DATE_LONG) }
}

extension TextEnvironment {
    /// `date` as a page in this environment draws it (its locale, time zone and "now"); its fallback text when it
    /// has no format. For what is written beside the picture: alt text, plain-message fallbacks.
    public func formatted(_ date: DateText) -> String {
        date.format.isEmpty ? date.fallback.plainText : DateTextFormatter(environment: self).format(date)
    }
}
