/// `--math-delimiters`: how Rich Markdown pairs `$` (spec README Decisions, "`$` pairing in Markdown"): `strict`
/// is the app's rule (`.md` files), `loose` the server's (Bot API payloads' `rich_message.markdown`).
public enum MathDelimiters: String, Sendable, CaseIterable {
    case strict, loose
}
