import Document
import Drawing

/// The V2 page theme derived from a message's colours (`v2-render-facts.md` §2.3).
public struct PageColors: Sendable, Equatable {
    public var text: RGBA
    public var secondaryText: RGBA
    public var link: RGBA
    public var linkHighlight: RGBA
    public var marker: RGBA
    public var panelBackground: RGBA
    public var panelAccent: RGBA
    public var control: RGBA
    public var tableBorder: RGBA
    public var tableHeader: RGBA
    public var separator: RGBA
    public var quoteAccent: RGBA
    public var mediaActiveControl: RGBA
    public var fileTitle: RGBA
    public var fileDescription: RGBA
    /// The theme's tints for danger and success buttons (rows and inline pills).
    public var buttonDanger: RGBA = .hex("#E53935")
    public var buttonSuccess: RGBA = .hex("#31A952")

    /// `mainColor` is the author's name colour for incoming bubbles when given, else the accent text colour.
    public init(message msg: MessageColors, isDark: Bool, outgoing: Bool, authorColor: RGBA?) {
        let main = outgoing ? msg.accentText : (authorColor ?? msg.accentText)
        text = msg.primaryText
        secondaryText = msg.secondaryText
        link = msg.linkText
        linkHighlight = msg.linkText.multipliedAlpha(0.1)
        marker = .hex("#FEF3BC")
        panelBackground = msg.accentControl.multipliedAlpha(0.1)
        panelAccent = msg.accentText
        control = msg.accentControl
        let tinted = isDark || outgoing
        tableBorder = tinted ? msg.accentControl.multipliedAlpha(0.25) : RGBA.black.withAlpha(0.10)
        tableHeader = tinted ? msg.accentControl.multipliedAlpha(0.10) : RGBA.black.withAlpha(0.05)
        separator = msg.secondaryText.mixed(with: main.multipliedAlpha(0.2), 0.3)
        quoteAccent = main
        mediaActiveControl = msg.mediaActiveControl
        fileTitle = msg.fileTitle
        fileDescription = msg.fileDescription
    }
}
