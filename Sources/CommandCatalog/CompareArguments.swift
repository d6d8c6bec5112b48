import FoundationEssentials
import GoldenKit
import Images
import Primitives
import RenderOptions
import RichMessageRenderer

/// The options `compare` and `check` share (`cli-contract.md`, "Compare / check options"), set by their rows in
/// `CommandSpec.compare`.
package struct CompareArguments {
    package var options = PixelMatchOptions()
    package var budget = GoldenHarness.Budget()

    package init() {}

    /// The options given, each applied by its row in `CommandSpec.compare`.
    package init(_ parsed: ParsedArguments) throws {
        self = try parsed.settings(CompareArguments())
    }

    /// `R,G,B` with 0-255 each.
    package static func color(_ value: OptionValue) throws -> (UInt8, UInt8, UInt8) {
        let text = try value.text()
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { UInt8($0.trimmingWhitespace()) }
        guard parts.count == 3 else { throw OptionError(option: value.option, message: "expected R,G,B with 0-255 each, found \(Diagnostic.quoted(text))") }
        return (parts[0], parts[1], parts[2])
    }

    /// A whole number of pixels.
    package static func pixels(_ value: OptionValue) throws -> Int {
        let pixels = try value.number(0...Double(Int32.max))
        guard pixels == pixels.rounded() else { throw OptionError(option: value.option, message: "expected a whole number of pixels") }
        return Int(pixels)
    }
}
