import Drawing
import FoundationEssentials
import Primitives

/// `\begin{…}…\end{…}` environments, `\substack`, colours and lengths (`math-facts.md` §3.12, §3.14, §3.15, §4.3
/// items 6, 7 and 9). Spacing values follow LaTeX's `array` and amsmath (in ems at 10 pt: \arraycolsep 5 pt,
/// \jot 3 pt, \quad 1 em) and amsmath's `smallmatrix` (\baselineskip 6\ex@, \lineskip 1.5\ex@, \thickspace between columns).
extension LaTeXParser {
    /// amsmath's `cases` is an `array` stretched by 1.2 in text style; mathtools' `dcases` and `drcases` are
    /// display-style rows set as amsmath's alignments set theirs (`\spread@equation`: rows \jot further apart, and
    /// \lineskip + \jot between rows taller than their struts), which LuaLaTeX shows on tall rows (two display
    /// fractions: 7.6 pt more at 19.04 pt).
    static func casesTable(display: Bool) -> MathTable {
        display ? MathTable(rows: [], alignments: [.left, .left], style: .display, columnGap: 1, jot: 0.3)
            : MathTable(rows: [], alignments: [.left, .left], style: .text, columnGap: 1, rowStretch: 1.2)
    }

    /// The table an environment makes, and the delimiters around it.
    private struct EnvironmentKind {
        var table: MathTable
        var left: Unicode.Scalar?
        var right: Unicode.Scalar?
        /// The most columns the environment allows (SwiftMath's `invalidNumColumns`).
        var maxColumns = Int.max
        /// `aligned`: the left-aligned column of each pair starts with an empty Ord, so `&=` spaces as `{}=`.
        var pairs = false
        /// `rcases`: the brace on the right.
        var rightBrace = false
    }

    private static func kind(_ name: String) -> EnvironmentKind? {
        let matrix = MathTable(rows: [], alignments: [.center], style: .text, columnGap: 1)
        // mathtools' starred matrices take their column alignment as an option; otherwise the same.
        if name.hasSuffix("matrix*") { return kind(String(name.dropLast())) }
        switch name {
        case "matrix": return EnvironmentKind(table: matrix)
        case "pmatrix": return EnvironmentKind(table: matrix, left: "(", right: ")")
        case "bmatrix": return EnvironmentKind(table: matrix, left: "[", right: "]")
        case "Bmatrix": return EnvironmentKind(table: matrix, left: "{", right: "}")
        case "vmatrix": return EnvironmentKind(table: matrix, left: "|", right: "|")
        case "Vmatrix": return EnvironmentKind(table: matrix, left: "\u{2016}", right: "\u{2016}")
        case "smallmatrix":
            var table = MathTable(rows: [], alignments: [.center], style: .script, columnGap: 0)
            table.compactRows = true
            return EnvironmentKind(table: table)
        case "cases", "dcases":
            return EnvironmentKind(table: Self.casesTable(display: name == "dcases"), left: "{", maxColumns: 2)
        case "rcases", "drcases":
            var kind = EnvironmentKind(table: Self.casesTable(display: name == "drcases"), right: "}", maxColumns: 2)
            kind.rightBrace = true
            return kind
        case "aligned", "align", "align*", "alignat", "alignat*", "alignedat", "split":
            return EnvironmentKind(table: MathTable(rows: [], alignments: [.right, .left], style: .display, columnGap: 1, pairedColumns: true, jot: 0.3),
                                   maxColumns: name == "split" ? 2 : Int.max, pairs: true)
        case "multline", "multline*":
            // amsmath: the first line flush left, the last flush right, the others centred; here the lines are
            // centred on the widest, with the first and last pushed to its edges.
            var table = MathTable(rows: [], alignments: [.center], style: .display, columnGap: 1, jot: 0.3)
            table.multline = true
            return EnvironmentKind(table: table, maxColumns: 1)
        case "subarray":
            // \substack with a column alignment: script style, close rows.
            var table = MathTable(rows: [], alignments: [.center], style: .script, columnGap: 0)
            table.subarrayRows = true
            return EnvironmentKind(table: table, maxColumns: 1)
        case "gathered", "gather", "gather*", "equation", "equation*", "displaymath":
            return EnvironmentKind(table: MathTable(rows: [], alignments: [.center], style: .display, columnGap: 1, jot: 0.3), maxColumns: 1)
        case "array", "darray":
            return EnvironmentKind(table: MathTable(rows: [], alignments: [], style: name == "array" ? .text : .display, columnGap: 1,
                                                    outerPadding: 0.5))
        default: return nil
        }
    }

