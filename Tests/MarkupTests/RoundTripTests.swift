import Document
import Foundation
@testable import Markup
import XCTest

/// Blocks → Markdown → blocks gives the same document for every shared sample and JSON fixture, up to the
/// documented caveats (seed "Copying rich messages as markdown" and `MarkdownWriter`), compared as a normalised
/// outline: block kinds and their plain text.
final class RoundTripTests: XCTestCase {
    /// The caveats, each with its reason: what the outline maps or leaves out.
    static let caveats = """
    title/header → heading 1, subtitle/subheader → heading 2, kicker and footer → paragraph: Markdown has one heading ladder and no kicker;
    pull quote → block quote: Markdown has one quote;
    embedded post, channel, related articles, unsupported: no Markdown form; an embed → a link to it, author/date → its author line;
    cover → its inner block; a quote's credit → its last paragraph ("— credit"); a table's caption → the paragraph above it;
    inline images (MTProto TextImage): no Markdown form; a custom emoji's missing alt → a space (the seed's marker rule);
    table spans are flattened and empty cells added.
    """

    /// One line per block, nested blocks indented; text as its plain text with white space collapsed.
    static func outline(_ blocks: [Block], depth: Int = 0) -> [String] {
        var lines: [String] = []
        func text(_ rich: RichText) -> String {
            var plain = Self.plain(rich).replacingOccurrences(of: "\u{FFFC}", with: "")
            plain = plain.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return plain
        }
        func add(_ kind: String, _ rich: RichText? = nil) { lines.append(String(repeating: "  ", count: depth) + kind + (rich.map { " " + text($0) } ?? "")) }
        for block in blocks {
            switch block {
            case .title(let t), .header(let t): add("heading1", t)
            case .subtitle(let t), .subheader(let t): add("heading2", t)
            case .heading(let level, let t): add("heading\(level)", t)
            case .kicker(let t), .paragraph(let t), .footer(let t): if !text(t).isEmpty { add("paragraph", t) }
            case .preformatted(let t, let language): add("code[\(language)]", t)
            case .formula(let source, _): add("formula " + source.trimmingSpaces)
            case .divider: add("divider")
            case .anchor(let name): add("anchor " + name)
            case .list(let list):
                add("list" + (list.ordered ? " ordered" : ""))
                for item in list.items {
                    lines.append(String(repeating: "  ", count: depth + 1) + "item" + (item.hasCheckbox ? (item.isChecked ? " [x]" : " [ ]") : ""))
                    lines += outline(item.blocks, depth: depth + 2)
                }
            case .blockQuote(let inner, let credit, _):
                add("quote")
                lines += outline(inner + (credit.isEmpty ? [] : [.paragraph(.concat([.plain("— "), credit]))]), depth: depth + 1)
            case .pullQuote(let t, let credit):
                add("quote")
                lines += outline([.paragraph(t)] + (credit.isEmpty ? [] : [.paragraph(.concat([.plain("— "), credit]))]), depth: depth + 1)
            case .table(let table):
                if !table.title.isEmpty { add("paragraph", table.title) }
                add("table")
                for row in table.rows { lines.append(String(repeating: "  ", count: depth + 1) + row.map { text($0.text ?? .empty) }.filter { !$0.isEmpty }.joined(separator: " | ")) }
            case .details(let title, let inner, let open):
                add("details" + (open ? " open" : ""), title)
                lines += outline(inner, depth: depth + 1)
            case .thinking(let t): add("thinking", t)
            case .photo, .video, .audio, .document: add(block.typeName)
            case .collage(let items, _), .slideshow(let items, _):
                add(block.typeName)
                lines += outline(items, depth: depth + 1)
            case .map(let map): add("map \(map.latitude) \(map.longitude)")
            case .buttonRow(let row): add("buttons " + row.buttons.map { text($0.label) }.joined(separator: " | "))
            case .cover(let inner): lines += outline([inner], depth: depth)
            case .authorDate(let author, _): if !author.isEmpty { add("paragraph", author) }
            case .embed(let embed): if let url = embed.url { add("paragraph " + url) }
            case .embedPost, .channel, .relatedArticles, .unsupported: break
            }
        }
        return lines
    }

    /// Plain text with every custom emoji as one mark (its alt may come back as a space).
    static func plain(_ text: RichText) -> String {
        switch text {
        case .customEmoji: return "◻"
        case .concat(let parts): return parts.map(plain).joined()
        case .styled(_, let inner), .link(_, let inner), .anchor(_, let inner), .unknown(_, let inner): return plain(inner)
        case .date(let date): return plain(date.fallback)
        default: return text.plainText
        }
    }

    private func documents() throws -> [(String, Document)] {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        let root = url.path
        var files: [String] = []
        for folder in ["botapi", "telethon", "other"] {
            let path = root + "/Tests/Data/samples/" + folder
            for file in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where file.hasSuffix(".json") { files.append(path + "/" + file) }
        }
        XCTAssertGreaterThanOrEqual(files.count, 9, "the shared samples")
        if let enumerator = FileManager.default.enumerator(atPath: root + "/Tests/Fixtures") {
            for case let relative as String in enumerator where relative.hasSuffix(".json") { files.append(root + "/Tests/Fixtures/" + relative) }
        }
        var result: [(String, Document)] = []
        for file in files.sorted() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            let options = DecodeOptions(markup: RichMarkup.self)
            guard let input = try? InputDecoder.decode(bytes: bytes, options: options) else { continue }  // fixtures of bad input
            for frame in input.frames { if let document = frame.document { result.append((file, document)) } }
        }
        return result
    }

    func testEverySampleAndFixtureRoundTripsThroughMarkdown() throws {
        let documents = try documents()
        XCTAssertGreaterThan(documents.count, 100)
        for (file, document) in documents {
            let markdown = MarkdownWriter.markdown(document)
            let back = try MarkdownReader.read(markdown, options: MarkupOptions(detectEntities: false))
            let expected = Self.outline(document.blocks), actual = Self.outline(back.blocks)
            if expected != actual {
                let index = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
                XCTFail("\((file as NSString).lastPathComponent) line \(index): expected \(expected[safe: index] ?? "(end)") got \(actual[safe: index] ?? "(end)")")
            }
        }
    }

    func testMarkdownOutFollowsTheAppsCopyRules() {
        let document = Document(blocks: [
            .heading(level: 2, .plain("H")),
            .blockQuote(blocks: [.paragraph(.plain("a")), .blockQuote(blocks: [.paragraph(.plain("b"))], credit: .empty, collapsed: false)], credit: .empty, collapsed: false),
            .list(ListBlock(items: [ListItem(blocks: [.paragraph(.plain("x"))], label: "1.", hasCheckbox: true, isChecked: true)], ordered: true)),
            .paragraph(.concat([.customEmoji(id: "5", alt: "👍"), .plain(" 2*3 "), .styled(.bold, .plain(" b ")), .math(source: "x^2", location: nil)])),
            .preformatted(.plain("a ``` b"), language: "md"),
        ])
        XCTAssertEqual(MarkdownWriter.markdown(document), """
        ## H

        > a
        >
        >> b

        - [x] x

        [👍](tg://emoji?id=5) 2\\*3  **b** $x^2$

        ````md
        a ``` b
        ````

        """)
    }
}
