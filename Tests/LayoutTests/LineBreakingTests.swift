import Foundation
import XCTest
import Layout
import GoldenSupport

/// README Decisions, fourth review, "Line breaking": Lao, Khmer and Myanmar break between words (dictionary
/// boundaries), Hangul between syllables, Latin at spaces as before, and no line starts with closing or break-after
/// punctuation of any script.
final class LineBreakingTests: XCTestCase {
    /// Sentences written without spaces, split into words by hand from a dictionary reading (the glosses say which).
    static let sentences: [(script: String, words: [String])] = [
        ("Khmer", ["ខ្ញុំ", "ស្រលាញ់", "អ្នក"]),  // I | love | you
        ("Khmer", ["អរគុណ", "ច្រើន", "សម្រាប់", "ជំនួយ", "របស់", "អ្នក។"]),  // thank you | much | for | the help | of | you.
        ("Khmer", ["ខ្ញុំ", "រៀន", "ភាសាខ្មែរ", "នៅ", "សាលា"]),  // I | study | the Khmer language | at | school
        ("Lao", ["ຂ້ອຍ", "ຮັກ", "ເຈົ້າ"]),  // I | love | you
        ("Lao", ["ຂ້ອຍ", "ຢາກ", "ໄປ", "ຕະຫຼາດ", "ມື້ນີ້"]),  // I | want | to go | to the market | today
        ("Lao", ["ພາສາ", "ລາວ", "ເປັນ", "ພາສາ", "ທີ່", "ສວຍງາມ"]),  // language | Lao | is | a language | that | is beautiful
        ("Myanmar", ["ကျွန်တော်", "ဈေး", "ကို", "သွား", "မယ်"]),  // I | the market | to | go | will
        ("Myanmar", ["ဒီ", "နေ့", "ရာသီဥတု", "ကောင်း", "တယ်"]),  // this | day | the weather | good | is
        ("Myanmar", ["မြန်မာ", "စာ", "ကို", "လေ့လာ", "နေ", "ပါ", "တယ်။"]),  // Myanmar | script | (object) | study | -ing | (polite) | (statement).
    ]

    /// The text width of a bubble `--width` (the page's insets are 10 on each side).
    static func textWidth(_ bubbleWidth: Double) -> Double { bubbleWidth - 2 * LayoutOptions.horizontalInset }

    /// The lines of `text` as one paragraph at `--width bubbleWidth`: each line's text and width.
    static func lines(_ text: String, bubbleWidth: Double) throws -> [(text: String, width: Double)] {
        let json = #"{"blocks": [{"type": "paragraph", "text": "# + WorldTextTests.json(text) + "}]}"
        let layout = try TestEnvironment.layout(json, ["--width", String(bubbleWidth)])
        let box = try XCTUnwrap(WorldTextTests.textBoxes(layout.items).first, "the paragraph laid out no text box")
        let units = Array(text.utf16)
        return box.lines.map { line in
            (String(decoding: units[line.range.clamped(to: 0..<units.count)], as: UTF16.self), line.frame.width)
        }
    }

    /// The width of `text` on one line.
    static func width(_ text: String) throws -> Double {
        try lines(text, bubbleWidth: 10_000).first?.width ?? 0
    }

    /// Checks that `words` (joined) break into lines of whole words at `available` points, each line holding as many
    /// words as fit: the next word would not (greedy filling, as Pango and CoreText do). White space ending a line
    /// may hang past the width.
    func assertWholeWords(_ words: [String], available: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = words.joined()
        let lines = try Self.lines(text, bubbleWidth: available + 2 * LayoutOptions.horizontalInset)
        XCTAssertGreaterThan(lines.count, 1, "\(what) at \(available) pt", file: file, line: line)
        var next = 0
        for (index, shown) in lines.enumerated() {
            // The line is whole words, starting at the word after the previous line's last.
            var taken: [String] = []
            var rest = Substring(shown.text)
            while next < words.count, rest.hasPrefix(words[next]) {
                taken.append(words[next])
                rest = rest.dropFirst(words[next].count)
                next += 1
            }
            guard rest.isEmpty, !taken.isEmpty else {
                return XCTFail("\(what): line \(index) \"\(shown.text)\" is not whole words of \(words.joined(separator: "|")) at \(available) pt",
                               file: file, line: line)
            }
            let inked = taken.joined().trimmingCharacters(in: .whitespaces)
            XCTAssertLessThanOrEqual(try Self.width(inked), available + 0.01, "\(what): line \(index) overflows", file: file, line: line)
            if next < words.count {
                let longer = try Self.width((taken.joined() + words[next]).trimmingCharacters(in: .whitespaces))
                XCTAssertGreaterThan(longer, available - 0.5, "\(what): \"\(words[next])\" would fit on line \(index) at \(available) pt",
                                     file: file, line: line)
            }
        }
        XCTAssertEqual(next, words.count, what, file: file, line: line)
    }

