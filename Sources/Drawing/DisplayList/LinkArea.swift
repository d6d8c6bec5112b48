/// A clickable area of the page (PDF link annotations): where a link's text lies, and where it goes.
public struct LinkArea: Sendable, Equatable {
    /// `https://…`, `mailto:…`, `tel:…`, `tg://…`.
    public var uri: String
    /// One rectangle per line the link's text occupies.
    public var rects: [Rect]

    public init(uri: String, rects: [Rect]) {
        self.uri = uri
        self.rects = rects
    }

    /// The schemes a link may keep in an output file: the web, Telegram, mail and phone. Anything else the message
    /// names (`javascript:`, `file:`, `data:`, a bare path) would run or open something on the reader's machine
    /// when clicked, so it is drawn as text without a link.
    public static let schemes: Set<String> = ["http", "https", "tg", "mailto", "tel"]

    /// Whether the target may be a link action: one of `schemes`, or a place in the document (`#name`).
    public var isSafeTarget: Bool {
        // Readers drop leading spaces and control characters before reading the scheme (" javascript:" runs).
        let scalars = uri.unicodeScalars.drop { $0.value <= 0x20 }
        if scalars.first == "#" { return true }
        guard let colon = scalars.firstIndex(of: ":") else { return false }
        let scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
        return Self.schemes.contains(scheme)
    }
}
