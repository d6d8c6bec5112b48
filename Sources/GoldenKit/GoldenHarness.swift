import FoundationEssentials
import Images
import Primitives
import Layout
import ProcessSupport
import RichMessageRenderer
import RenderOptions

/// Golden-image checking shared by `ipraster check` and the test suite: `<fixtures>/<case>.json` (or `.md`) is
/// rendered (with the options of an optional `<case>.args`) and compared with `<golden>/<case>.png`.
public final class GoldenHarness {
    public enum RecordMode: String, Sendable, CaseIterable {
        case all, missing, failed, never
    }

    public struct Case: Sendable {
        /// Path relative to the fixtures folder, without ".json" or ".md" (`text/heading-levels`).
        public var name: String
        public var fixture: String
        public var golden: String
        public var arguments: [String]

        /// An option in a case's `.args` that is unknown or that a golden cannot honour.
        public struct BadArguments: ClassifiedError {
            public var kind: FailureKind { .usage }
            public let description: String
        }

        /// The settings a case renders with, the one recipe of the harness, the tests' walk over the corpus and the
        /// snapshot library: its arguments' render options and `--mask` regions, the raster limit of one surface
        /// (goldens are one image), a relative `--media` found beside the fixture. An unknown option, or one a golden
        /// cannot honour (`--format svg`: goldens are PNG), is an error.
        public func settings() throws -> (settings: RenderSettings, masks: [IgnoreRegion]) {
            let split = try IgnoreRegion.split(arguments)
            let options = try RenderOptions.parse(split.rest)
            let origin = fixture.isEmpty ? "the arguments" : "\(name).args"
            if let unknown = options.remaining.first { throw BadArguments(description: "unknown option \(Diagnostic.quoted(unknown)) in \(origin)") }
            var settings = options.settings
            if let format = settings.format, format != .png {
                throw BadArguments(description: "--format \(format) in \(origin) does not apply: golden cases are rendered and compared as PNG")
            }
            settings.layout.limitToRaster()
            if let media = settings.mediaDirectory, !media.hasPrefix("/"), !fixture.isEmpty {
                settings.mediaDirectory = PathName.parent(fixture) + "/" + media
            }
            return (settings, split.masks)
        }

        public init(name: String, fixture: String, golden: String, arguments: [String]) {
            self.name = name
            self.fixture = fixture
            self.golden = golden
            self.arguments = arguments
        }
    }

    public enum Outcome: Sendable, Equatable {
        case passed
        case recorded
        /// The case failed; `recorded` when `--record failed` rewrote its golden.
        case failed(reason: String, recorded: Bool)
    }

    public struct Budget: Sendable {
        /// nil = unset; with neither budget set nothing may differ.
        public var maxDiffPixels: Int?
        public var maxDiffRatio: Double?

        public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) {
            self.maxDiffPixels = maxDiffPixels
            self.maxDiffRatio = maxDiffRatio
        }

