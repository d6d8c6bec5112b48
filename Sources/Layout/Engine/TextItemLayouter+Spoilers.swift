import Document
import Drawing

/// Spoiler covers with the static ("low power") dust pattern (`v2-render-facts.md` §5 "Spoilers").
extension TextItemLayouter {
    static let spoilerSeedBytes = 4096

    /// Each spoiler run's x-extent by the cap band (line top to baseline; as coded, glyph parts below the
    /// baseline are not cut). Adjacent runs on a line merge; the merged rect grows 1 pt up and down and,
    /// when wider than 10 pt, gets area × 0.25 dots of 1 × 1 pt from a generator seeded by the text and
    /// position, so the pattern is the same on every render.
    /// Dust dots per text item at most: beyond them covers are drawn without dust. 1,000,000 dots cover
    /// about 4,000,000 pt² (some 250,000 characters of spoiler); it bounds the work on absurd inputs.
    static let maxDustDots = 1_000_000

    func spoilers(_ line: MeasuredParagraph.Line, _ text: AttributedText, bandTop: Double, baseline: Double,
                  dustBudget: inout Int) -> [SpoilerCover] {
        var merged: [(rect: Rect, color: RGBA, seedText: String)] = []
        let utf8 = text.text.utf8
        for extent in runExtents(line, text, include: { $0.spoiler }) {
            let run = text.runs[extent.index]
            let rect = Rect(x: extent.minX.rounded(.down), y: bandTop, width: extent.maxX.rounded(.up) - extent.minX.rounded(.down),
                            height: baseline - bandTop)
            // The seed reads at most the run's first 4 KB, so a run spanning thousands of lines costs the same per line.
            let seedEnd = min(run.endByte, run.startByte + Self.spoilerSeedBytes)
            let runText = String(decoding: utf8[utf8.index(utf8.startIndex, offsetBy: run.startByte)..<utf8.index(utf8.startIndex, offsetBy: seedEnd)],
                                 as: UTF8.self)
            if let last = merged.last, rect.minX <= last.rect.maxX + 0.5 {
                merged[merged.count - 1] = (last.rect.union(rect), last.color, last.seedText + runText)
            } else {
                merged.append((rect, run.attributes.color, runText))
            }
        }
        var budget = dustBudget
        defer { dustBudget = budget }
        return merged.map { cover in
            let area = cover.rect.insetBy(dy: -1)
            var dots: [Point] = []
            let count = (area.width * area.height * 0.25).saturatingInt
            if area.width > 10 && count <= budget {
                budget -= count
                var generator = SeededGenerator(seed: SeededGenerator.seed(cover.seedText, area.minX, area.minY))
                for _ in 0..<count {
                    dots.append(Point(x: area.minX + generator.nextUnit() * (area.width - 1), y: area.minY + generator.nextUnit() * (area.height - 1)))
                }
            }
            return SpoilerCover(rect: cover.rect, color: cover.color, dots: dots)
        }
    }
}

/// SplitMix64: small, fast and the same on every machine.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    static func seed(_ text: String, _ x: Double, _ y: Double) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash ^= UInt64(bitPattern: Int64((x * 100).rounded())) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(bitPattern: Int64((y * 100).rounded())) &* 0xC2B2_AE3D_27D4_EB4F
        return hash
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

extension Rect {
    func insetBy(dy: Double) -> Rect { Rect(x: x, y: y + dy, width: width, height: height - 2 * dy) }
}
