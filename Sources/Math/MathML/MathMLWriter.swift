import Drawing
import Primitives

/// A formula as MathML Core (issue 63; W3C MathML Core, the MathML browsers render): `<math>` with `alttext` (the TeX
/// source) around `<semantics>`, the formula's presentation, and an `<annotation encoding="application/x-tex">`
/// with the source. Written from the math list the typesetter lays out, so every construct ipraster parses has a
/// form; what MathML Core cannot say is written as the nearest form it has and listed in `approximations`
/// (docs/formulas.md shows the table).
///
/// Written by hand: no MathML library is packaged for Debian; the output is a small tree of elements escaped here.
public struct MathMLWriter {
    /// Constructs MathML Core has no element or attribute for, and what is written instead.
    public static let approximations: [(construct: String, written: String)] = [
        ("\\boxed, \\fbox, \\colorbox, \\fcolorbox", "<mrow> with a CSS border, padding and background (MathML Core has no <menclose>)"),
        ("\\cancel, \\bcancel, \\xcancel, \\angl, \\phase", "the body alone: no strike lines (no <menclose>)"),
        ("\\sout", "<mrow> with CSS text-decoration: line-through"),
        ("\\llap, \\clap", "<mpadded width=\"0\"> drawn from the current point, as \\rlap (Core's lspace takes no negative width of the content)"),
        ("\\mathchoice", "its text-style branch"),
        ("array and matrix rules, dashed rules", "CSS borders on the cells"),
        ("column alignment", "CSS text-align on the cells (Core has no columnalign)"),
        ("equation tags (\\tag, numbered rows)", "an extra last cell of the row (Core has no <mlabeledtr>)"),
        ("\\textbf, \\textit, \\texttt, \\textsf in formulas", "<mtext> with CSS font-weight, font-style or font-family"),
        ("\\tiny … \\Huge", "<mstyle mathsize=\"N%\">"),
        ("\\vcenter", "the body on the baseline"),
    ]

