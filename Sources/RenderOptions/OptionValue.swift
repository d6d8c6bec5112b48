import Document
import Primitives
import RichMessageRenderer

/// The value an option was given, read as the option needs it; a bad value is an `OptionError` naming the option.
public struct OptionValue: Sendable {
    public let option: String
    /// nil for a flag.
    public let given: String?
    /// The option's domain, which the value was checked against before its effect reads it.
    public let domain: OptionDomain?

    public init(option: String, given: String?, domain: OptionDomain? = nil) {
        self.option = option
        self.given = given
        self.domain = domain
    }

    public func text() throws -> String {
        guard let given else { throw OptionError(option: option, message: "missing value") }
        return given
    }

    /// A decimal number within `range` (`OptionDomain.number`).
    public func number(_ range: ClosedRange<Double>) throws -> Double {
        try OptionValue(option: option, given: given, domain: .number(range)).number()
    }

    /// The value as a number of the option's domain (`.number` or `.integer`).
    public func number() throws -> Double {
        let text = try text()
        if let domain, let refusal = domain.refusal(text) { throw OptionError(option: option, message: refusal) }
        guard let number = OptionDomain.decimal(text) else { throw OptionError(option: option, message: "expected a number, found \(Diagnostic.quoted(text))") }
        return number
    }

    /// One of a type's raw values (`strict`/`loose`, `png`/`svg`/`pdf`), exactly.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws -> Choice where Choice.RawValue == String {
        let text = try text()
        guard let choice = Choice.allCases.first(where: { $0.rawValue == text }) else {
            throw OptionError(option: option, message: "expected \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), found \(Diagnostic.quoted(text))")
        }
        return choice
    }
}