    /// Every line break falls between two of the hand-written words, and each line holds as many words as fit.
    func testLaoKhmerAndMyanmarBreakBetweenWords() throws {
        for (script, words) in Self.sentences {
            let widest = try words.map(Self.width).max() ?? 0
            // Two widths: one word per line or little more, and about half the sentence.
            for available in [widest + 2, max(widest + 2, try Self.width(words.joined()) * 0.55)] {
                try assertWholeWords(words, available: available, "\(script) \(words.joined())")
            }
        }
    }

    /// A word wider than the line still breaks inside, between graphemes (never inside a cluster), as before.
    func testAWordWiderThanTheLineBreaksBetweenGraphemes() throws {
        for word in ["ភាសាខ្មែរ", "ສວຍງາມ", "ရာသီဥတု"] {
            let available = try Self.width(word) * 0.6
            let lines = try Self.lines(word, bubbleWidth: available + 2 * LayoutOptions.horizontalInset)
            XCTAssertGreaterThan(lines.count, 1, word)
            XCTAssertEqual(lines.map(\.text).joined(), word)
            XCTAssertEqual(lines.map(\.text.count).reduce(0, +), word.count, "\(word): a line boundary splits a grapheme: \(lines.map(\.text))")
        }
    }

    /// Hangul keeps CoreText's default: a line may break between any two syllables, inside a word too.
    func testHangulBreaksBetweenSyllables() throws {
        let text = "대한민국의 수도는 서울특별시입니다"
        let lines = try Self.lines(text, bubbleWidth: try Self.width("대한민국의 수도는 서울특") + 1 + 2 * LayoutOptions.horizontalInset)
        XCTAssertEqual(lines.map(\.text), ["대한민국의 수도는 서울특", "별시입니다"], "the first line holds every syllable that fits")
    }

    /// Latin text breaks at spaces as it did: the greedy fill of its words.
    func testLatinBreaksAtSpaces() throws {
        let words = ["The ", "quick ", "brown ", "fox ", "jumps ", "over ", "the ", "lazy ", "dog, ", "then ", "sleeps."]
        for available in [try Self.width("The quick brown fox") + 3, 100, 61] {
            try assertWholeWords(words, available: available, "Latin")
        }
    }

    /// Text in ten scripts with its punctuation, at narrow widths where lines break inside words too: no line starts
    /// with a closing or break-after mark (the marks listed by hand per script).
    func testNoLineStartsWithClosingPunctuation() throws {
        let samples: [(script: String, text: String, marks: String)] = [
            ("Chinese", "我们今天学习了很多东西，非常有意思。你呢？（好的）！", "，。？）！、；："),
            ("Japanese", "今日はとても良い天気ですね。「はい」、そうです！", "。、」！ー"),
            ("Korean", "안녕하세요, 오늘은 날씨가 좋네요. (네)!", ",.)!"),
            ("Thai", "สวัสดีครับ! วันนี้อากาศดีมาก.", "!."),
            ("Lao", "ສະບາຍດີ! ພາສາລາວເປັນພາສາທີ່ສວຍງາມ.", "!."),
            ("Khmer", "អរគុណច្រើនសម្រាប់ជំនួយរបស់អ្នក។ខ្ញុំស្រលាញ់អ្នក៕", "។៕៖"),
            ("Myanmar", "မြန်မာစာကိုလေ့လာနေပါတယ်။ကျေးဇူးတင်ပါတယ်၊ဟုတ်ကဲ့။", "။၊"),
            ("Tibetan", "བཀྲ་ཤིས་བདེ་ལེགས།ཁྱེད་རང་སྐུ་གཟུགས་བདེ་པོ་ཡིན་པས།", "་།"),
            ("Ethiopic", "ሰላም፡ለዓለም።እንዴት፡ነህ፧አመሰግናለሁ፣", "፡።፣፧"),
            ("Devanagari", "नमस्ते दुनिया। आप कैसे हैं॥ धन्यवाद।", "।॥"),
        ]
        for (script, text, marks) in samples {
            for bubbleWidth in stride(from: 40.0, through: 130, by: 6) {
                let lines = try Self.lines(text, bubbleWidth: bubbleWidth)
                XCTAssertEqual(lines.map(\.text).joined(), text, "\(script) at \(bubbleWidth)")
                for (index, line) in lines.enumerated().dropFirst() {
                    if let first = line.text.first, marks.contains(first) {
                        XCTFail("\(script) at --width \(bubbleWidth): line \(index) starts with \"\(first)\": \(lines.map(\.text))")
                    }
                }
            }
        }
    }
}
