import Drawing
import Foundation
import Layout
import Math
import RichMessageRenderer

/// `ipraster math 'LATEX' -o OUTPUT [options]`: one formula alone, as PNG, SVG or PDF (`cli-contract.md`,
/// second-wave additions). LaTeX that cannot be typeset is an input error (exit 2) naming the character.
enum MathCommand {
    static let defaultSize = 17 * 1.12

    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        // A formula may start with "-" (`-1`, `-\alpha`); "--" or "-" and a letter starts an option (`-x` is a misspelt
        // one); after `--` anything is the formula.
        let parsed = try CommandSpec.mathCommand.parse(arguments) { !$0.hasPrefix("--") && $0.dropFirst().first?.isLetter != true }
        var output: String?
        var display = true
        var size = defaultSize
        var color = RGBA.black
        var background: RGBA?
        var scale = 2.0
        var padding = 2.0
        var explicitFormat: String?
        var strict = false
        var locale = "en"
        var json = false
        func number(_ option: String, _ text: String, _ range: ClosedRange<Double>) throws -> Double {
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw UsageError(message: "\(option) must be a number from \(range.lowerBound.clean) to \(range.upperBound.clean), not \(text)", command: "math")
            }
            return number
        }
        func colour(_ option: String, _ text: String, allowTransparent: Bool) throws -> RGBA? {
            if allowTransparent, text == "transparent" { return nil }
            guard let parsed = RGBA(hex: text), text.hasPrefix("#") else {
                throw UsageError(message: "\(option) must be #RRGGBB or #RRGGBBAA\(allowTransparent ? " or transparent" : ""), not \(text)", command: "math")
            }
            return parsed
        }
        for (argument, value) in parsed.options {
            let text = value ?? ""
            switch argument {
            case "--output": output = text
            case "--display": display = true
            case "--inline": display = false
            case "--size": size = try number(argument, text, 1...1000)
            case "--color": color = try colour(argument, text, allowTransparent: false) ?? .black
            case "--background": background = try colour(argument, text, allowTransparent: true)
            case "--scale": scale = try number(argument, text, 0.25...8)
            case "--padding": padding = try number(argument, text, 0...1000)
            case "--format": explicitFormat = text
            case "--strict": strict = true
            case "--locale": locale = text
            case "--json": json = true
            default: break
            }
        }
        if parsed.positional.count > 1 {
            throw UsageError(message: "unexpected argument \(parsed.positional[1]): quote the formula as one argument", command: "math")
        }
        let source = parsed.positional.first
        guard var latex = source else { throw UsageError(message: "missing LATEX (the formula, or - for standard input)", command: "math") }
        guard output != nil || json else {
            throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout) or --json", command: "math")
        }
        if json, output == "-" { throw UsageError(message: "--json prints to standard output: give -o a file", command: "math") }
        let format = try output.map { try RenderCommand.outputFormat($0, explicit: explicitFormat) }
        if latex == "-" {
            latex = String(decoding: try CLI.readInput("-"), as: UTF8.self)
            while latex.last?.isNewline == true { latex.removeLast() }
        }
        guard !FormulaSource(latex).body.allSatisfy(\.isWhitespace) else {
            CLI.printError("the formula is empty")
            return ExitCode.usage
        }
        let typesetter = try FormulaFonts.typesetter(FontDirectory())
        var formula: Formula
        let region = HanRegion(locale: locale).resolved(for: latex.unicodeScalars)
        switch typesetter.typeset(latex, display: display, size: size, color: color, hanRegion: region.rawValue) {
        case .success(let typeset): formula = typeset
        case .failure(let error):
            if json { print(JSONOut.object([("fallback", .bool(true)), ("error", .string(error.description))]).serialized(pretty: false)) }
            CLI.printError("cannot typeset the formula: \(error)")
            return ExitCode.usage
        }
        // Characters no installed font draws: a warning, an error under --strict (README "Fonts").
        if !formula.missingCodePoints.isEmpty {
            let names = formula.missingCodePoints.prefix(12).map(MissingGlyph.name).joined(separator: ", ")
            if strict {
                CLI.printError("no font draws \(names) in the formula")
                return ExitCode.usage
            }
            CLI.printWarning("no font draws \(names) in the formula; they are drawn as boxes")
        }
        // Tags sit a quad to the right of the formula (the image is as wide as both).
        let widestTag = formula.tags.map(\.width).max() ?? 0
        let gap = FormulaTag.gap(size: size)
        formula = formula.placingTags(lineWidth: formula.width + (widestTag > 0 ? gap + widestTag : 0), gap: gap)
        // A negative width (`x\kern-100pt`) is a valid TeX box; the image covers the box and the ink together.
        if formula.width < 0 {
            CLI.printWarning("the formula's box has a negative width (\(String(format: "%.2f", formula.width)) pt); it is reported as 0 and the image covers its ink")
        }
        let ink = formula.frame.horizontalExtent
        let left = min(0, formula.width, ink?.lowerBound ?? 0), right = max(0, formula.width, ink?.upperBound ?? 0)
        let ascent = max(0, formula.ascent), descent = max(0, formula.descent)
        let width = right - left + 2 * padding, height = ascent + descent + 2 * padding
        let pixelWidth = Int((width * scale).rounded(.up)), pixelHeight = Int((height * scale).rounded(.up))
        if json {
            // Points, with the baseline measured from the image's top edge (padding included), for placing the image.
            let fields: [(String, JSONOut)] = [
                ("width", .number(max(0, formula.width))), ("height", .number(formula.ascent)), ("depth", .number(formula.descent)),
                ("baseline", .number(padding + ascent)), ("pixelWidth", .int(pixelWidth)), ("pixelHeight", .int(pixelHeight)),
                ("scale", .number(scale)), ("fallback", .bool(false)),
            ]
            print(JSONOut.object(fields).serialized(pretty: false))
        }
        guard let output, let format else { return ExitCode.success }
        // A PNG is one Cairo surface: at most 32,767 pixels a side.
        let limit = Double(LayoutOptions.maxRasterPixels)
        if format == .png, pixelWidth > LayoutOptions.maxRasterPixels || pixelHeight > LayoutOptions.maxRasterPixels {
            let fitting = (limit / max(width, height) * 100).rounded(.down) / 100
            let size = (size * fitting / scale * 100).rounded(.down) / 100
            CLI.printError("the formula is \(pixelWidth) × \(pixelHeight) px at --scale \(scale.clean), more than a PNG holds (32,767 a side): "
                           + "use --scale \(fitting.clean) or lower, --size \(size.clean) or lower, or SVG or PDF output")
            return ExitCode.usage
        }
        var frame = Frame()
        if let background { frame.append(.paint(.solid(background))) }
        frame.append(contentsOf: formula.frame.offsetBy(dx: padding - left, dy: padding + ascent))
        let bytes = try Renderer().encode(frame, width: width, height: height, scale: scale, opaque: (background?.a ?? 0) >= 1, as: format)
        try CLI.writeOutput(bytes, to: output)
        let extent = format == .png ? "\(pixelWidth)×\(pixelHeight) px" : "\(width.clean)×\(height.clean) pt"
        CLI.printNote("formula → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(extent), \(bytes.count) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
