/// A structure element of a tagged PDF (issue 63): a display-list group carrying one is painted between Cairo's
/// `cairo_tag_begin` and `cairo_tag_end` with `role` as the tag, so the PDF's structure tree has an element per tagged
/// group, nested as the groups are, its marked content in paint order. Only the display list of a PDF carries tags
/// (`PageLayout.displayPage(tagged:)`); raster and SVG lists have none, so their pixels do not depend on them.
public struct StructureTag: Sendable, Equatable {
    /// PDF 1.7's standard structure types (ISO 32000-1 §14.8.4) that ipraster writes.
    public enum Role: String, Sendable, Equatable, CaseIterable {
        case document = "Document", division = "Div", paragraph = "P"
        case heading1 = "H1", heading2 = "H2", heading3 = "H3", heading4 = "H4", heading5 = "H5", heading6 = "H6"
        case list = "L", listItem = "LI", label = "Lbl", listBody = "LBody"
        case blockQuote = "BlockQuote", code = "Code", figure = "Figure", formula = "Formula", caption = "Caption"
        case table = "Table", tableRow = "TR", tableHeader = "TH", tableCell = "TD"
        /// A link annotation's element (Cairo makes one per link tag; `FramePainter.writeLinks`).
        case link = "Link"

        /// The heading of `level` (1…6; deeper levels read as 6).
        public static func heading(_ level: Int) -> Role {
            [.heading1, .heading2, .heading3, .heading4, .heading5, .heading6][min(max(level, 1), 6) - 1]
        }
    }

    /// Which cells a header cell heads (the PDF's `/Scope` attribute of a `TH`).
    public enum Scope: String, Sendable, Equatable { case column = "Column", row = "Row" }

    public var role: Role
    /// The element's alternative description (`/Alt`): a figure's or formula's words; nil for none.
    public var alt: String?
    /// A header cell's scope; nil for every other role.
    public var scope: Scope?

    public init(_ role: Role, alt: String? = nil, scope: Scope? = nil) {
        self.role = role
        self.alt = alt
        self.scope = scope
    }
}
