import Foundation
import GoldenSupport
@testable import Layout
import Markup
import ProcessSupport
import RenderOptions
import RichMessageRenderer
import XCTest

/// Issue 38, item 8: the `--lossless` copy renders exactly as its source. Random Rich Markdown — paragraphs,
/// headings, nested lists with image-only items, checklists, quotes, tables, code, dividers, text that starts with
/// format characters (ZWJ, ZWNJ, word joiner, soft hyphen) — is rendered, copied with `MarkdownWriter(lossless:)`,
/// the copy rendered, and the two PNGs compared byte for byte. The inputs come from a seeded generator (SplitMix64),
/// so a seed names a whole run; `IPRASTER_PROPERTY_SEED` picks another (a number, or `random`). A failing input is
/// saved as `fuzz/regressions/lossless-seed<S>-<i>.md` (which the default tier then replays) and named in the failure.
struct LosslessCopyProperty {
    /// Layout's seeded SplitMix64 (the spoiler dust's): the same seed gives the same inputs on every machine.
    struct Generator {
        var seeded: SeededGenerator
        init(state: UInt64) { seeded = SeededGenerator(seed: state) }
        mutating func next() -> UInt64 { seeded.next() }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// The seed of this run: `IPRASTER_PROPERTY_SEED` (a number or `random`), else `fixed`.
    static func seed(fixed: UInt64) -> UInt64 {
        guard let text = ProcessInfo.processInfo.environment["IPRASTER_PROPERTY_SEED"], !text.isEmpty else { return fixed }
        if text == "random" { return UInt64.random(in: 1...UInt64(Int64.max)) }
        return UInt64(text) ?? fixed
    }

    static let formatCharacters = ["\u{200D}", "\u{200C}", "\u{2060}", "\u{00AD}", "", "", ""]
    static let atoms = ["words", "more text", "**strong**", "*slanted*", "`inline code`", "~~gone~~", "[a link](https://example.org/page)",
                        "![👍](tg://emoji?id=5368324170671202286)", "![](https://example.org/inline.png)", "100%", "x"]

    static func text(_ random: inout Generator) -> String {
        random.pick(formatCharacters) + (0..<(1 + random.below(4))).map { _ in random.pick(atoms) }.joined(separator: " ")
    }

    static func list(_ random: inout Generator, depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth)
        let ordered = random.chance(30), checklist = !ordered && random.chance(20)
        return (1...(1 + random.below(3))).map { index in
            let marker = ordered ? "\(index)." : checklist ? (random.chance(50) ? "- [x]" : "- [ ]") : "-"
            var item = indent + marker + " " + text(&random)
            if depth < 2, random.chance(35) {
                // A nested item: a list, or an item holding only an image.
                item += "\n" + (random.chance(50) ? list(&random, depth: depth + 1)
                                                  : String(repeating: "  ", count: depth + 1) + "- ![](https://example.org/nested.png)")
            }
            return item
        }.joined(separator: "\n")
    }

    static func block(_ random: inout Generator) -> String {
        switch random.below(8) {
        case 0, 1: return text(&random)
        case 2: return String(repeating: "#", count: 1 + random.below(3)) + " " + text(&random)
        case 3: return list(&random, depth: 0)
        case 4: return "> " + text(&random) + (random.chance(50) ? "\n>\n> " + text(&random) : "")
        case 5: return "| one | two |\n|---|:---:|\n| " + text(&random) + " | " + text(&random) + " |"
        case 6: return "```\n" + random.pick(formatCharacters) + "let value = 1\n```"
        default: return "---"
        }
    }

    static func input(seed: UInt64, index: Int) -> String {
        var random = Generator(state: seed &* 1_000_003 &+ UInt64(index))
        return (1...(1 + random.below(4))).map { _ in block(&random) }.joined(separator: "\n\n") + "\n"
    }

    /// The PNG of Rich Markdown `text`.
    static func png(_ text: String) throws -> [UInt8] {
        let settings = try RenderOptions.parse(["--from", "markdown"]).settings
        let layout = try TestEnvironment.pipeline.page(Array(text.utf8), path: nil, settings: settings)
        return try TestEnvironment.pipeline.encode(layout, as: .png, settings: settings).bytes
    }

    /// Nil when the copy renders as the source; else why.
    static func failure(_ source: String) throws -> String? {
        let settings = try RenderOptions.parse(["--from", "markdown"]).settings
        guard let document = try settings.decode(Array(source.utf8), path: nil).lastDocument else { return nil }
        let copy = MarkdownWriter.markdown(document, lossless: true)
        return try png(source) == png(copy) ? nil : "its lossless copy renders differently:\n\(copy)"
    }

    /// Checks `count` inputs of `seed`; a failing one is saved under fuzz/regressions/.
    static func check(seed: UInt64, count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        var failures = 0
        for index in 0..<count {
            let source = input(seed: seed, index: index)
            guard let reason = try failure(source) else { continue }
            failures += 1
            let saved = TestEnvironment.root + "/fuzz/regressions/lossless-seed\(seed)-\(index).md"
            try? AtomicFile.write(Array(source.utf8), to: saved)
            XCTFail("seed \(seed), input \(index) (saved as \(saved)): \(reason)", file: file, line: line)
            if failures >= 5 { break }
        }
    }
}
