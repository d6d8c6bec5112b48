import Document
import Drawing
import Foundation

/// Formats `date_time` / `TextDate` values in a fixed locale and time zone, against an injected "now".
struct DateTextFormatter {
    let environment: TextEnvironment

    func format(_ date: DateText) -> String {
        let moment = Date(timeIntervalSince1970: TimeInterval(date.unixTime))
        let locale = Locale(identifier: environment.locale.identifier)
        let zone = TimeZone(identifier: environment.timeZone) ?? TimeZone(identifier: "UTC")!
        if date.format.relative {
            return relative(seconds: date.unixTime.saturatingSubtracting(environment.now))
        }
        var parts: [String] = []
        func render(_ configure: (DateFormatter) -> Void) -> String {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = zone
            configure(formatter)
            return formatter.string(from: moment)
        }
        // Order: day of week, date, time (messageEntityFormattedDate).
        if date.format.dayOfWeek { parts.append(render { $0.setLocalizedDateFormatFromTemplate("EEEE") }) }
        if date.format.longDate { parts.append(render { $0.dateStyle = .long; $0.timeStyle = .none }) }
        else if date.format.shortDate { parts.append(render { $0.dateStyle = .short; $0.timeStyle = .none }) }
        if date.format.longTime { parts.append(render { $0.dateStyle = .none; $0.timeStyle = .medium }) }
        else if date.format.shortTime { parts.append(render { $0.dateStyle = .none; $0.timeStyle = .short }) }
        return parts.joined(separator: ", ")
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
    func longDate(_ unixTime: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: environment.locale.identifier)
        formatter.timeZone = TimeZone(identifier: environment.timeZone) ?? TimeZone(identifier: "UTC")!
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(unixTime)))
    }
}