    /// After `\begin`: the environment's name, its arguments, rows and `\end`.
    mutating func environment(at start: Int) throws -> [MathItem] {
        let name = try rawGroup()
        guard var kind = Self.kind(name) else { throw error("unknown environment \(name)", at: start) }
        if ["aligned", "gathered", "alignedat", "array", "darray", "split"].contains(name) {
            // [t], [c], [b]: which row the baseline goes through (LaTeX's array and amsmath's aligned).
            skipSpaces()
            if peek == "[" {
                let option = try optionText(start: start)
                switch option {
                case "t": kind.table.verticalAlignment = .top
                case "b": kind.table.verticalAlignment = .bottom
                case "c", "": break
                default: throw error("\\begin{\(name)} takes [t], [c] or [b], not [\(option)]", at: start)
                }
            }
        }
        if name == "subarray" {
            let spec = try columnSpecification()
            kind.table.alignments = spec.alignments
        }
        if name == "array" || name == "darray" {
            let spec = try columnSpecification()
            kind.table.alignments = spec.alignments
            kind.table.verticalRules = spec.rules
            kind.table.dashedVerticalRules = spec.dashed
        }
        if name.hasPrefix("alignat") || name == "alignedat" {
            // The pair count; columns then come in pairs with no space between pairs (amsmath's alignat).
            let count = try rawGroup()
            guard Int(count.trimmingWhitespace()).map({ $0 > 0 }) == true else {
                throw error("\\begin{\(name)} needs the number of column pairs", at: start)
            }
            kind.table.columnGap = 0
        }
        if name.hasSuffix("matrix*") {
            skipSpaces()
            if peek == "[" {
                let option = try optionText(start: start)
                let alignment: MathTable.Alignment
                switch option {
                case "l": alignment = .left
                case "c", "": alignment = .center
                case "r": alignment = .right
                default: throw error("\\begin{\(name)} takes [l], [c] or [r], not [\(option)]", at: start)
                }
                kind.table.alignments = [alignment]
            }
        }
        if let arrayStretch { kind.table.rowStretch *= arrayStretch }
        try rows(into: &kind.table, environment: name, pairs: kind.pairs)
        guard kind.table.columnCount <= kind.maxColumns else {
            throw error("\(name) has at most \(kind.maxColumns) column\(kind.maxColumns == 1 ? "" : "s")", at: start)
        }
        let table = MathItem.atom(MathAtom(.ord, .table(kind.table)))
        // amsmath: \null\,\vcenter{…}\, around a smallmatrix.
        if kind.table.compactRows && kind.left == nil { return [.space(.mu(3)), table, .space(.mu(3))] }
        guard kind.left != nil || kind.right != nil else { return [table] }
        if kind.rightBrace { return [.atom(MathAtom(.inner, .leftRight(left: nil, body: MathList([table]), right: kind.right)))] }
        return [.atom(MathAtom(.inner, .leftRight(left: kind.left, body: MathList([table]), right: kind.right)))]
    }

