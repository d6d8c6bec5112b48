/// Bounds on the two shapes of input whose parsing costs grow with their square in the libraries (issue 56), checked
/// in one linear pass before the text reaches them, with the source position of what breaks them:
///
/// - **pipes on a line**: libcmark-gfm's table extension splits every paragraph line it tries as a table row into
///   cells by appending each to the end of a linked list, so a line of n unescaped `|` costs n²/2 steps (30 lines of
///   30,000 pipes took 30 s), in a table or not. A line of more than `maxPipesPerLine` is refused, except inside a
///   fenced code block (never parsed as a table). A real table has at most 20 columns (the Bot API's limit).
/// - **attributes of a tag**: libxml2's HTML parser compares each attribute's name with every one before it (80,000
///   attributes took 16 s). A tag of more than `maxAttributesPerTag` is refused; quoted values are skipped, so a
///   `>` inside one does not end the tag.
///
/// Written by hand: the check is a scan of bytes; neither library has a setting for these bounds.
enum MarkupLimits {
    static let maxPipesPerLine = 256
    static let maxAttributesPerTag = 256

    /// Refuses a Markdown text with a line of more than `maxPipesPerLine` unescaped pipes outside fenced code.
    static func checkPipes(_ text: String) throws {
        var line = 1, lineStart = 0, index = 0
        var pipes = 0, backslashes = 0
        var fence: (byte: UInt8, length: Int)?
        let bytes = Array(text.utf8)
        func finishLine(end: Int) {
            // A fence opens or closes on a line of at least three ` or ~ after up to three spaces and any `>`
            // markers (a container's); this is what keeps code blocks out of the count.
            var at = lineStart
            while at < end, bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: ">") || bytes[at] == UInt8(ascii: "\t") { at += 1 }
            if at < end, bytes[at] == UInt8(ascii: "`") || bytes[at] == UInt8(ascii: "~") {
                let byte = bytes[at]
                var run = 0
                while at + run < end, bytes[at + run] == byte { run += 1 }
                if run >= 3 {
                    if let open = fence {
                        if open.byte == byte, run >= open.length { fence = nil }
                    } else {
                        fence = (byte, run)
                    }
                }
            }
        }
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                finishLine(end: index)
                line += 1
                lineStart = index + 1
                pipes = 0
                backslashes = 0
                index += 1
                continue
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: "|"), backslashes % 2 == 0, fence == nil {
                pipes += 1
                if pipes > maxPipesPerLine {
                    throw MarkupError(line: line, column: column(of: index, lineStart: lineStart, in: bytes),
                                      message: "a line with more than \(maxPipesPerLine) unescaped | (a table has at most 20 columns; escape a literal | as \\|)")
                }
            }
            backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
            index += 1
        }
    }

    /// Refuses a text (HTML, or Markdown with inline HTML) with a tag of more than `maxAttributesPerTag` attributes.
    static func checkAttributes(_ text: String) throws {
        let bytes = Array(text.utf8)
        var index = 0, line = 1, lineStart = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        func advance() {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isLetter(bytes[index + 1]) else {
                advance()
                continue
            }
            let tagLine = line, tagColumn = column(of: index, lineStart: lineStart, in: bytes)
            advance()
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") { advance() }
            // Attributes: a name, optionally `=` and a value (quoted, or up to white space or `>`).
            var attributes = 0
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                let byte = bytes[index]
                if isSpace(byte) || byte == UInt8(ascii: "/") {
                    advance()
                    continue
                }
                attributes += 1
                if attributes > maxAttributesPerTag {
                    throw MarkupError(line: tagLine, column: tagColumn, message: "a tag with more than \(maxAttributesPerTag) attributes")
                }
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") { advance() }
                while index < bytes.count, isSpace(bytes[index]) { advance() }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                advance()
                while index < bytes.count, isSpace(bytes[index]) { advance() }
                guard index < bytes.count else { break }
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    advance()
                    while index < bytes.count, bytes[index] != quote { advance() }
                    if index < bytes.count { advance() }
                } else {
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { advance() }
                }
            }
        }
    }

    /// The 1-based column, in characters, of byte `index` on the line starting at byte `lineStart`.
    private static func column(of index: Int, lineStart: Int, in bytes: [UInt8]) -> Int {
        String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
    }
}
