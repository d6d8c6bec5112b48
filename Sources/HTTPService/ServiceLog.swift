import FoundationEssentials
import Glibc
import Primitives

/// How the service writes its log (`ipraster serve --log-format`): text lines, or one JSON object a line (for log
/// collectors, each with the time; a text access line starts with it). Notes (listening, workers replaced, connections shut) and one access line per
/// request: its id, method, route, path, status, bytes, milliseconds and the worker that answered.
public enum ServiceLogFormat: String, CaseIterable, Sendable {
    case text, json

    /// The current time as RFC 3339 with milliseconds, in UTC.
    static func now() -> String {
        var time = timeval()
        gettimeofday(&time, nil)
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(cFormat: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(time.tv_usec) / 1000)
    }

    /// A note as a log line.
    public func note(_ message: String) -> String {
        switch self {
        case .text: return message
        case .json: return Self.object(["time": Self.now(), "level": "info", "message": message])
        }
    }

    /// One request's access line.
    func access(id: String, method: String, path: String, query: String, route: String, status: String, bytes: Int, milliseconds: Double,
                worker: Int?) -> String {
        switch self {
        case .text:
            return Self.now() + " \(method) \(path)\(query.isEmpty ? "" : "?" + query) \(status) \(bytes) bytes \(String(cFormat: "%.1f", milliseconds)) ms"
                + " id=\(id)" + (worker.map { " worker=\($0)" } ?? "")
        case .json:
            var fields: [String: Any] = ["time": Self.now(), "level": "info", "id": id, "method": method, "path": path, "query": query, "route": route,
                                         "status": Int(status).map { $0 as Any } ?? status, "bytes": bytes, "ms": (milliseconds * 10).rounded() / 10]
            if let worker { fields["worker"] = worker }
            return Self.object(fields)
        }
    }

    /// A JSON object on one line, keys sorted, strings as `JSONText` writes them, whole numbers without a fraction.
    static func object(_ fields: [String: Any]) -> String {
        let members = fields.sorted { $0.key < $1.key }.map { key, value -> String in
            let text: String
            switch value {
            case let value as String: text = JSONText.quoted(value)
            case let value as Int: text = String(value)
            case let value as Double: text = value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "null"
            case let value as Bool: text = value ? "true" : "false"
            default: text = JSONText.quoted(String(describing: value))
            }
            return JSONText.quoted(key) + ":" + text
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// A request's id (`X-Request-Id`): the client's, sanitised (letters, digits and `-_.:`, at most 128), or made here.
enum RequestID {
    static let maxLength = 128

    static func from(_ header: String?) -> String {
        let kept = String(String.UnicodeScalarView((header ?? "").unicodeScalars.filter {
            ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A) || ($0.value >= 0x61 && $0.value <= 0x7A) || "-_.:".unicodeScalars.contains($0)
        }).prefix(maxLength))
        return kept.isEmpty ? made() : kept
    }

    /// 32 random hexadecimal digits.
    static func made() -> String {
        String(cFormat: "%016llx%016llx", UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))
    }
}
