import CQPDF
import Drawing

/// What Cairo 1.16 leaves out of a tagged PDF, added after it has written the file (issue 63): the catalog's language
/// (`/Lang`, from `--locale`) and `/DisplayDocTitle`, figures' and formulas' alternative text (`/Alt`) and table header
/// cells' scope (`/Scope`). Cairo ignores a tag's `alt` and writes no attributes, and it has no call for the catalog,
/// so libqpdf (Debian's libqpdf29, opened on first use) rewrites the file: the structure elements are matched, in
/// preorder, to the tags the painter began (`FramePainter.tags`), each checked by its role.
enum TaggedPDF {
    /// `pdf` with the attributes of `tags` and `language` added; `pdf` itself when there is nothing to add, or libqpdf
    /// cannot be opened or refuses (the file Cairo wrote is still a tagged PDF, only without them: docs/accessibility.md).
    static func completed(_ pdf: [UInt8], tags: [StructureTag], language: String?) -> [UInt8] {
        guard !tags.isEmpty || language != nil else { return pdf }
        // Every string NUL-terminated in one buffer; the lists hold their offsets (-1: none).
        var strings: [CChar] = []
        func add(_ text: String?) -> Int {
            guard let text else { return -1 }
            let offset = strings.count
            strings += text.utf8.map { CChar(bitPattern: $0) } + [0]
            return offset
        }
        let roles = tags.map { add($0.role.rawValue) }, alts = tags.map { add($0.alt) }, scopes = tags.map { add($0.scope?.rawValue) }
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var error = [CChar](repeating: 0, count: 320)
        let status: Int32 = strings.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress
            func list(_ offsets: [Int]) -> [UnsafePointer<CChar>?] { offsets.map { offset in offset < 0 ? nil : base.map { $0 + offset } } }
            return ipr_qpdf_add_structure_attributes(pdf, pdf.count, language, Int32(tags.count), list(roles), list(alts), list(scopes),
                                                     &out, &size, &error, error.count)
        }
        guard status == 0, let out else { return pdf }
        defer { ipr_qpdf_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
