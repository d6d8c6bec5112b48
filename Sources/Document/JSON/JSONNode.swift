import FoundationEssentials
import Primitives

/// A JSON value together with its path from the document root (`$.rich_message.blocks[2].text`),
/// so every decode error can say where it happened.
public struct JSONNode: Sendable {
    public let value: JSONValue
    public let path: String

    public init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    public var isNull: Bool { if case .null = value { return true } else { return false } }

    public var object: JSONObject? { if case .object(let object) = value { return object } else { return nil } }

    /// The member `key`, or nil when absent. A JSON `null` member is reported as absent too
    /// (Telethon writes unset optionals as null; aiogram omits them).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let object) = value, let member = object[key] else { return nil }
        if case .null = member { return nil }
        return JSONNode(member, path: path + Self.component(key))
    }

    public func has(_ key: String) -> Bool { self[key] != nil }

    public func required(_ key: String) throws -> JSONNode {
        guard case .object = value else { throw DecodeError(path: path, message: "expected an object, found \(value.typeName)") }
        guard let member = self[key] else { throw DecodeError(path: path + Self.component(key), message: "missing required field") }
        return member
    }

    public func string() throws -> String {
        guard case .string(let string) = value else { throw mismatch("string") }
        return string
    }

    public func bool() throws -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .null: return false
        // Multipart form fields carry booleans as text ("true"), so accept that spelling too.
        case .string("true"): return true
        case .string("false"): return false
        default: throw mismatch("boolean")
        }
    }

    /// An integer that fits in Int64. Accepts a decimal string too (Bot API `custom_emoji_id` is one).
    public func int64() throws -> Int64 {
        switch value {
        case .number(let text), .string(let text):
            if let exact = Int64(text) { return exact }
            if case .number = value, let real = Double(text), real.rounded() == real, abs(real) < 9.2e18 { return Int64(real) }
            throw DecodeError(path: path, message: "expected an integer, found \(text.prefix(40))")
        default:
            throw mismatch("integer")
        }
    }

    public func int() throws -> Int {
        let value = try int64()
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
            throw DecodeError(path: path, message: "integer \(value) out of range")
        }
        return Int(value)
    }

    public func double() throws -> Double {
        guard case .number(let text) = value, let number = Double(text) else { throw mismatch("number") }
        // 1e400 parses to infinity: no field of either schema can hold it.
        guard number.isFinite else { throw DecodeError(path: path, message: "number \(text.prefix(40)) out of range") }
        return number
    }

    public func array() throws -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch("array") }
        return elements.enumerated().map { JSONNode($0.element, path: "\(path)[\($0.offset)]") }
    }

    public func optionalString(_ key: String) throws -> String? { try self[key]?.string() }
    public func optionalBool(_ key: String) throws -> Bool { try self[key]?.bool() ?? false }
    public func optionalInt(_ key: String) throws -> Int? { try self[key]?.int() }
    public func optionalInt64(_ key: String) throws -> Int64? { try self[key]?.int64() }

    public func mismatch(_ expected: String) -> DecodeError {
        DecodeError(path: path, message: "expected \(expected), found \(value.typeName)")
    }

    static func component(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
        if plain && key.count <= Diagnostic.echoLimit { return "." + key }
        let escaped = key.replacingEvery("\\", with: "\\\\").replacingEvery("\"", with: "\\\"")
        return "[" + Diagnostic.quoted(escaped) + "]"
    }
}

/// An input error: the only kind of error the decode stage throws.
public struct DecodeError: ClassifiedError, Sendable, Equatable {
    public let path: String
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "at \(path): \(message)" }
    public var kind: FailureKind { .unreadable }
    public var location: String? { path }
    public var failureMessage: String { message }
}
