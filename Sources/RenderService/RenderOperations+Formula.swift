import CommandCatalog
import Drawing
import FoundationEssentials
import Layout
import Math
import Primitives
import Raster
import RenderOptions
import RichMessageRenderer

/// One formula alone (`ipraster math`, `POST /math`).
extension RenderOperations {
    /// What typesetting one formula made: the `--json` line, the image (when a format was asked) and warnings.
    package struct FormulaResult {
        package var json: String?
        package var image: [UInt8]?
        package var extent: String
        package var warnings: [String]
    }

    /// A formula that cannot be made: the message, the `--json` line printed before it, and whether the LaTeX was
    /// readable but refused (`--strict`, an image too large) rather than unreadable.
    package struct FormulaFailure: ClassifiedError {
        package var message: String
        package var json: String?
        package var refused: Bool
        /// Where in the LaTeX the typesetter stopped (`character 11`, 1-based as the message says it); nil when the
        /// failure is the whole formula's. The service answers it as its error's `location`.
        package var location: String? = nil
        package var description: String { message }
        /// The message already says where (`character 11: missing }`): the line is the message alone.
        package var failureLine: String { message }
        package var kind: FailureKind { refused ? .refused : .unreadable }
    }

    /// `latex` as MathML Core (`math --format mathml`, `/math?format=mathml`): display or inline as the job says; a
    /// formula that does not parse is the typesetter's input error, with its character.
    package static func mathML(_ latex: String, job: FormulaJob) throws -> String {
        let source = FormulaSource(latex)
        do {
            return try MathMLWriter.math(source.body, display: job.display, alttext: latex)
        } catch let error as MathParseError {
            let character = error.offset + source.leadingOffset + 1
            throw FormulaFailure(message: "cannot read the formula at character \(character): \(error.message)", json: nil, refused: true,
                                 location: "character \(character)")
        }
    }

    /// Typesets `latex` alone as `math` does and `POST /math` answers: the `--json` line, the image in `format`.
    package static func typeset(_ latex: String, job: FormulaJob, format: Renderer.Format?, json: Bool, typesetter: FormulaTypesetter) throws -> FormulaResult {
        var warnings: [String] = []
        var formula: Formula
        // A formula alone is its own message: without a CJK locale its kana or Hangul choose the Han forms.
        var tally = HanTally()
        tally.count(latex)
        let region = job.locale.messageRegion(tally)
        switch typesetter.typeset(latex, display: job.display, size: job.size, color: job.color, hanRegion: region) {
        case .success(let typeset): formula = typeset
        case .failure(let error):
            throw FormulaFailure(message: "cannot typeset the formula: \(error)",
                          json: json ? JSONOut.object([("fallback", .bool(true)), ("error", .string(error.description))]).serialized(pretty: false) : nil,
                          refused: false, location: error.offset.map { "character \($0 + 1)" })
        }
        // Characters no installed font draws: a warning, an error under --strict (docs/rendering.md "Fonts and scripts").
        if !formula.missingCodePoints.isEmpty {
            let names = formula.missingCodePoints.prefix(12).map(MissingGlyph.name).joined(separator: ", ")
            if job.strict { throw FormulaFailure(message: "no font draws \(names) in the formula", json: nil, refused: true) }
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
        let extent = format?.isRaster == true ? "\(pixelWidth)×\(pixelHeight) px" : "\(width.clean)×\(height.clean) pt"
        guard let format else { return FormulaResult(json: line, image: nil, extent: extent, warnings: warnings) }
        // A PNG is one Cairo surface: at most 32,767 pixels a side and `Canvas.maxSurfacePixels` in all, whatever the
        // size, scale and padding that make it.
        if format.isRaster, !Canvas.fitsOneSurface(pixelWidth: pixelWidth, pixelHeight: pixelHeight) {
            let side = Double(Canvas.maxRasterSide) / max(width, height), area = (Double(Canvas.maxSurfacePixels) / (width * height)).squareRoot()
            let fitting = (min(side, area) * 100).rounded(.down) / 100
            let size = (job.size * fitting / scale * 100).rounded(.down) / 100
            throw FormulaFailure(message: "the formula is \(pixelWidth) × \(pixelHeight) px at --size \(job.size.clean) --scale \(scale.clean) --padding \(padding.clean), "
                          + "more than a PNG holds (\(Canvas.maxRasterSide) px a side, \(Canvas.maxSurfacePixels) pixels in all): use --scale \(fitting.clean) or lower, "
                          + "--size \(size.clean) or lower, less --padding, or SVG or PDF output", json: line, refused: true)
        }
        var frame = Frame()
        if let background = job.background { frame.append(.paint(.solid(background))) }
        frame.append(contentsOf: formula.frame.offsetBy(dx: padding - left, dy: padding + ascent))
        // A formula's alt text is its TeX source, as a block formula's is in a message's ("formula: " there).
        let altText = AltTextMetadata(text: latex, language: job.locale.identifier)
        let bytes = try Renderer().encode(frame, width: width, height: height, scale: scale, opaque: (job.background?.a ?? 0) >= 1, altText: altText, as: format)
        return FormulaResult(json: line, image: bytes, extent: extent, warnings: warnings)
    }
}
