/// Which Latin Modern file LaTeX loads for a text face at a size: the font definitions LuaLaTeX uses for Latin Modern in
/// its Unicode encoding (`tulmr.fd`, `tulmss.fd`, `tulmtt.fd` of the LaTeX kernel, read as facts). TeX sets text in
/// a formula at the style's size (a 10 pt formula's scripts at 7 pt, second-order scripts at 5 pt), and each size
/// range has its own optical design: wider, sturdier letters at small sizes.
extension TextFace {
    /// The file name (no directory) for this face at `designSize` TeX points.
    public func fileName(designSize size: Double) -> String {
        /// The first name whose upper bound is above `size`, else the last.
        func pick(_ ranges: [(below: Double, name: String)], last: String) -> String {
            ranges.first { size < $0.below }?.name ?? last
        }
        let roman: [(Double, String)] = [(5.5, "5"), (6.5, "6"), (7.5, "7"), (8.5, "8"), (9.5, "9"), (11, "10"), (15, "12")]
        switch (family, bold, italic) {
        case (.roman, false, false):
            return "lmroman\(pick(roman, last: "17"))-regular.otf"
        case (.roman, false, true):
            return "lmroman\(pick([(7.5, "7"), (8.5, "8"), (9.5, "9"), (11, "10")], last: "12"))-italic.otf"
        case (.roman, true, false):
            return "lmroman\(pick(Array(roman.prefix(6)), last: "12"))-bold.otf"
        case (.roman, true, true):
            return "lmroman10-bolditalic.otf"
        case (.sans, false, _):
            let design = pick([(8.5, "8"), (9.5, "9"), (11, "10"), (15.5, "12")], last: "17")
            return "lmsans\(design)-\(italic ? "oblique" : "regular").otf"
        case (.sans, true, _):
            return italic ? "lmsans10-boldoblique.otf" : "lmsans10-bold.otf"
        case (.mono, false, false):
            return "lmmono\(pick([(8.5, "8"), (9.5, "9"), (11, "10")], last: "12"))-regular.otf"
        case (.mono, false, true):
            return "lmmono10-italic.otf"
        case (.mono, true, _):
            return italic ? "lmmonolt10-boldoblique.otf" : "lmmonolt10-bold.otf"
        }
    }
}
