import Drawing
import FoundationEssentials
import Layout
import Math
import Primitives
import RenderOptions
import RichMessageRenderer

/// `ipraster math 'LATEX' -o OUTPUT [options]`: one formula alone, as PNG, SVG or PDF (`cli-contract.md`,
/// second-wave additions). LaTeX that cannot be typeset is an input error (exit 2) naming the character.
enum MathCommand {
    static let defaultSize = 17 * 1.12

    /// The typesetting options of `math` (everything but the output, the format and `--json`).
    struct Job {
        var display = true
        var size = MathCommand.defaultSize
        var color = RGBA.black
        var background: RGBA?
        var scale = 2.0
        var padding = 2.0
        var strict = false
        var locale = TextLocale.english

        init() {}

        /// The job the options given make: each option's row in `CommandSpec.mathCommand` applies its effect.
        init(_ parsed: ParsedArguments) throws {
            self = try parsed.settings(Job())
        }

        /// `--color` (`#RRGGBB[AA]`) and `--background` (that or `transparent`: nil).
        static func colour(_ value: OptionValue, transparent: Bool) throws -> RGBA? {
            let text = try value.text()
            if transparent, text == "transparent" { return nil }
            guard let parsed = RGBA(hex: text), text.hasPrefix("#") else {
                throw OptionError(option: value.option, message: "expected #RRGGBB or #RRGGBBAA\(transparent ? " or transparent" : ""), found \(Diagnostic.quoted(text))")
            }
            return parsed
        }
    }

    /// What typesetting one formula made: the `--json` line, the image (when a format was asked) and warnings.
    struct Result {
        var json: String?
        var image: [UInt8]?
        var extent: String
        var warnings: [String]
    }

    /// A formula that cannot be made: the message, the `--json` line printed before it, and whether the LaTeX was
    /// readable but refused (`--strict`, an image too large) rather than unreadable.
    struct Failure: ClassifiedError {
        var message: String
        var json: String?
        var refused: Bool
        var description: String { message }
        var kind: FailureKind { refused ? .refused : .unreadable }
    }

