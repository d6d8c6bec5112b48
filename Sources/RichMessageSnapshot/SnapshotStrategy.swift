import GoldenKit
import RenderOptions
import RichMessageRenderer

/// How a snapshot is taken and compared, as swift-snapshot-testing's `as:` strategies are:
///
///     assertSnapshot(of: .markdown(answer))                                   // .image: the PNG, default settings
///     assertSnapshot(of: .markdown(answer), as: .image(width: 360, theme: .night))
///     assertSnapshot(of: .file("page.json"), as: .layoutDump)                 // the layout as text, numbers to 0.01
///
/// An image is compared with pixelmatch's semantics (the budget `ipraster check` uses); `masks` are canvas
/// rectangles in points (the layout JSON's canvas coordinates) left out of the comparison. A layout dump is
/// compared line by line and stored as `<test>.<n>.layout.txt`.
public struct SnapshotStrategy: Sendable {
    public enum Kind: Sendable, Equatable {
        /// The rendered PNG.
        case image
        /// `PageLayout.textDump()`: one line per item and text line, the geometry a reviewer reads as numbers.
        case layoutDump
    }

    public var kind: Kind
    /// The settings the page is rendered with (`format` and the file options are ignored: a snapshot is a PNG).
    public var settings: RenderSettings
    /// Canvas rectangles (points) that the image comparison ignores.
    public var masks: [IgnoreRegion]

    public init(kind: Kind, settings: RenderSettings = RenderSettings(), masks: [IgnoreRegion] = []) {
        self.kind = kind
        self.settings = settings
        self.masks = masks
    }

    /// The PNG at ipraster's defaults (320 pt wide, scale 2, day theme).
    public static let image = SnapshotStrategy(kind: .image)

    /// The PNG with the settings named here changed from the defaults; `settings` starts from something else.
    public static func image(width: Double? = nil, scale: Double? = nil, theme: Theme? = nil, outgoing: Bool? = nil,
                             rtl: Bool? = nil, settings: RenderSettings = RenderSettings(), masks: [IgnoreRegion] = []) -> SnapshotStrategy {
        SnapshotStrategy(kind: .image, settings: settings.changing(width: width, scale: scale, theme: theme, outgoing: outgoing, rtl: rtl),
                         masks: masks)
    }

    /// The layout dump at ipraster's defaults.
    public static let layoutDump = SnapshotStrategy(kind: .layoutDump)

    /// The layout dump with the settings named here changed from the defaults.
    public static func layoutDump(width: Double? = nil, scale: Double? = nil, theme: Theme? = nil, outgoing: Bool? = nil,
                                  rtl: Bool? = nil, settings: RenderSettings = RenderSettings()) -> SnapshotStrategy {
        SnapshotStrategy(kind: .layoutDump, settings: settings.changing(width: width, scale: scale, theme: theme, outgoing: outgoing, rtl: rtl))
    }

    /// The image with ipraster's render options as the command line writes them (`["--theme", "night"]`,
    /// `--mask X,Y,W,H` too): the settings of the deprecated `arguments:` parameter.
    public static func image(arguments: [String]) throws -> SnapshotStrategy {
        // The golden harness's recipe for a case's arguments, the one the command line's `check` uses.
        let (settings, masks) = try GoldenHarness.Case(name: "snapshot", fixture: "", golden: "", arguments: arguments).settings()
        return SnapshotStrategy(kind: .image, settings: settings, masks: masks)
    }

    /// The file extension of the stored snapshot.
    var fileExtension: String { kind == .image ? "png" : "layout.txt" }
}

extension RenderSettings {
    func changing(width: Double?, scale: Double?, theme: Theme?, outgoing: Bool?, rtl: Bool?) -> RenderSettings {
        var settings = self
        if let width { settings.layout.width = width }
        if let scale { settings.layout.scale = scale }
        if let theme { settings.layout.theme = theme }
        if let outgoing { settings.layout.outgoing = outgoing }
        if let rtl { settings.rtl = rtl }
        return settings
    }
}