    /// Cells separated by `&`, rows by `\\` (with an optional `[length]` of extra room) or `\cr`, `\hline`s, up
    /// to `\end{name}`.
    private mutating func rows(into table: inout MathTable, environment name: String?, pairs: Bool) throws {
        var rows: [[MathList]] = [[]]
        var gaps: [Double] = []
        var rules: [Int] = []
        var tags: [MathList?] = []
        let outerTag = tag, outerUnnumbered = rowUnnumbered
        tag = nil
        rowUnnumbered = false
        defer {
            if tag == nil { tag = outerTag }
            rowUnnumbered = outerUnnumbered
        }
        let numbered = numbersEquations && ["align", "gather", "alignat", "equation"].contains(name ?? "")
        /// The row just ended: its \tag, else its number; a row with nothing in it has none (a row break before \end).
        func closeRow() {
            if tag == nil, numbered, !rowUnnumbered, rows[rows.count - 1].contains(where: { !$0.items.isEmpty }) {
                equationCount += 1
                tag = MathList([.atom(MathAtom(.ord, .textRun("(\(equationCount))", .normal)))])
            }
            rowUnnumbered = false
        }
        while true {
            skipSpaces()
            if rows[rows.count - 1].isEmpty {
                while lookingAt(command: "hline") || lookingAt(command: "hdashline") {
                    if readCommandName() == "hdashline" { table.dashedHorizontalRules.insert(rules.count) }
                    rules.append(rows.count - 1)
                    skipSpaces()
                }
            }
            var cell = try list(until: "cell")
            if pairs && rows[rows.count - 1].count % 2 == 1 { cell.items.insert(.atom(MathAtom(.ord, .list(MathList()))), at: 0) }
            rows[rows.count - 1].append(cell)
            guard rows.count * max(rows[0].count, 1) <= Self.maxTableCells else { throw error("a table has more than \(Self.maxTableCells) cells") }
            if peek == "&" {
                index += 1
            } else if atRowBreak || lookingAt(command: "cr") {
                closeRow()
                if let tag {
                    while tags.count < rows.count - 1 { tags.append(nil) }
                    tags.append(tag)
                    self.tag = nil
                }
                if atRowBreak { index += 2 } else { _ = readCommandName() }
                while gaps.count < rows.count - 1 { gaps.append(0) }
                gaps.append(try optionalLength())
                rows.append([])
            } else if lookingAt(command: "end") {
                closeRow()
                if let tag {
                    while tags.count < rows.count - 1 { tags.append(nil) }
                    tags.append(tag)
                    self.tag = nil
                }
                let start = index
                _ = readCommandName()
                let end = try rawGroup()
                if let name, end != name { throw error("\\begin{\(name)} ended by \\end{\(end)}", at: start) }
                break
            } else if let name {
                throw error("missing \\end{\(name)}")
            } else {
                break
            }
        }
        // A row break before \end adds no empty row (LaTeX).
        if rows.count > 1, rows[rows.count - 1].count == 1, rows[rows.count - 1][0].items.allSatisfy(Self.isEmptyOrd) { rows.removeLast() }
        table.rows = rows
        table.rowGaps = gaps
        table.horizontalRules = rules
        table.rowTags = tags
    }

    private static func isEmptyOrd(_ item: MathItem) -> Bool {
        if case .atom(let atom) = item, atom.nucleus == .list(MathList()), atom.upper == nil, atom.lower == nil { return true }
        return false
    }

    static let maxTableCells = 2_500

    /// `\substack{a\\b}`: centred lines in the current style, close together.
    mutating func substack() throws -> MathTable {
        skipSpaces()
        guard consume("{") else { throw error("missing { after \\substack") }
        // amsmath: \subarray{c}, whose cells are \scriptstyle wherever it stands.
        var table = MathTable(rows: [], alignments: [.center], style: .script, columnGap: 0)
        table.subarrayRows = true
        var rows: [MathList] = []
        while true {
            let line = try list(until: "substack")
            rows.append(line)
            if atRowBreak {
                index += 2
            } else if peek == "}" {
                index += 1
                break
            } else if peek == "&" {
                throw error("& in \\substack")
            } else {
                throw error("missing }")
            }
        }
        table.rows = rows.map { [$0] }
        return table
    }

    /// `{l c r | :}` of `array`: an alignment per column, the columns vertical rules stand before, and which of
    /// those rules are dashed (`:`, arydshln's column, as KaTeX reads it).
    private mutating func columnSpecification() throws -> (alignments: [MathTable.Alignment], rules: [Int], dashed: Set<Int>) {
        let start = index
        let spec = try rawGroup()
        var alignments: [MathTable.Alignment] = []
        var rules: [Int] = []
        var dashed: Set<Int> = []
        for character in spec {
            switch character {
            case "l": alignments.append(.left)
            case "c": alignments.append(.center)
            case "r": alignments.append(.right)
            case "|": rules.append(alignments.count)
            case ":":
                dashed.insert(rules.count)
                rules.append(alignments.count)
            case " ": continue
            default: throw error("unsupported column type \(character) in array", at: start)
            }
        }
        guard !alignments.isEmpty else { throw error("array needs a column specification", at: start) }
        return (alignments, rules, dashed)
    }