    /// `<math>` for `latex` (display: `display="block"`), its `alttext` and annotation `alttext` (the source as
    /// given, delimiters and all; `latex` by default). Throws the parser's error for a formula that does not parse.
    public static func math(_ latex: String, display: Bool, alttext: String? = nil) throws -> String {
        let parsed = try LaTeXParser.parseFormula(latex)
        var writer = MathMLWriter()
        if let tag = parsed.tag {
            writer.out += "<mrow>"
            writer.list(parsed.list)
            writer.out += "<mspace width=\"1em\"></mspace>"
            writer.list(tag)
            writer.out += "</mrow>"
        } else {
            writer.list(parsed.list)
        }
        let source = alttext ?? latex
        return "<math xmlns=\"http://www.w3.org/1998/Math/MathML\"\(display ? " display=\"block\"" : "") alttext=\"\(XMLText.escaped(source, attribute: true))\">"
            + "<semantics>\(writer.out)<annotation encoding=\"application/x-tex\">\(XMLText.escaped(source))</annotation></semantics></math>"
    }

    private var out = ""

    // MARK: lists and atoms

    private mutating func list(_ list: MathList) {
        let items = list.items
        if items.count == 1, case .atom(let atom) = items[0] {
            self.atom(atom)
            return
        }
        out += "<mrow>"
        self.items(items[...])
        out += "</mrow>"
    }

    private mutating func items(_ items: ArraySlice<MathItem>) {
        var index = items.startIndex
        while index < items.endIndex {
            switch items[index] {
            case .atom(let atom):
                // A number: digits (and a decimal point between digits) without scripts in one <mn>.
                if let run = number(items, from: index), !(run.end < items.endIndex && Self.scriptsOnStrut(items[run.end])) {
                    out += "<mn>\(XMLText.escaped(run.text))</mn>"
                    index = run.end
                    continue
                }
                // Nothing to say: an empty group without scripts (mhchem's spacing groups).
                if atom.upper == nil, atom.lower == nil, Self.isBlank(atom.nucleus) {
                    index += 1
                    continue
                }
                // Scripts set on an invisible strut after an atom (mhchem's `H{\vphantom{X}}_2`) are that atom's.
                if atom.upper == nil, atom.lower == nil, index + 1 < items.endIndex, Self.scriptsOnStrut(items[index + 1]),
                   case .atom(let scripted) = items[index + 1] {
                    var merged = scripted
                    merged.nucleus = atom.nucleus
                    merged.atomClass = atom.atomClass
                    merged.limits = .noLimits
                    self.atom(merged)
                    index += 2
                    continue
                }
                self.atom(atom)
            case .space(let space):
                out += "<mspace width=\"\(Self.length(space))\"></mspace>"
            case .style(let style):
                // The style from here to the end of the list.
                out += "<mstyle displaystyle=\"\(style == .display)\" scriptlevel=\"\(Self.scriptLevel(style))\">"
                self.items(items[(index + 1)...])
                out += "</mstyle>"
                return
            }
            index += 1
        }
    }

    /// An atom whose scripts stand on a zero-width phantom: they belong to what comes before.
    private static func scriptsOnStrut(_ item: MathItem) -> Bool {
        guard case .atom(let atom) = item, atom.upper != nil || atom.lower != nil else { return false }
        return isStrut(atom.nucleus)
    }

    private static func isStrut(_ nucleus: MathNucleus) -> Bool {
        switch nucleus {
        case .phantom(_, let keepsWidth, _): return !keepsWidth
        case .list(let list):
            guard list.items.count == 1, case .atom(let inner) = list.items[0], inner.upper == nil, inner.lower == nil else { return false }
            return isStrut(inner.nucleus)
        default: return false
        }
    }

    private static func isBlank(_ nucleus: MathNucleus) -> Bool {
        switch nucleus {
        case .empty: return true
        case .list(let list): return list.items.isEmpty
        default: return false
        }
    }

    private func number(_ items: ArraySlice<MathItem>, from start: Int) -> (text: String, end: Int)? {
        var text = "", index = start
        while index < items.endIndex, case .atom(let atom) = items[index], atom.upper == nil, atom.lower == nil,
              case .character(let scalar, let alphabet) = atom.nucleus, alphabet == .normal || alphabet == .roman {
            let digit = ("0"..."9").contains(scalar)
            let point = (scalar == "." || scalar == ",") && !text.isEmpty && index + 1 < items.endIndex
            guard digit || point else { break }
            if point {
                guard case .atom(let next) = items[index + 1], case .character(let following, _) = next.nucleus, ("0"..."9").contains(following) else { break }
            }
            text.unicodeScalars.append(scalar)
            index += 1
        }
        return text.isEmpty ? nil : (text, index)
    }

    private mutating func atom(_ atom: MathAtom) {
        guard atom.upper != nil || atom.lower != nil else {
            nucleus(atom.nucleus, atom.atomClass, movable: false)
            return
        }
        let limits = atom.limits == .limits || (atom.limits == .automatic && atom.atomClass == .op && Self.takesLimits(atom.nucleus))
        let tag: String
        switch (atom.lower != nil, atom.upper != nil) {
        case (true, true): tag = limits ? "munderover" : "msubsup"
        case (true, false): tag = limits ? "munder" : "msub"
        default: tag = limits ? "mover" : "msup"
        }
        out += "<\(tag)>"
        nucleus(atom.nucleus, atom.atomClass, movable: limits && atom.limits == .automatic)
        if let lower = atom.lower { list(lower) }
        if let upper = atom.upper { list(upper) }
        out += "</\(tag)>"
    }

    /// Operators TeX sets with limits in display style: big operators and operator names declared with limits.
    private static func takesLimits(_ nucleus: MathNucleus) -> Bool {
        switch nucleus {
        case .character(let scalar, _): return !(0x222B...0x2233).contains(scalar.value) && !(0x2A0B...0x2A1C).contains(scalar.value)
        case .text: return true
        default: return false
        }
    }

    // MARK: nuclei

    private mutating func nucleus(_ nucleus: MathNucleus, _ atomClass: AtomClass, movable: Bool) {
        switch nucleus {
        case .empty:
            out += "<mrow></mrow>"
        case .character(let scalar, let alphabet):
            // A single-letter <mi> is italic in MathML Core: the normal alphabet's italic letters stay plain letters
            // (as Temml and KaTeX write them, and as screen readers say them); what it sets upright says so; other
            // alphabets are their Unicode math alphanumerics (Core's only mathvariant is "normal").
            let mapped = alphabet.map(scalar)
            if alphabet == .normal, mapped != scalar {
                character(scalar, atomClass, upright: false, movable: movable)
            } else {
                character(mapped, atomClass, upright: alphabet == .roman || alphabet == .normal, movable: movable)
            }
        case .text(let text, let alphabet):
            let mapped = String(String.UnicodeScalarView(text.unicodeScalars.map { alphabet.map($0) }))
            if atomClass == .op {
                out += "<mo\(movable ? " movablelimits=\"true\"" : " movablelimits=\"false\"") lspace=\"0.1667em\" rspace=\"0.1667em\">\(XMLText.escaped(mapped))</mo>"
            } else {
                out += mapped.unicodeScalars.count == 1 ? "<mi mathvariant=\"normal\">\(XMLText.escaped(mapped))</mi>" : "<mi>\(XMLText.escaped(mapped))</mi>"
            }
        case .textRun(let text, let face):
            var style: [String] = []
            if face.bold { style.append("font-weight: bold") }
            if face.italic { style.append("font-style: italic") }
            if face.family == .mono { style.append("font-family: monospace") } else if face.family == .sans { style.append("font-family: sans-serif") }
            out += "<mtext\(style.isEmpty ? "" : " style=\"\(style.joined(separator: "; "))\"")>\(XMLText.escaped(text))</mtext>"
        case .list(let inner), .chemistry(let inner), .vcenter(let inner):
            out += "<mrow>"
            items(inner.items[...])
            out += "</mrow>"
        case .fraction(let fraction):
            self.fraction(fraction)
        case .radical(let radicand, let index):
            if let index {
                out += "<mroot>"
                list(radicand)
                list(index)
                out += "</mroot>"
            } else {
                out += "<msqrt>"
                items(radicand.items[...])
                out += "</msqrt>"
            }
        case .leftRight(let left, let body, let right):
            out += "<mrow>"
            if let left { out += "<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">\(XMLText.escaped(String(left)))</mo>" }
            items(body.items[...])
            if let right { out += "<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">\(XMLText.escaped(String(right)))</mo>" }
            out += "</mrow>"
        case .middle(let scalar):
            if let scalar { out += "<mo stretchy=\"true\" symmetric=\"true\">\(XMLText.escaped(String(scalar)))</mo>" }
        case .sizedDelimiter(let scalar, let size):
            let em = [1.2, 1.8, 2.4, 3.0][min(max(size, 1), 4) - 1]
            out += "<mo minsize=\"\(em)em\" maxsize=\"\(em)em\" stretchy=\"true\" symmetric=\"true\">\(XMLText.escaped(String(scalar)))</mo>"
        case .accent(let scalar, let kind, let base):
            accent(scalar, kind: kind, base: base)
        case .colored(let color, let inner):
            out += "<mstyle mathcolor=\"\(Self.hex(color))\">"
            list(inner)
            out += "</mstyle>"
        case .boxed(let inner, let background, let border):
            box(inner, border: border ? "currentcolor" : nil, background: background)
        case .framed(let inner, let border, let background):
            box(inner, border: border.map(Self.hex) ?? "currentcolor", background: background)
        case .phantom(let inner, let keepsWidth, let keepsHeight):
            let padding = keepsWidth && !keepsHeight ? " height=\"0\" depth=\"0\"" : !keepsWidth && keepsHeight ? " width=\"0\"" : ""
            if padding.isEmpty {
                out += "<mphantom>"
                list(inner)
                out += "</mphantom>"
            } else {
                out += "<mpadded\(padding)><mphantom>"
                list(inner)
                out += "</mphantom></mpadded>"
            }
        case .extensibleArrow(let scalar, let above, let below):
            let tag = above != nil && below != nil ? "munderover" : below != nil ? "munder" : "mover"
            out += "<\(tag)><mo stretchy=\"true\" minsize=\"2em\">\(XMLText.escaped(String(scalar)))</mo>"
            if let below { list(below) }
            if let above { list(above) }
            if above == nil && below == nil { out += "<mrow></mrow>" }
            out += "</\(tag)>"
        case .table(let table):
            self.table(table)
        case .sized(let factor, let inner):
            out += "<mstyle mathsize=\"\(Self.number(factor * 100))%\">"
            list(inner)
            out += "</mstyle>"
        case .lap(let inner, _):
            out += "<mpadded width=\"0\">"
            list(inner)
            out += "</mpadded>"
        case .smash(let inner, let height, let depth):
            out += "<mpadded\(height ? " height=\"0\"" : "")\(depth ? " depth=\"0\"" : "")>"
            list(inner)
            out += "</mpadded>"
        case .enclosed(let inner, let lines):
            if lines == [.horizontalStrike] {
                out += "<mrow style=\"text-decoration: line-through\">"
                list(inner)
                out += "</mrow>"
            } else {
                list(inner)
            }
        case .raised(let inner, let by):
            out += "<mpadded voffset=\"\(Self.length(by))\">"
            list(inner)
            out += "</mpadded>"
        case .rule(let width, let height, let raise):
            out += "<mpadded voffset=\"\(Self.length(raise))\"><mspace width=\"\(Self.length(width))\" height=\"\(Self.length(height))\" "
                + "style=\"background: currentcolor\"></mspace></mpadded>"
        case .choice(_, let text, _, _):
            list(text)
        case .negated(let inner):
            if inner.items.count == 1, case .atom(let atom) = inner.items[0], case .character(let scalar, _) = atom.nucleus,
               let composed = String(String.UnicodeScalarView([scalar, "\u{338}"])).precomposedNegation {
                out += "<mo>\(XMLText.escaped(composed))</mo>"
            } else {
                out += "<mrow>"
                list(inner)
                out += "<mo lspace=\"-0.5em\" rspace=\"0\">\u{338}</mo></mrow>"
            }
        case .inlineMath(let inner):
            out += "<mstyle displaystyle=\"false\" scriptlevel=\"0\">"
            list(inner)
            out += "</mstyle>"
        }
    }

    private mutating func character(_ scalar: Unicode.Scalar, _ atomClass: AtomClass, upright: Bool, movable: Bool) {
        let text = XMLText.escaped(String(scalar))
        let properties = scalar.properties
        switch atomClass {
        case .ord where ("0"..."9").contains(scalar) || (0x1D7CE...0x1D7FF).contains(scalar.value):
            out += "<mn>\(text)</mn>"
        case .ord where properties.isAlphabetic || properties.generalCategory == .otherSymbol || scalar == "∞" || scalar == "∂" || scalar == "∅" || scalar == "∇":
            out += upright && properties.isAlphabetic ? "<mi mathvariant=\"normal\">\(text)</mi>" : "<mi>\(text)</mi>"
        case .op:
            out += "<mo\(movable ? " movablelimits=\"true\"" : "") largeop=\"true\">\(text)</mo>"
        case .ord:
            out += "<mo lspace=\"0\" rspace=\"0\">\(text)</mo>"
        case .open, .close:
            out += "<mo stretchy=\"false\">\(text)</mo>"
        default:
            out += "<mo>\(text)</mo>"
        }
    }

    private mutating func fraction(_ fraction: MathFraction) {
        let wrapped = fraction.left != nil || fraction.right != nil
        if wrapped { out += "<mrow>" }
        if let left = fraction.left { out += "<mo fence=\"true\" stretchy=\"true\">\(XMLText.escaped(String(left)))</mo>" }
        switch fraction.style {
        case .display: out += "<mstyle displaystyle=\"true\" scriptlevel=\"0\">"
        case .text: out += "<mstyle displaystyle=\"false\" scriptlevel=\"0\">"
        case .automatic: break
        }
        let thickness = !fraction.hasRule ? " linethickness=\"0\"" : fraction.ruleThickness.map { " linethickness=\"\(Self.number($0))em\"" } ?? ""
        out += "<mfrac\(thickness)>"
        list(fraction.numerator)
        list(fraction.denominator)
        out += "</mfrac>"
        if fraction.style != .automatic { out += "</mstyle>" }
        if let right = fraction.right { out += "<mo fence=\"true\" stretchy=\"true\">\(XMLText.escaped(String(right)))</mo>" }
        if wrapped { out += "</mrow>" }
    }

    private mutating func accent(_ scalar: Unicode.Scalar, kind: MathSymbol.Kind, base: MathList) {
        let under: Bool, stretchy: Bool
        var mark = String(scalar)
        switch kind {
        case .under, .underAccent, .underSegment: under = true; stretchy = kind != .underAccent
        case .underRule: under = true; stretchy = true; mark = "_"
        case .overRule: under = false; stretchy = true; mark = "\u{203E}"
        case .wideAccent, .over, .overSegment: under = false; stretchy = true
        default: under = false; stretchy = false
        }
        let tag = under ? "munder" : "mover"
        out += "<\(tag) \(under ? "accentunder" : "accent")=\"true\">"
        list(base)
        out += "<mo stretchy=\"\(stretchy)\">\(XMLText.escaped(mark))</mo></\(tag)>"
    }

    private mutating func box(_ inner: MathList, border: String?, background: RGBA?) {
        var style = ["padding: 0.15em"]
        if let border { style.append("border: 0.04em solid \(border)") }
        out += "<mrow style=\"\(style.joined(separator: "; "))\"\(background.map { " mathbackground=\"\(Self.hex($0))\"" } ?? "")>"
        list(inner)
        out += "</mrow>"
    }

    private mutating func table(_ table: MathTable) {
        var attributes = ""
        if let style = table.style { attributes = " displaystyle=\"\(style == .display)\"" }
        out += "<mtable\(attributes)>"
        let columns = table.columnCount
        for (rowIndex, row) in table.rows.enumerated() {
            out += "<mtr>"
            for column in 0..<max(columns, 1) {
                var style: [String] = []
                switch table.alignment(ofColumn: column) {
                case .left: style.append("text-align: left")
                case .right: style.append("text-align: right")
                case .center: break
                }
                if table.verticalRules.contains(column) { style.append("border-left: 0.05em \(table.dashedVerticalRules.contains(table.verticalRules.firstIndex(of: column) ?? -1) ? "dashed" : "solid")") }
                if column == columns - 1 && table.verticalRules.contains(columns) { style.append("border-right: 0.05em solid") }
                if table.horizontalRules.contains(rowIndex) { style.append("border-top: 0.05em solid") }
                if rowIndex == table.rows.count - 1 && table.horizontalRules.contains(table.rows.count) { style.append("border-bottom: 0.05em solid") }
                out += style.isEmpty ? "<mtd>" : "<mtd style=\"\(style.joined(separator: "; "))\">"
                if column < row.count { items(row[column].items[...]) }
                out += "</mtd>"
            }
            if rowIndex < table.rowTags.count, let tag = table.rowTags[rowIndex] {
                out += "<mtd style=\"text-align: right\">"
                items(tag.items[...])
                out += "</mtd>"
            }
            out += "</mtr>"
        }
        out += "</mtable>"
    }

    // MARK: values

    private static func length(_ space: MathSpace) -> String {
        switch space {
        case .mu(let mu): return number(mu / 18) + "em"
        case .em(let em): return number(em) + "em"
        }
    }

    private static func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private static func scriptLevel(_ style: MathStyle) -> Int {
        switch style {
        case .display, .text: return 0
        case .script: return 1
        case .scriptScript: return 2
        }
    }

    private static func hex(_ color: RGBA) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [color.r, color.g, color.b] {
            let value = Int((min(max(channel, 0), 1) * 255).rounded())
            text.append(digits[value >> 4])
            text.append(digits[value & 15])
        }
        return text
    }
}

private extension String {
    /// A relation with U+0338 COMBINING LONG SOLIDUS OVERLAY as its precomposed negation (= ≠, < ≮, ∈ ∉ …), if
    /// Unicode has one.
    var precomposedNegation: String? {
        let pairs: [Unicode.Scalar: Unicode.Scalar] = ["=": "≠", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "∈": "∉", "∋": "∌", "⊂": "⊄", "⊃": "⊅",
                                                       "⊆": "⊈", "⊇": "⊉", "≡": "≢", "∼": "≁", "≃": "≄", "≅": "≇", "≈": "≉", "∣": "∤", "∥": "∦"]
        guard let first = unicodeScalars.first, let negated = pairs[first] else { return nil }
        return String(negated)
    }
}
