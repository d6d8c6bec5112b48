import Document
import Drawing

/// The V2 text categories of the chat theme, with the sizes and line-spacing factors the project
/// decided on (`README.md` "Fonts and colours" = `v2-render-facts.md` §2.1, OLD generation).
public enum TextCategory: Sendable, Equatable {
    case kicker, header, subheader, paragraph, caption, credit, table, codeBlock
    case heading(Int)

    /// Family, size and line-spacing factor of the category.
    var font: (family: FontSpec.Family, size: Double, lineSpacing: Double) {
        switch self {
        case .kicker: return (.sans, 15, 0.685)
        case .header: return (.serif, 19, 0.685)
        case .subheader: return (.serif, 18, 0.685)
        case .paragraph: return (.sans, 17, 1.0)
        case .caption: return (.sans, 15, 1.0)
        case .credit: return (.sans, 13, 1.0)
        case .table: return (.sans, 15, 1.0)
        // V2 overrides the theme's 14 pt code font to 15 (v2-render-facts §7.6).
        case .codeBlock: return (.mono, 15, 1.0)
        case .heading(let level):
            // H1 = header, H2 = subheader; H3-H6 serif floor(base × subheader.size / 18) (§2.1: the code divides by 18).
            switch level {
            case ...1: return TextCategory.header.font
            case 2: return TextCategory.subheader.font
            default:
                let base: Double = [17, 16, 15, 13][min(level, 6) - 3]
                return (.serif, (base * 18 / 18).rounded(.down), 0.685)
            }
        }
    }

    var usesSecondaryColor: Bool { self == .caption || self == .credit }
}
