import Document
import RichMessageRenderer

/// The value an option was given, read as the option needs it; a bad value is an `OptionError` naming the option.
public struct OptionValue: Sendable {
    public let option: String
    /// nil for a flag.
    public let given: String?

    public init(option: String, given: String?) {
        self.option = option
        self.given = given
    }

    public func text() throws -> String {
        guard let given else { throw OptionError(option: option, message: "missing value") }
        return given
    }

    /// A finite number within `range`.
    public func number(_ range: ClosedRange<Double>) throws -> Double {
        let text = try text()
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw OptionError(option: option, message: "expected a number in \(range.lowerBound.clean)...\(range.upperBound.clean), found \(Diagnostic.quoted(text))")
        }
        return number
    }

    /// One of a type's raw values (`strict`/`loose`, `png`/`svg`/`pdf`), case ignored.
    public func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws -> Choice where Choice.RawValue == String {
        let text = try text()
        guard let choice = Choice.allCases.first(where: { $0.rawValue == text.lowercased() }) else {
            throw OptionError(option: option, message: "expected \(Choice.allCases.map(\.rawValue).joined(separator: ", ")), found \(Diagnostic.quoted(text))")
        }
        return choice
    }
}
