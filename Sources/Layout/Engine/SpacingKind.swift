import Document
import Drawing

/// How a block takes part in the OLD fitToWidth spacing table (`v2-layout-facts.md` Appendix A.2).
enum SpacingKind: Equatable {
    case title, subtitle, kicker, authorDate, paragraph, list, formula, preformatted, blockQuote, pullQuote
    case headingLike   // header, subheader, heading
    case divider, anchor, cover, channelBanner, details, relatedArticles, table, thinking
    case image, video, collage, slideshow
    case buttonRow
    case other

    /// The kind a laid-out block spaces as. Placeholder pills space like a paragraph (README "Unsupported").
    init(_ block: Block, renderedAsPlaceholder: Bool) {
        if renderedAsPlaceholder { self = .paragraph; return }
        switch block {
        case .title: self = .title
        case .subtitle: self = .subtitle
        case .kicker: self = .kicker
        case .header, .subheader, .heading: self = .headingLike
        case .authorDate: self = .authorDate
        case .paragraph: self = .paragraph
        case .list: self = .list
        case .formula: self = .formula
        case .preformatted: self = .preformatted
        case .blockQuote: self = .blockQuote
        case .pullQuote: self = .pullQuote
        case .divider: self = .divider
        case .anchor: self = .anchor
        case .cover: self = .cover
        case .channel: self = .channelBanner
        case .details: self = .details
        case .relatedArticles: self = .relatedArticles
        case .table: self = .table
        case .thinking: self = .thinking
        case .photo: self = .image
        case .video: self = .video
        case .collage: self = .collage
        case .slideshow: self = .slideshow
        case .buttonRow: self = .buttonRow
        case .footer, .audio, .document, .map, .embed, .embedPost, .unsupported: self = .other
        }
    }
}

/// The kind of block sequence being laid out (§1.3).
enum SequenceKind { case topLevel, detail, cell, list }

/// The OLD generation's pairwise spacing with fitToWidth on; first matching row wins.
enum SpacingTable {
    static func between(_ upper: SpacingKind?, _ lower: SpacingKind?, kind: SequenceKind) -> Double {
        switch (upper, lower) {
        case (nil, nil): return 0
        case (nil, let lower?): return leading(lower, kind: kind)
        case (let upper?, nil): return trailing(upper, kind: kind)
        case (let upper?, let lower?): return pair(upper, lower)
        }
    }

    static func pair(_ u: SpacingKind, _ l: SpacingKind) -> Double {
        // Buttons rows are NEW-only and take the NEW padding model (Decisions): between two rows P + P = 4 + 4
        // (§1.5 rule 3); beside anything else P(u) + base 8 + P(l), P = 4 (8 for headings): paragraph → buttons 16.
        if u == .buttonRow && l == .buttonRow { return 8 }
        if u == .buttonRow || l == .buttonRow {
            let other = u == .buttonRow ? l : u
            return (other == .headingLike ? 8 : 4) + 8 + 4
        }
        if l == .cover || l == .channelBanner || (u == .details && l == .details) || u == .relatedArticles || l == .anchor { return 0 }
        if u == .divider || l == .divider { return 21 }
        if u == .blockQuote || l == .blockQuote { return 11 }
        if u == .pullQuote || l == .pullQuote { return 14 }
        if l == .title { return (u == .kicker || u == .cover) ? 16 : 20 }
        if l == .authorDate { return (u == .title || u == .subtitle) ? 18 : 20 }
        if l == .paragraph {
            switch u {
            case .title, .authorDate: return 34
            case .headingLike: return 14
            case .list: return 14
            case .formula: return 19
            case .paragraph: return 2
            default: break
            }
        }
        if u == .paragraph && l == .list { return 14 }
        if l == .formula {
            switch u {
            case .title, .authorDate: return 34
            case .headingLike: return 10
            case .list: return 31
            case .paragraph: return 19
            default: return 20
            }
        }
        if l == .list {
            switch u {
            case .title, .authorDate: return 34
            case .headingLike: return 31
            default: break
            }
        }
        if u == .preformatted || l == .preformatted { return 12 }
        if l == .list { return 10 }   // formula → list and any → list are both 10
        if l == .headingLike { return 32 }
        return 20
    }

    static func leading(_ lower: SpacingKind, kind: SequenceKind) -> Double {
        if [.cover, .channelBanner, .details, .anchor].contains(lower) { return 0 }
        switch kind {
        case .cell: return 0
        case .detail, .list: return 4
        case .topLevel:
            switch lower {
            // "heading" of the table: the heading-like blocks (header, subheader, heading).
            case .headingLike: return 6
            case .table, .blockQuote, .pullQuote, .preformatted: return 10
            case .image, .video, .collage, .slideshow: return 0
            default: return 5
            }
        }
    }

    static func trailing(_ upper: SpacingKind, kind: SequenceKind) -> Double {
        switch kind {
        case .cell: return 0
        case .detail, .list: return 16
        case .topLevel:
            switch upper {
            case .relatedArticles: return 0
            case .thinking: return 2
            case .image, .video: return 2
            case .collage, .slideshow: return 0
            default: return 5
            }
        }
    }
}
