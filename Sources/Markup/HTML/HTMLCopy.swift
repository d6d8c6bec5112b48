import Document

/// The message as a web page (`ipraster markdown --format html`, issue 63): an HTML5 document whose `<article>` holds
/// the message's blocks as Rich HTML (`HTMLWriter`: Telegram's tags, ipraster's `ipr-` ones where Telegram has none),
/// with every formula as MathML (`<math>` with the TeX as `alttext` and annotation) so browsers and screen readers
/// read it. `HTMLReader` reads the page back, `<math>` as the formula of its `alttext`.
public enum HTMLCopy {
    /// `mathML` writes a formula's source as one `<math>` element (display: a block formula); nil keeps Telegram's
    /// `<tg-math>` tag for it (a formula that does not parse). `language`: the page's BCP 47 tag; `title`: its title.
    public static func document(_ document: Document, language: String?, title: String,
                                mathML: @escaping @Sendable (_ source: String, _ display: Bool) -> String?) -> String {
        let body = HTMLWriter.Formulas.$current.withValue(HTMLWriter.Formulas(mathML)) {
            HTMLWriter.blocks(document.blocks, media: document.media).joined(separator: "\n")
        }
        let lang = language.map { " lang=\"\(HTMLWriter.attribute($0))\"" } ?? ""
        let direction = document.rtl ? " dir=\"rtl\"" : ""
        return "<!DOCTYPE html>\n<html\(lang)\(direction)>\n<head>\n<meta charset=\"utf-8\">\n<title>\(HTMLWriter.literal(title))</title>\n</head>\n"
            + "<body>\n<article>\n" + body + (body.isEmpty ? "" : "\n") + "</article>\n</body>\n</html>\n"
    }
}
