import Foundation

/// The name of the type whose body holds a line of a Swift source file: `final class AnswerTests: XCTestCase {`
/// … line 12 … `}` → `AnswerTests`. Snapshot artifacts are kept per test class, and XCTest on Linux has no public
/// way to ask which test case is running before a test observer has seen one start (the first test of a run), so
/// the test file itself is read.
///
/// Written by hand because it needs so little of Swift: it follows braces, skips comments and string literals
/// (plain, multi-line and raw), and remembers the name after `class`, `struct`, `enum`, `actor` and `extension`
/// until the brace that opens its body. No Swift parser is available as a Debian package, and SwiftPM cannot
/// fetch swift-syntax here.
enum EnclosingType {
    /// The innermost type around `line` (1-based), or nil when the line is outside every type body or the file
    /// cannot be read.
    static func name(inFile path: String, line: Int) -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return name(in: text, line: line)
    }

    /// The types of a source file whose bodies declare a function named `function` (`func testX(`).
    static func types(declaring function: String, in text: String) -> Set<String> {
        var types = Set<String>()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("func \(function)(") {
            if let type = name(in: text, line: index + 1) { types.insert(type) }
        }
        return types
    }

    static func name(in text: String, line target: Int) -> String? {
        let characters = Array(text.unicodeScalars)
        var stack: [String?] = []
        var pending: String?
        var line = 1
        var index = 0
        /// The innermost named scope at the moment.
        func current() -> String? { stack.last(where: { $0 != nil }) ?? nil }
        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if line > target { break }
            switch character {
            case "\n":
                line += 1
                index += 1
                if line > target { return current() }
            case "/" where peek(1) == "/":
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case "/" where peek(1) == "*":
                var depth = 0
                while index < characters.count {
                    if characters[index] == "/", peek(1) == "*" { depth += 1; index += 2; continue }
                    if characters[index] == "*", peek(1) == "/" { depth -= 1; index += 2; if depth == 0 { break } else { continue } }
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
            case "#" where peek(1) == "\"" || peek(1) == "#":
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                guard peek(hashes) == "\"" else { index += hashes; continue }
                index += hashes
                line += skipString(characters, &index, hashes: hashes)
            case "\"":
                line += skipString(characters, &index, hashes: 0)
            case "{":
                stack.append(pending)
                pending = nil
                index += 1
            case "}":
                if !stack.isEmpty { stack.removeLast() }
                index += 1
            case _ where isIdentifierStart(character):
                var end = index
                while end < characters.count, isIdentifierPart(characters[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(characters[index..<end]))
                index = end
                if ["class", "struct", "enum", "actor", "extension", "protocol"].contains(word) {
                    while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
                    var nameEnd = index
                    while nameEnd < characters.count, isIdentifierPart(characters[nameEnd]) || characters[nameEnd] == "." { nameEnd += 1 }
                    if nameEnd > index {
                        let name = String(String.UnicodeScalarView(characters[index..<nameEnd]))
                        // `class func`, `class var`: a member, not a type.
                        if !["func", "var", "let", "subscript", "override", "final"].contains(name) {
                            pending = name.split(separator: ".").last.map(String.init)
                        }
                        index = nameEnd
                    }
                }
            default:
                index += 1
            }
        }
        return line <= target ? nil : current()
    }

    /// Moves `index` from a string's opening quote past its end; returns the newlines it held.
    private static func skipString(_ characters: [Unicode.Scalar], _ index: inout Int, hashes: Int) -> Int {
        let multiLine = index + 2 < characters.count && characters[index + 1] == "\"" && characters[index + 2] == "\""
        let quotes = multiLine ? 3 : 1
        index += quotes
        var newlines = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                newlines += 1
                if !multiLine { index += 1; return newlines }
            }
            if character == "\\", hashes == 0 { index += 2; continue }
            if character == "\"" {
                var run = 0
                while index + run < characters.count, characters[index + run] == "\"", run < quotes { run += 1 }
                if run == quotes {
                    var closing = 0
                    while index + run + closing < characters.count, characters[index + run + closing] == "#", closing < hashes { closing += 1 }
                    if closing == hashes { index += run + closing; return newlines }
                }
            }
            index += 1
        }
        return newlines
    }

    private static func isIdentifierStart(_ character: Unicode.Scalar) -> Bool {
        character == "_" || CharacterSet.letters.contains(character)
    }

    private static func isIdentifierPart(_ character: Unicode.Scalar) -> Bool {
        character == "_" || CharacterSet.alphanumerics.contains(character)
    }
}
