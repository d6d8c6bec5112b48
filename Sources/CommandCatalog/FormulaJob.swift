import Drawing
import Layout
import Primitives
import RenderOptions

/// The typesetting options of `math` (everything but the output, the format and `--json`).
package struct FormulaJob {
    /// A message's text size × 1.12, as formulas in messages are set.
    package static let defaultSize = 17 * 1.12

    package var display = true
    package var size = FormulaJob.defaultSize
    package var color = RGBA.black
    package var background: RGBA?
    package var scale = 2.0
    package var padding = 2.0
    package var strict = false
    package var locale = TextLocale.english

    package init() {}

    /// The job the options given make: each option's row in `CommandSpec.mathCommand` applies its effect.
    package init(_ parsed: ParsedArguments) throws {
        self = try parsed.settings(FormulaJob())
    }

    /// `--color` (`#RRGGBB[AA]`) and `--background` (that or `transparent`: nil).
    package static func colour(_ value: OptionValue, transparent: Bool) throws -> RGBA? {
        let text = try value.text()
        if transparent, text == "transparent" { return nil }
        guard let parsed = RGBA(hex: text), text.hasPrefix("#") else {
            throw OptionError(option: value.option, message: "expected #RRGGBB or #RRGGBBAA\(transparent ? " or transparent" : ""), found \(Diagnostic.quoted(text))")
        }
        return parsed
    }
}
