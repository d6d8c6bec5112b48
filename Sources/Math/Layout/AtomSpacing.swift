/// Inter-atom spacing and binary-operator demotion (`math-facts.md` §3.3–3.4; TeX's Chapter 18 table, tex.web
/// §764): the space between two adjacent atoms, from their classes and the style.
public enum AtomSpacing {
    /// Thin, medium and thick spaces in mu (1 mu = the style's size / 18).
    public static let thin = 3.0, medium = 4.0, thick = 5.0

    /// 0 none, 1 thin, 2 medium, 3 thick; negative: only in display and text styles; nil cannot occur.
    private static let table: [[Int?]] = [
        //        Ord Op  Bin  Rel  Open Close Punct Inner
        /* Ord */   [0, 1, -2, -3, 0, 0, 0, -1],
        /* Op */    [1, 1, nil, -3, 0, 0, 0, -1],
        /* Bin */   [-2, -2, nil, nil, -2, nil, nil, -2],
        /* Rel */   [-3, -3, nil, 0, -3, 0, 0, -3],
        /* Open */  [0, 0, nil, 0, 0, 0, 0, 0],
        /* Close */ [0, 1, -2, -3, 0, 0, 0, -1],
        /* Punct */ [-1, -1, nil, -1, -1, -1, -1, -1],
        /* Inner */ [-1, 1, -2, -3, -1, 0, -1, -1],
    ]

    private static let order: [AtomClass] = [.ord, .op, .bin, .rel, .open, .close, .punct, .inner]

    /// The space in mu between `left` and `right`; `tight` for script and scriptscript styles, where the
    /// parenthesised entries are 0. Pairs that cannot occur (Bin demotion removes them) are 0.
    public static func mu(between left: AtomClass, _ right: AtomClass, tight: Bool) -> Double {
        guard let l = order.firstIndex(of: left), let r = order.firstIndex(of: right), let entry = table[l][r] else { return 0 }
        if entry < 0 && tight { return 0 }
        switch abs(entry) {
        case 1: return thin
        case 2: return medium
        case 3: return thick
        default: return 0
        }
    }

    /// TeX Rules 5–6: a Bin becomes Ord when it is first, or after Bin, Op, Rel, Open or Punct; and a Bin
    /// before Rel, Close or Punct, or at the end, becomes Ord too ("−1", "=−x", "(+)").
    /// `opensAfter`: the indices of atoms that are Open toward the atom after them (e-TeX's `\middle`, Close
    /// toward the atom before).
    public static func demotingBins(_ classes: [AtomClass], opensAfter: Set<Int> = []) -> [AtomClass] {
        var result = classes
        for index in result.indices where result[index] == .bin {
            let previous = index > 0 ? (opensAfter.contains(index - 1) ? .open : result[index - 1]) : nil
            if previous == nil || [.bin, .op, .rel, .open, .punct].contains(previous!) { result[index] = .ord }
        }
        for index in result.indices where result[index] == .bin {
            let next = index + 1 < result.count ? result[index + 1] : nil
            if next == nil || [.rel, .close, .punct].contains(next!) { result[index] = .ord }
        }
        return result
    }
}