        /// With both budgets set, the smaller one applies.
        public func allowedPixels(width: Int, height: Int) -> Int {
            let byRatio = maxDiffRatio.map { Int(($0 * Double(width * height)).rounded(.down)) }
            switch (maxDiffPixels, byRatio) {
            case (nil, nil): return 0
            case (let pixels?, nil): return pixels
            case (nil, let ratio?): return ratio
            case (let pixels?, let ratio?): return min(pixels, ratio)
            }
        }
    }

    public let fixtures: String
    public let goldenDirectory: String
    public let record: RecordMode
    public let compare: PixelMatchOptions
    public let budget: Budget
    public let artifacts: String
    private let pipeline: RenderPipeline
    private var recordedFingerprint = false
    /// Differing pixels and their share of the image, by case name, for every case whose image was compared
    /// with a golden of the same size (reporters read them after the run).
    public private(set) var measurements: [String: (diffPixels: Int, diffRatio: Double)] = [:]

    /// The artifact files of a failing case, by kind (expected, actual, diff, panels), as written.
    public static let artifactKinds = ["expected", "actual", "diff", "panels"]

    /// `artifacts`' default: `.build/golden-artifacts` beside the golden folder (in its parent), so a run
    /// from any directory puts them in the same place.
    public static func defaultArtifacts(golden: String) -> String {
        let parent = PathName.parent(URL(fileURLWithPath: golden).standardizedFileURL.path)
        return (parent.isEmpty ? "." : parent) + "/.build/golden-artifacts"
    }

    /// Where a case's artifact of `kind` is (whether or not it exists).
    public func artifactPath(_ testCase: Case, _ kind: String) -> String { artifacts + "/" + testCase.name + "." + kind + ".png" }

    /// The layout dumps a failing layout comparison leaves (`layout.expected`, `layout.actual`: `.txt`), by kind.
    public func layoutArtifactPaths(_ testCase: Case) -> [(kind: String, path: String)] {
        ["expected", "actual"].map { ("layout." + $0, artifacts + "/" + testCase.name + ".layout." + $0 + ".txt") }
    }

    /// This machine's environment fingerprint (font files, library versions), as the reports show it.
    public var environment: EnvironmentFingerprint { EnvironmentFingerprint.current(fonts: pipeline.fonts) }

    public init(fixtures: String, golden: String, record: RecordMode, compare: PixelMatchOptions = PixelMatchOptions(),
                budget: Budget = Budget(), artifacts: String, pipeline: RenderPipeline) {
        self.fixtures = fixtures
        goldenDirectory = golden
        self.record = record
        self.compare = compare
        self.budget = budget
        self.artifacts = artifacts
        self.pipeline = pipeline
    }

    /// The record mode in force and how it was chosen.
    public struct RecordDecision: Sendable, Equatable {
        public var mode: RecordMode
        /// Set when a requested mode is overridden (under `CI`).
        public var warning: String?
        /// false for the default `missing`: recording a missing golden then fails the run, as
        /// swift-snapshot-testing does, so a new case cannot pass by being recorded.
        public var explicit: Bool
    }

    /// An `IPRASTER_RECORD` value that names no mode (a usage error, not something to ignore).
    public struct InvalidRecordMode: ClassifiedError {
        public var kind: FailureKind { .usage }
        public let value: String
        public var description: String {
            "IPRASTER_RECORD must be all, missing, failed or never, not \(Diagnostic.quoted(value))"
        }
    }

    /// The record mode in force: the flag wins over `IPRASTER_RECORD`; under `CI` nothing is recorded.
    public static func effectiveMode(flag: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> RecordDecision {
        var fromEnvironment: RecordMode?
        if let text = environment["IPRASTER_RECORD"], !text.isEmpty {
            guard let mode = RecordMode(rawValue: text) else { throw InvalidRecordMode(value: text) }
            fromEnvironment = mode
        }
        let requested = flag ?? fromEnvironment
        if isCI(environment) {
            // Under CI nothing is recorded, whatever was asked: the default (missing) too.
            let ignored = requested.flatMap { $0 == .never ? nil : "CI is set: record mode \($0.rawValue) ignored, nothing is recorded" }
            return RecordDecision(mode: .never, warning: ignored, explicit: true)
        }
        return RecordDecision(mode: requested ?? .missing, warning: nil, explicit: requested != nil)
    }

    /// `CI` set to anything but "", "0" or "false".
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// The input files a case may be: JSON messages, Rich Markdown and Rich HTML.
    public static let caseExtensions = [".json", ".md", ".html"]

    /// Every `*.json`, `*.md` and `*.html` under the fixtures folder, sorted by path.
    public func discover() throws -> [Case] {
        let root = URL(fileURLWithPath: fixtures).standardizedFileURL.path
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else { throw NoCases(fixtures: fixtures, reason: "does not exist") }
        guard isDirectory else { throw NoCases(fixtures: fixtures, reason: "is not a folder") }
        let entries: [FolderWalk.Entry]
        do { entries = try FolderWalk.entries(under: root) } catch { throw FileContents.ReadError(path: fixtures) }
        var cases: [Case] = []
        for relative in entries.map(\.relative) {
            guard let ext = Self.caseExtensions.first(where: { relative.hasSuffix($0) }) else { continue }
            let name = String(relative.dropLast(ext.count))
            let argsPath = root + "/" + name + ".args"
            var arguments: [String] = []
            if let text = try? String(contentsOfFile: argsPath, encoding: .utf8) { arguments = Self.splitArguments(text) }
            cases.append(Case(name: name, fixture: root + "/" + relative, golden: goldenDirectory + "/" + name + ".png", arguments: arguments))
        }
        guard !cases.isEmpty else { throw NoCases(fixtures: fixtures, reason: "holds no *.json, *.md or *.html case") }
        return cases.sorted { $0.name < $1.name }
    }

    /// A fixtures folder without cases: a usage error, so a mistyped path cannot pass a CI run.
    public struct NoCases: ClassifiedError {
        public var kind: FailureKind { .usage }
        public let fixtures: String
        public let reason: String
        public var description: String { "the fixtures folder \(fixtures) \(reason)" }
    }

    /// Splits an `.args` file like a shell would (whitespace, single and double quotes; `#` comments).
    public static func splitArguments(_ text: String) -> [String] {
        var arguments: [String] = []
        for line in text.split(separator: "\n") where !line.trimmingWhitespace().hasPrefix("#") {
            var current = "", quote: Character?, started = false
            for character in line {
                if let open = quote {
                    if character == open { quote = nil } else { current.append(character) }
                } else if character == "\"" || character == "'" {
                    quote = character
                    started = true
                } else if character == " " || character == "\t" {
                    if started || !current.isEmpty { arguments.append(current) }
                    current = ""
                    started = false
                } else {
                    current.append(character)
                }
            }
            if started || !current.isEmpty { arguments.append(current) }
        }
        return arguments
    }

    public func run(_ testCase: Case) -> Outcome {
        let actual: RGBAImage
        let actualPNG: [UInt8]
        let dump: (text: String, maskedLines: Set<Int>)
        let masks: [IgnoreRegion]
        let scale: Double
        do {
            let recipe: (settings: RenderSettings, masks: [IgnoreRegion])
            do { recipe = try testCase.settings() } catch let error as Case.BadArguments { return .failed(reason: error.description, recorded: false) }
            let settings = recipe.settings
            masks = recipe.masks
            scale = settings.layout.scale
            let layout = try pipeline.page(try FileContents.read(testCase.fixture), path: testCase.fixture, settings: settings)
            dump = layout.textDump(masking: masks.map(\.rect))
            // What `ipraster render` writes, decoded: the goldens check the CLI's own output.
            actualPNG = try pipeline.encode(layout, as: .png, settings: settings).bytes
            actual = try PNGCodec.decode(actualPNG)
        } catch {
            return .failed(reason: "cannot render: \(error)", recorded: false)
        }
        let image = judge(actual, png: actualPNG, testCase, masks: masks, scale: scale)
        let text = judgeLayout(dump.text, testCase, maskedLines: dump.maskedLines)
        return Self.combine(image, text)
    }

    /// The layout text golden beside the PNG golden.
    public static func layoutGoldenPath(_ pngPath: String) -> String {
        (pngPath.hasSuffix(".png") ? String(pngPath.dropLast(4)) : pngPath) + ".layout.txt"
    }

    /// Compares the layout dump with `<case>.layout.txt` under the same record modes as the PNG. The dump's lines in
    /// `maskedLines` (text lines a mask meets) are compared by position and line box, not by width or character
    /// range: text under a mask (a time, a counter) may change, the geometry around it may not.
    public func judgeLayout(_ dump: String, _ testCase: Case, maskedLines: Set<Int> = []) -> Outcome {
        let path = Self.layoutGoldenPath(testCase.golden)
        let bytes = Array(dump.utf8)
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            if record == .never { return .failed(reason: "missing layout golden \(path)", recorded: false) }
            return saveText(bytes, to: path) ?? .recorded
        }
        if expected == dump || Self.sameUnderMasks(expected, dump, maskedLines: maskedLines) {
            // The layout artifacts of an earlier failure go with it, as the images do.
            let base = artifacts + "/" + testCase.name
            for suffix in [".layout.actual.txt", ".layout.expected.txt"] { try? FileManager.default.removeItem(atPath: base + suffix) }
            return .passed
        }
        if record == .all { return saveText(bytes, to: path) ?? .recorded }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = dump.split(separator: "\n", omittingEmptySubsequences: false)
        let index = (0..<min(expectedLines.count, actualLines.count)).first { expectedLines[$0] != actualLines[$0] } ?? min(expectedLines.count, actualLines.count)
        let expectedLine = index < expectedLines.count ? String(expectedLines[index]) : "(end)"
        let actualLine = index < actualLines.count ? String(actualLines[index]) : "(end)"
        let reason = "layout differs at line \(index + 1): expected \"\(expectedLine)\", got \"\(actualLine)\""
        if record == .failed {
            if let failure = saveText(bytes, to: path) { return failure }
            return .failed(reason: reason + " (layout golden re-recorded)", recorded: true)
        }
        let base = artifacts + "/" + testCase.name
        try? Self.makeDirectory(PathName.parent(base))
        try? AtomicFile.write(bytes, to: base + ".layout.actual.txt")
        try? AtomicFile.write(Array(expected.utf8), to: base + ".layout.expected.txt")
        return .failed(reason: reason + " (artifacts in \(base).layout.*)", recorded: false)
    }

    /// Whether two dumps agree where every line outside `maskedLines` is equal and every masked one has the same
    /// fields but its width: a text line's (the 4th after `line`; its `range=` too), an item's (`id kind block x y
    /// w h`: the 6th).
    static func sameUnderMasks(_ expected: String, _ actual: String, maskedLines: Set<Int>) -> Bool {
        guard !maskedLines.isEmpty else { return false }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        guard expectedLines.count == actualLines.count else { return false }
        for (index, (a, b)) in zip(expectedLines, actualLines).enumerated() where a != b {
            guard maskedLines.contains(index) else { return false }
            let fieldsA = a.split(separator: " ", omittingEmptySubsequences: false), fieldsB = b.split(separator: " ", omittingEmptySubsequences: false)
            guard fieldsA.count == fieldsB.count else { return false }
            if let at = fieldsA.firstIndex(of: "line") {
                guard fieldsB.firstIndex(of: "line") == at else { return false }
                for (position, (x, y)) in zip(fieldsA, fieldsB).enumerated() where x != y {
                    guard position == at + 3 || (x.hasPrefix("range=") && y.hasPrefix("range=")) else { return false }
                }
            } else {
                guard let first = fieldsA.firstIndex(where: { !$0.isEmpty }) else { return false }
                for (position, (x, y)) in zip(fieldsA, fieldsB).enumerated() where x != y {
                    guard position == first + 5 else { return false }
                }
            }
        }
        return true
    }

    private func saveText(_ bytes: [UInt8], to path: String) -> Outcome? {
        do {
            try Self.makeDirectory(PathName.parent(path))
            try AtomicFile.write(bytes, to: path)
            return nil
        } catch {
            return .failed(reason: "cannot record layout golden: \(error)", recorded: false)
        }
    }

    /// The outcome of a case from its image and layout outcomes: a failure wins, then a recording.
    static func combine(_ image: Outcome, _ layout: Outcome) -> Outcome {
        switch (image, layout) {
        case (.failed(let a, let ra), .failed(let b, let rb)): return .failed(reason: a + "; " + b, recorded: ra || rb)
        case (.failed, _): return image
        case (_, .failed): return layout
        case (.recorded, _), (_, .recorded): return .recorded
        case (.passed, .passed): return .passed
        }
    }


    /// Compares an image made elsewhere (e.g. a reveal contact sheet) with `testCase.golden`, recording
    /// and writing artifacts as `run` does. Pixels inside `masks` (canvas points at `scale`) are not compared.
    public func judge(_ actual: RGBAImage, png actualPNG: [UInt8], _ testCase: Case, masks: [IgnoreRegion] = [], scale: Double = 1) -> Outcome {
        guard FileManager.default.fileExists(atPath: testCase.golden) else {
            if record == .never { return .failed(reason: "missing golden \(testCase.golden)", recorded: false) }
            return save(actualPNG, testCase) ?? .recorded
        }
        if record == .all {
            clearArtifacts(testCase)
            let current = try? FileContents.read(testCase.golden)
            if current == actualPNG { return .passed }
            return save(actualPNG, testCase) ?? .recorded
        }
        let reason: String
        do {
            let expected = try PNGCodec.decode(try FileContents.read(testCase.golden))
            if expected.width != actual.width || expected.height != actual.height {
                reason = "size differs: expected \(expected.width)×\(expected.height), got \(actual.width)×\(actual.height)"
                writeArtifacts(testCase, expected: expected, actual: actual, diff: nil)
            } else {
                let compared = masks.isEmpty ? actual : actual.copying(masks, from: expected, scale: scale)
                let result = PixelMatch.compare(expected, compared, options: compare)
                let allowed = budget.allowedPixels(width: actual.width, height: actual.height)
                let ratio = Double(result.diffPixels) / Double(actual.width * actual.height)
                measurements[testCase.name] = (result.diffPixels, ratio)
                if result.diffPixels <= allowed {
                    clearArtifacts(testCase)
                    return .passed
                }
                reason = "\(result.diffPixels) pixels (ratio \(String(cFormat: "%.4f", ratio))) differ, \(allowed) allowed"
                    + (masks.isEmpty ? "" : " outside \(masks.count) mask\(masks.count == 1 ? "" : "s")")
                writeArtifacts(testCase, expected: expected.tinting(masks, scale: scale), actual: actual.tinting(masks, scale: scale),
                               diff: result.diff?.tinting(masks, scale: scale))
            }
        } catch {
            reason = "cannot read golden \(testCase.golden): \(error)"
        }
        let note = environmentNote().map { reason + "; " + $0 } ?? reason
        if record == .failed {
            if let failure = save(actualPNG, testCase) { return failure }
            return .failed(reason: note + " (golden re-recorded)", recorded: true)
        }
        return .failed(reason: note + " (artifacts in \(artifacts)/\(testCase.name).*)", recorded: false)
    }

    private var fingerprintPath: String { goldenDirectory + "/ENVIRONMENT" }

    /// When the stored fingerprint differs from this machine's, a note naming what changed.
    private func environmentNote() -> String? {
        guard let text = try? String(contentsOfFile: fingerprintPath, encoding: .utf8) else { return nil }
        let differences = EnvironmentFingerprint.current(fonts: pipeline.fonts).differences(from: EnvironmentFingerprint(text: text))
        guard !differences.isEmpty else { return nil }
        return "the goldens were recorded in another environment (" + differences.prefix(4).joined(separator: ", ") + ")"
    }

    private func save(_ png: [UInt8], _ testCase: Case) -> Outcome? {
        do {
            let directory = PathName.parent(testCase.golden)
            try Self.makeDirectory(directory)
            try AtomicFile.write(png, to: testCase.golden)
            if !recordedFingerprint {
                let text = EnvironmentFingerprint.current(fonts: pipeline.fonts).text
                if (try? String(contentsOfFile: fingerprintPath, encoding: .utf8)) != text {
                    try AtomicFile.write(Array(text.utf8), to: fingerprintPath)
                }
                recordedFingerprint = true
            }
            return nil
        } catch {
            return .failed(reason: "cannot record golden: \(error)", recorded: false)
        }
    }

    /// Creates a folder and its parents. Harnesses on other threads may create the same folder at the same
    /// moment (Foundation then reports that it exists): a folder that exists afterwards is success.
    static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory else { throw error }
        }
    }

    /// Removes the image artifacts an earlier run left for a case that now passes.
    private func clearArtifacts(_ testCase: Case) {
        for kind in Self.artifactKinds { try? FileManager.default.removeItem(atPath: artifactPath(testCase, kind)) }
    }

    /// expected / actual / diff PNGs and a 3-panel strip of them. Images of different sizes are compared on a
    /// canvas of the larger size (transparent where an image has no pixel), so a size change has a diff too.
    private func writeArtifacts(_ testCase: Case, expected: RGBAImage, actual: RGBAImage, diff: RGBAImage?) {
        let base = artifacts + "/" + testCase.name
        try? Self.makeDirectory(PathName.parent(base))
        var panels = [expected, actual]
        if let diff {
            panels.append(diff)
        } else if let image = Self.sizeChangeDiff(expected, actual, options: compare) {
            panels.append(image)
        }
        for (suffix, image) in zip(["expected", "actual", "diff"], panels) {
            if let png = try? PNGCodec.encode(image, opaque: false) { try? AtomicFile.write(png, to: "\(base).\(suffix).png") }
        }
        if let png = try? PNGCodec.encode(Self.strip(panels), opaque: false) { try? AtomicFile.write(png, to: "\(base).panels.png") }
    }

    /// The diff of two images of different sizes: both on a canvas of the larger size, compared where both have
    /// pixels, and every pixel only one of them covers drawn in the diff colour (`compare` and check's artifacts).
    public static func sizeChangeDiff(_ expected: RGBAImage, _ actual: RGBAImage, options: PixelMatchOptions) -> RGBAImage? {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        guard var diff = PixelMatch.compare(pad(expected, width, height), pad(actual, width, height), options: options, makeDiff: true).diff else {
            return nil
        }
        let commonWidth = min(expected.width, actual.width), commonHeight = min(expected.height, actual.height)
        let color = options.diffColor
        for y in 0..<height {
            for x in 0..<width where x >= commonWidth || y >= commonHeight {
                let index = (y * width + x) * 4
                diff.pixels[index] = color.0
                diff.pixels[index + 1] = color.1
                diff.pixels[index + 2] = color.2
                diff.pixels[index + 3] = 255
            }
        }
        return diff
    }

    /// `image` on a transparent canvas of `width` × `height`, at the top left.
    public static func pad(_ image: RGBAImage, _ width: Int, _ height: Int) -> RGBAImage {
        guard image.width != width || image.height != height else { return image }
        var canvas = RGBAImage(width: width, height: height)
        for y in 0..<image.height {
            let source = y * image.width * 4, target = y * width * 4
            canvas.pixels.replaceSubrange(target..<(target + image.width * 4), with: image.pixels[source..<(source + image.width * 4)])
        }
        return canvas
    }

    static func strip(_ images: [RGBAImage]) -> RGBAImage {
        let gap = 8
        let width = images.map(\.width).reduce(0, +) + gap * (images.count - 1)
        let height = images.map(\.height).max() ?? 0
        var strip = RGBAImage(width: width, height: height)
        var x0 = 0
        for image in images {
            for y in 0..<image.height {
                let source = y * image.width * 4
                let target = (y * width + x0) * 4
                strip.pixels.replaceSubrange(target..<(target + image.width * 4), with: image.pixels[source..<(source + image.width * 4)])
            }
            x0 += image.width + gap
        }
        return strip
    }
}