    /// Typesets `latex` as `math` does (and `serve`'s `POST /math` answers).
    static func make(_ latex: String, job: Job, format: Renderer.Format?, json: Bool, typesetter: FormulaTypesetter) throws -> Result {
        var warnings: [String] = []
        var formula: Formula
        // A formula alone is its own message: its kana or Hangul choose the Han forms (`HanRegion.message`).
        var tally = HanTally()
        tally.count(latex)
        let region = job.locale.hanRegion.message(tally)
        switch typesetter.typeset(latex, display: job.display, size: job.size, color: job.color, hanRegion: region) {
        case .success(let typeset): formula = typeset
        case .failure(let error):
            throw Failure(message: "cannot typeset the formula: \(error)",
                          json: json ? JSONOut.object([("fallback", .bool(true)), ("error", .string(error.description))]).serialized(pretty: false) : nil,
                          refused: false)
        }
        // Characters no installed font draws: a warning, an error under --strict (docs/rendering.md "Fonts and scripts").
        if !formula.missingCodePoints.isEmpty {
            let names = formula.missingCodePoints.prefix(12).map(MissingGlyph.name).joined(separator: ", ")
            if job.strict { throw Failure(message: "no font draws \(names) in the formula", json: nil, refused: true) }
            warnings.append("no font draws \(names) in the formula; they are drawn as boxes")
        }
        // Tags sit a quad to the right of the formula (the image is as wide as both).
        let widestTag = formula.tags.map(\.width).max() ?? 0
        let gap = FormulaTag.gap(size: job.size)
        formula = formula.placingTags(lineWidth: formula.width + (widestTag > 0 ? gap + widestTag : 0), gap: gap)
        // A negative width (`x\kern-100pt`) is a valid TeX box; the image covers the box and the ink together.
        if formula.width < 0 {
            warnings.append("the formula's box has a negative width (\(String(cFormat: "%.2f", formula.width)) pt); it is reported as 0 and the image covers its ink")
        }
        let padding = job.padding, scale = job.scale
        let ink = formula.frame.horizontalExtent
        let left = min(0, formula.width, ink?.lowerBound ?? 0), right = max(0, formula.width, ink?.upperBound ?? 0)
        let ascent = max(0, formula.ascent), descent = max(0, formula.descent)
        // An image is at least one pixel each way: `{}`, `\phantom{}` or `\!` with --padding 0 have no area, and a
        // 0 × 0 surface is no image (issue 40, defect 13: Cairo's error, exit 3).
        let width = max(right - left + 2 * padding, 1 / scale), height = max(ascent + descent + 2 * padding, 1 / scale)
        let pixelWidth = Int((width * scale).rounded(.up)), pixelHeight = Int((height * scale).rounded(.up))
        var line: String?
        if json {
            // Points, with the baseline measured from the image's top edge (padding included), for placing the image.
            let fields: [(String, JSONOut)] = [
                ("width", .number(max(0, formula.width))), ("height", .number(formula.ascent)), ("depth", .number(formula.descent)),
                ("baseline", .number(padding + ascent)), ("pixelWidth", .int(pixelWidth)), ("pixelHeight", .int(pixelHeight)),
                ("scale", .number(scale)), ("fallback", .bool(false)),
            ]
            line = JSONOut.object(fields).serialized(pretty: false)
        }
        let extent = format == .png ? "\(pixelWidth)×\(pixelHeight) px" : "\(width.clean)×\(height.clean) pt"
        guard let format else { return Result(json: line, image: nil, extent: extent, warnings: warnings) }
        // A PNG is one Cairo surface: at most 32,767 pixels a side and `Canvas.maxSurfacePixels` in all, whatever the
        // size, scale and padding that make it.
        if format == .png, !Canvas.fitsOneSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight) {
            let side = Double(Canvas.maxRasterSide) / max(width, height), area = (Double(Canvas.maxSurfacePixels) / (width * height)).squareRoot()
            let fitting = (min(side, area) * 100).rounded(.down) / 100
            let size = (job.size * fitting / scale * 100).rounded(.down) / 100
            throw Failure(message: "the formula is \(pixelWidth) × \(pixelHeight) px at --size \(job.size.clean) --scale \(scale.clean) --padding \(padding.clean), "
                          + "more than a PNG holds (\(Canvas.maxRasterSide) px a side, \(Canvas.maxSurfacePixels) pixels in all): use --scale \(fitting.clean) or lower, "
                          + "--size \(size.clean) or lower, less --padding, or SVG or PDF output", json: line, refused: true)
        }
        var frame = Frame()
        if let background = job.background { frame.append(.paint(.solid(background))) }
        frame.append(contentsOf: formula.frame.offsetBy(dx: padding - left, dy: padding + ascent))
        let bytes = try Renderer().encode(frame, width: width, height: height, scale: scale, opaque: (job.background?.a ?? 0) >= 1, as: format)
        return Result(json: line, image: bytes, extent: extent, warnings: warnings)
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        // A formula may start with "-" (`-1`, `-\alpha`); "--" or "-" and a letter starts an option (`-x` is a misspelt
        // one); after `--` anything is the formula.
        let parsed = try CommandSpec.mathCommand.parse(arguments) { !$0.hasPrefix("--") && $0.dropFirst().first?.isLetter != true }
        let job = try Job(parsed)
        let output = parsed.value("--output"), explicitFormat = try RenderCommand.formatOption(parsed.value("--format")), json = parsed.has("--json")
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
        if let output, let format { try CLI.refuseBinaryOnTerminal(output, format: format, command: "math") }
        if latex == "-" {
            latex = String(decoding: try CLI.readInput("-"), as: UTF8.self)
            while latex.last?.isNewline == true { latex.removeLast() }
        }
        guard !FormulaSource(latex).body.allSatisfy(\.isWhitespace) else {
            CLI.printError("the formula is empty")
            return ExitCode.usage
        }
        let result: Result
        do {
            result = try make(latex, job: job, format: format, json: json, typesetter: try FormulaFonts.typesetter(FontDirectory()))
        } catch let failure as Failure {
            if let line = failure.json { print(line) }
            CLI.printError(failure.message)
            return ExitCode.usage
        }
        for warning in result.warnings { CLI.printWarning(warning) }
        if let line = result.json { print(line) }
        guard let output, let format, let bytes = result.image else { return ExitCode.success }
        try CLI.writeOutput(bytes, to: output)
        CLI.printNote("formula → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(result.extent), \(bytes.count) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