    /// A colour argument: `{#rrggbb}`, `{rrggbb}` or `{name}`.
    mutating func colorArgument() throws -> RGBA {
        let start = index
        let text = try rawGroup()
        guard let color = MathColor.parse(text) else { throw error("unknown colour \(text)", at: start) }
        return color
    }

    /// `[length]` after a row break: extra room in ems (0 when there is none).
    /// After `\\`: `[len]`, the extra room below the row, in ems. amsmath looks for the `[` right after `\\`
    /// (its \new@ifnextchar skips no spaces), so after a space a bracket that holds no length starts the next row
    /// (`\\ [a, b]`, as KaTeX reads it); right after `\\` it must be a length.
    mutating func optionalLength() throws -> Double {
        let save = index
        skipSpaces()
        let spaced = index > save
        guard peek == "[" else { index = save; return 0 }
        index += 1
        var text = ""
        while let c = peek, c != "]" { text.append(c); index += 1 }
        guard case .em(let ems)? = Self.dimension(text), consume("]") else {
            if spaced { index = save; return 0 }
            if peek == nil { throw error("missing ]") }
            throw error("bad length \(text)", at: save)
        }
        return ems
    }

    /// The length of `\hspace{…}`, `\kern…`, `\mkern…`.
    mutating func length(braced: Bool, start: Int) throws -> MathSpace {
        skipSpaces()
        var text = ""
        if braced || peek == "{" {
            text = try rawGroup()
        } else {
            while let c = peek, c.isNumber || c == "." || c == "-" || c == "+" || c == " " && text.isEmpty { text.append(c); index += 1 }
            skipSpaces()
            for _ in 0..<2 { if let c = peek, c.isLetter { text.append(c); index += 1 } }
            // TeX's scanner takes one space after a unit, so `\kern-.125em X` in text sets no space before the X.
            if peek == " " { index += 1 }
        }
        guard let space = Self.dimension(text) else { throw error("bad length \(text)", at: start) }
        return space
    }

    /// "1.5em", "-3mu", "2pt": em and mu as TeX has them; absolute units relative to a 10 pt font, as KaTeX scales them.
    static func dimension(_ text: String) -> MathSpace? {
        let trimmed = text.filter { $0 != " " }
        guard trimmed.count >= 2 else { return nil }
        let unit = String(trimmed.suffix(2))
        guard let value = Double(trimmed.dropLast(2)), value.isFinite, abs(value) <= 1000 else { return nil }
        let pointsPerUnit: [String: Double] = ["pt": 1, "px": 1, "bp": 1.00375, "pc": 12, "mm": 2.84526, "cm": 28.4526, "in": 72.27, "dd": 1.07001]
        switch unit {
        case "mu": return .mu(value)
        case "em": return .em(value)
        case "ex": return .em(value * 0.431)
        default: return pointsPerUnit[unit].map { .em(value * $0 / 10) }
        }
    }

    /// The class of a list that is one atom (so `\overset{!}{=}` stays a relation).
    static func soleClass(_ list: MathList) -> AtomClass? {
        guard list.items.count == 1, case .atom(let atom) = list.items[0] else { return nil }
        return atom.atomClass
    }

    /// ⏜ ⏝ ⏞ ⏟ ⏠ ⏡ and ⎴ ⎵: over- and under-braces, parentheses and brackets.
    static func isBrace(_ scalar: Unicode.Scalar) -> Bool { (0x23DC...0x23E1).contains(scalar.value) || scalar.value == 0x23B4 || scalar.value == 0x23B5 }

    /// `\xrightarrow` and relatives: the arrow they stretch.
    static let extensibleArrows: [String: Unicode.Scalar] = [
        "xrightarrow": "\u{2192}", "xleftarrow": "\u{2190}", "xleftrightarrow": "\u{2194}", "xRightarrow": "\u{21D2}",
        "xLeftarrow": "\u{21D0}", "xLeftrightarrow": "\u{21D4}", "xmapsto": "\u{21A6}", "xhookrightarrow": "\u{21AA}",
        "xhookleftarrow": "\u{21A9}", "xlongequal": "=",
    ]
}
