import Document

/// Rich HTML files (`.html`, `.htm`, `--from html`): one message.
public enum HTMLFormat: InputFormat {
    public static let name = "html"
    public static let fileExtensions = ["html", "htm"]

    /// Text that starts with a document or block-level tag of Rich HTML (`<!doctype`, `<html>`, `<p>`, `<h2>`,
    /// `<ul>`, `<table>`, `<blockquote>`, `<pre>`, `<figure>`, `<details>`, `<tg-…>`, `<ipr-…>` …) and ends
    /// with a tag. Markdown may start with such a tag too; it then has Markdown after its last tag.
    public static func sniff(_ bytes: [UInt8]) -> Bool {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
        var end = bytes.count
        while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
        guard end - start >= 3, bytes[start] == UInt8(ascii: "<"), bytes[end - 1] == UInt8(ascii: ">") else { return false }
        let head = String(decoding: bytes[(start + 1)..<min(end, start + 40)], as: UTF8.self).lowercased()
        if head.hasPrefix("!doctype") || head.hasPrefix("!--") { return true }
        let name = head.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        guard let next = head.dropFirst(name.count).first, next == ">" || next == " " || next == "/" || next == "\n" else { return false }
        return blockTags.contains(String(name)) || name.hasPrefix("tg-") || name.hasPrefix("ipr-")
    }

    static let blockTags: Set<String> = ["html", "body", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "blockquote", "pre",
                                         "figure", "details", "aside", "footer", "header", "hr", "div", "section", "article", "img", "video", "audio"]

    public static func decode(_ bytes: [UInt8], options: DecodeOptions) throws -> DecodedInput {
        let text = try MarkdownFormat.text(bytes, kind: "HTML")
        let result: MarkupResult
        do {
            result = try HTMLReader.read(text)
        } catch let error as MarkupError {
            throw error.decodeError()
        }
        return try MarkdownFormat.input(result, format: .html, options: options)
    }
}
