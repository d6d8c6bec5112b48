/// What a page says in words, embedded in every output it is painted to (issue 63): a PNG's `iTXt` "Description", an
/// SVG's `<title>` and `<desc>`, a PDF's title, subject and language. Made by layout from the message (`AltText`);
/// paint only writes it.
public struct AltTextMetadata: Sendable, Equatable {
    /// The message as plain text in reading order, control characters other than line feeds and tabs removed (a
    /// PNG text chunk, XML and PDF strings hold them all).
    public let text: String
    /// The BCP 47 tag of the text's language (`--locale`, "en" by default), `-` between subtags; nil: not said.
    public let language: String?

    public init(text: String, language: String?) {
        self.text = String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.properties.generalCategory == .surrogate || scalar.value == 0xFFFE || scalar.value == 0xFFFF)
        }))
        let tag = language.map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "_" ? "-" : $0 })) }
        self.language = tag.flatMap { tag in
            !tag.isEmpty && tag.utf8.count <= 64 && tag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
                ? tag : nil
        }
    }

    /// The first line that is not blank, trimmed: a title (SVG `<title>`, the PDF's title).
    public var title: String {
        for line in text.split(separator: "\n") {
            let scalars = line.unicodeScalars
            let blank: (Unicode.Scalar) -> Bool = { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
            if let first = scalars.firstIndex(where: { !blank($0) }), let last = scalars.lastIndex(where: { !blank($0) }) {
                return String(String.UnicodeScalarView(scalars[first...last]))
            }
        }
        return ""
    }
}
