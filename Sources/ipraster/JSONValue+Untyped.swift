import Document

extension JSONValue {
    /// The value as an untyped tree (`[String: Any]`, `[Any]`, `String`, `Double`, `Bool`, `JSONValue.Null`), the
    /// shape the manifest and report readers check field by field; parsed by Document's `JSONParser` (the tool does
    /// not link Foundation's `JSONSerialization`). Every number is a `Double`: read whole numbers with `wholeNumber`.
    var untyped: Any {
        switch self {
        case .null: return Null()
        case .bool(let flag): return flag
        case .number(let text): return Double(text) ?? Double.nan
        case .string(let text): return text
        case .array(let items): return items.map(\.untyped)
        case .object(let object): return Dictionary(object.keys.compactMap { key in object[key].map { (key, $0.untyped) } }, uniquingKeysWith: { _, last in last })
        }
    }

    /// JSON's `null` in an untyped tree (present, unlike a missing key).
    struct Null {}

    /// The untyped object `bytes` hold, or nil when they are not one JSON object.
    static func untypedObject(_ bytes: [UInt8]) -> [String: Any]? {
        (try? JSONParser.parse(bytes))?.untyped as? [String: Any]
    }

    /// A whole number of an untyped tree (`3`, `3.0`), else nil.
    static func wholeNumber(_ value: Any?) -> Int? {
        (value as? Double).flatMap { Int(exactly: $0) }
    }
}
