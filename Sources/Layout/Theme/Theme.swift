import Document
import Drawing

/// The colours of one bubble direction (`v2-render-facts.md` §2.4, plus ipraster's bubble choices).
public struct MessageColors: Sendable, Equatable {
    public var primaryText: RGBA
    public var secondaryText: RGBA
    public var linkText: RGBA
    public var accentText: RGBA
    public var accentControl: RGBA
    public var mediaActiveControl: RGBA
    public var fileTitle: RGBA
    public var fileDescription: RGBA
    /// Bubble fill: a solid colour, or a vertical gradient (top, bottom) over the body.
    public var fillTop: RGBA
    public var fillBottom: RGBA
    /// Bubble outline (1 device pixel), or nil.
    public var outline: RGBA?
    /// The read ticks' colour (outgoing only).
    public var check: RGBA
}

/// A chat theme: both bubble directions, the wallpaper and the dark flag.
public struct Theme: Sendable, Equatable {
    public var name: String
    public var isDark: Bool
    public var wallpaper: RGBA
    public var incoming: MessageColors
    public var outgoing: MessageColors
    /// Buttons rows: the danger and success styles (ipraster's choices; primary is the accent, link the link colour).
    public var buttonDanger: RGBA = .hex("#E53935")
    public var buttonSuccess: RGBA = .hex("#31A952")

    public func colors(outgoing isOutgoing: Bool) -> MessageColors { isOutgoing ? outgoing : incoming }

    public static let builtInNames = ["day", "day-classic", "night"]

    public static func builtIn(_ name: String) -> Theme? {
        switch name {
        case "day": return day
        case "day-classic": return dayClassic
        case "night": return night
        default: return nil
        }
    }

    static let lightIncoming = MessageColors(
        primaryText: .hex("#000000"), secondaryText: .hex("#525252", alpha: 0.6), linkText: .hex("#004BAD"),
        accentText: .hex("#0088FF"), accentControl: .hex("#0088FF"), mediaActiveControl: .hex("#0088FF"),
        fileTitle: .hex("#0088FF"), fileDescription: .hex("#999999"),
        fillTop: .hex("#FFFFFF"), fillBottom: .hex("#FFFFFF"), outline: nil, check: .hex("#FFFFFF"))

    public static let day = Theme(
        name: "day", isDark: false, wallpaper: .hex("#E6EBEF"),
        incoming: lightIncoming,
        outgoing: MessageColors(
            primaryText: .hex("#FFFFFF"), secondaryText: .hex("#FFFFFF", alpha: 0.65), linkText: .hex("#FFFFFF"),
            accentText: .hex("#FFFFFF"), accentControl: .hex("#FFFFFF"), mediaActiveControl: .hex("#FFFFFF"),
            fileTitle: .hex("#FFFFFF"), fileDescription: .hex("#FFFFFF", alpha: 0.65),
            fillTop: .hex("#57B2E0"), fillBottom: .hex("#0088FF"), outline: nil, check: .hex("#FFFFFF")))

    public static let dayClassic: Theme = {
        var incoming = lightIncoming
        incoming.fileTitle = .hex("#0B8BED")
        incoming.outline = .hex("#86A9C9", alpha: 0.5)
        incoming.check = .hex("#19C700")
        return Theme(
            name: "day-classic", isDark: false, wallpaper: .hex("#D3DDE6"),
            incoming: incoming,
            outgoing: MessageColors(
                primaryText: .hex("#000000"), secondaryText: .hex("#008C09", alpha: 0.8), linkText: .hex("#004BAD"),
                accentText: .hex("#00A700"), accentControl: .hex("#3FC33B"), mediaActiveControl: .hex("#3FC33B"),
                fileTitle: .hex("#3FAA3C"), fileDescription: .hex("#6FB26A"),
                fillTop: .hex("#E1FFC7"), fillBottom: .hex("#E1FFC7"), outline: .hex("#86A9C9", alpha: 0.5), check: .hex("#19C700")))
    }()

    public static let night = Theme(
        name: "night", isDark: true, wallpaper: .hex("#0F0F0F"),
        incoming: MessageColors(
            primaryText: .hex("#FFFFFF"), secondaryText: .hex("#FFFFFF", alpha: 0.5), linkText: .hex("#FFFFFF"),
            accentText: .hex("#FFFFFF"), accentControl: .hex("#FFFFFF"), mediaActiveControl: .hex("#FFFFFF"),
            fileTitle: .hex("#FFFFFF"), fileDescription: .hex("#FFFFFF", alpha: 0.5),
            fillTop: .hex("#1D1D1D", alpha: 0.9), fillBottom: .hex("#1D1D1D", alpha: 0.9), outline: nil, check: .hex("#FFFFFF")),
        outgoing: MessageColors(
            primaryText: .hex("#FFFFFF"), secondaryText: .hex("#FFFFFF", alpha: 0.5), linkText: .hex("#FFFFFF"),
            accentText: .hex("#FFFFFF"), accentControl: .hex("#FFFFFF"), mediaActiveControl: .hex("#FFFFFF"),
            fileTitle: .hex("#FFFFFF"), fileDescription: .hex("#FFFFFF", alpha: 0.5),
            fillTop: .hex("#61BCF9"), fillBottom: .hex("#007AFF"), outline: nil, check: .hex("#FFFFFF")))

    /// The seven default author name colours (`PeerNameColors.defaultSingleColors`, keys 0-6).
    public static let authorColors: [RGBA] = ["#CC5049", "#D67722", "#955CDB", "#40A920", "#309EBA", "#368AD1", "#C7508B"].map { RGBA.hex($0) }
}
