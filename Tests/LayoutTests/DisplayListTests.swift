import GoldenSupport
@testable import Layout
import XCTest

/// The display list layout hands to paint (issue 11, P1): items are groups named by their ids, and shape
/// geometry is decided in Layout with the spec's numbers.
final class DisplayListTests: XCTestCase {
    /// Every group in the list, depth first.
    private func groups(_ frame: Frame) -> [Group] {
        var result: [Group] = []
        func walk(_ frame: Frame) {
            for item in frame.items {
                switch item {
                case .group(let group):
                    result.append(group)
                    walk(group.frame)
                case .media(let choice):
                    walk(choice.present)
                    walk(choice.absent)
                case .layer(let layer): walk(layer.frame)
                case .fill, .stroke, .paint, .glyphs, .image, .link: break
                }
            }
        }
        walk(frame)
        return result
    }

    /// The structure tags of a tagged list as an outline: each tagged group's role, indented by depth.
    private func outline(_ frame: Frame, depth: Int = 0) -> [String] {
        var lines: [String] = []
        for item in frame.items {
            switch item {
            case .group(let group):
                if let tag = group.tag {
                    lines.append(String(repeating: "  ", count: depth) + tag.role.rawValue)
                    lines += outline(group.frame, depth: depth + 1)
                } else {
                    lines += outline(group.frame, depth: depth)
                }
            case .media(let choice): lines += outline(choice.present, depth: depth)
            case .layer(let layer): lines += outline(layer.frame, depth: depth)
            case .fill, .stroke, .paint, .glyphs, .image, .link: break
            }
        }
        return lines
    }

    func testOnlyAPDFsListCarriesStructureTagsNestedAsTheBlocks() throws {
        let json = #"""
        {"blocks": [
          {"type": "heading", "size": 3, "text": "Plan"},
          {"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "one"},
                                                 {"type": "list", "items": [{"blocks": [{"type": "paragraph", "text": "deep"}]}]}]}]},
          {"type": "divider"},
          {"type": "blockquote", "blocks": [{"type": "paragraph", "text": "a"}, {"type": "paragraph", "text": "b"}]},
          {"type": "table", "caption": "T", "cells": [[{"text": "h", "align": "left", "valign": "top", "is_header": true}, {"text": "", "align": "left", "valign": "top"}]]}
        ]}
        """#
        let layout = try TestEnvironment.layout(json)
        XCTAssertEqual(outline(layout.displayList()), [], "raster and SVG lists have no tags")
        XCTAssertEqual(layout.displayList(tagged: true).items.count, layout.displayList().items.count)
        XCTAssertEqual(outline(layout.displayList(tagged: true)), [
            "Document", "  H3", "  L", "    LI", "      Lbl", "      LBody", "        P", "        L", "          LI", "            Lbl",
            "            LBody", "              P", "  BlockQuote", "    P", "    P", "  Table", "    Caption", "      P", "    TR", "      TH", "        P",
            "      TD",
        ])
    }

    func testAnElementWhoseItemsAreNotConsecutiveIsNotOpenedTwice() throws {
        // Items whose element is interrupted by an item outside it: the later items go into the elements they share.
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "a"}, {"type": "paragraph", "text": "b"}, {"type": "paragraph", "text": "c"}]}"#)
        var items = layout.items
        let quote = StructureNode(id: 900, tag: StructureTag(.blockQuote))
        items[0].structure = [quote] + items[0].structure
        items[2].structure = [quote] + items[2].structure
        var split = layout
        split.items = items
        XCTAssertEqual(outline(split.displayList(tagged: true)), ["Document", "  BlockQuote", "    P", "  P", "  P"])
    }

    func testEveryItemIsAGroupNamedByItsIdentifier() throws {
        let json = #"""
        {"blocks": [
          {"type": "paragraph", "text": "first"},
          {"type": "details", "summary": "More", "is_open": true, "blocks": [{"type": "paragraph", "text": "inside"}]},
          {"type": "table", "caption": "T", "cells": [[{"text": "a", "align": "left", "valign": "top"}, {"text": "b", "align": "left", "valign": "top"}]]}
        ]}
        """#
        let ids = groups(try TestEnvironment.layout(json).displayList()).compactMap(\.id?.rawValue)
        XCTAssertEqual(ids.filter { $0.allSatisfy { $0.isNumber || $0 == "." } }, ["0", "1", "1.0", "2", "2.0", "2.1", "2.2"])
        // The parts a reveal overlays: the items, each text's glyphs (mask), the table's grid (row band), the status.
        XCTAssertEqual(ids.filter { !$0.allSatisfy { $0.isNumber || $0 == "." } },
                       ["items", "0/body", "0/body/glyphs", "1/title", "1/title/glyphs", "1.0/body", "1.0/body/glyphs", "2/grid",
                        "2.0/body", "2.0/body/glyphs", "2.1/body", "2.1/body/glyphs", "2.2/body", "2.2/body/glyphs", "status"])
    }

    /// A checked checkbox (`v2-render-facts.md` §7.3): an 18 pt square rounded at ceil(18 × 0.318) = 6, the tick
    /// (5.33, 9.5) → (7.83, 12.5) → (12.5, 6.5) stroked 1.5 wide with round ends and cut out of it in an isolated group.
    func testACheckedCheckboxIsARoundedSquareWithTheTickCutOut() throws {
        let json = #"{"blocks": [{"type": "list", "items": [{"label": "•", "blocks": [{"type": "paragraph", "text": "done"}], "has_checkbox": true, "is_checked": true}]}]}"#
        let layout = try TestEnvironment.layout(json)
        let marker = try XCTUnwrap(layout.items.first { $0.kind == "listMarker" })
        let group = try XCTUnwrap(groups(layout.displayList()).first { $0.id == marker.id.group })
        guard case .group(let cutOut)? = group.frame.items.first else { return XCTFail("the checkbox is not an isolated group: \(group.frame.items)") }
        XCTAssertTrue(cutOut.isolated)
        XCTAssertEqual(cutOut.frame.items.count, 2)
        guard case .fill(let square, _) = cutOut.frame.items[0], case .stroke(let tick, .clear, let stroke) = cutOut.frame.items[1] else {
            return XCTFail("expected a fill and a clearing stroke: \(cutOut.frame.items)")
        }
        let frame = marker.frame
        XCTAssertEqual(frame.width, 18)
        XCTAssertEqual(frame.height, 18)
        XCTAssertEqual(square.elements.compactMap { element -> Double? in
            if case .arc(_, let radius, _, _) = element { return radius } else { return nil }
        }, [6, 6, 6, 6])
        XCTAssertEqual(tick.elements, [.move(Point(x: frame.minX + 5.33, y: frame.minY + 9.5)), .line(Point(x: frame.minX + 7.83, y: frame.minY + 12.5)),
                                       .line(Point(x: frame.minX + 12.5, y: frame.minY + 6.5))])
        XCTAssertEqual(stroke, Stroke(width: 1.5, cap: .round, join: .round))
    }

    /// The bubble (`v2-reveal-facts.md` §8 template) is one filled path: the body with its tail corner square
    /// and the sliver under the template's cleared ellipse — centred 11.5 pt right of the body's trailing edge
    /// and 8.5 pt above its bottom, 11.5 × 10.5 — ending in the tip where that ellipse meets the bottom line,
    /// W + 11.5 − 11.5·√(1 − (8.5 / 10.5)²) ≈ W + 4.75 (the facts: "about 4.6 pt outside the body's right edge").
    /// Incoming bubbles draw the same path mirrored.
    func testTheBubbleIsOnePathWithTheTailLaidOutInLayout() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "hello"}]}"#
        for (arguments, mirrored) in [([] as [String], true), (["--outgoing"], false)] {
            let layout = try TestEnvironment.layout(json, arguments)
            let bubble = try XCTUnwrap(layout.bubble)
            let width = bubble.frame.width, height = bubble.frame.height
            var items = try XCTUnwrap(groups(layout.displayList()).first).frame.items
            if mirrored {
                guard case .group(let flip)? = items.first else { return XCTFail("an incoming bubble is a mirrored group: \(items)") }
                XCTAssertEqual(flip.transform, Transform([.translate(x: width, y: 0), .scale(x: -1, y: 1)]))
                items = flip.frame.items
            }
            guard case .fill(let path, _)? = items.first else { return XCTFail("no bubble fill first: \(items)") }
            guard case .move(let tip)? = path.elements.first else { return XCTFail("the path starts nowhere") }
            XCTAssertEqual(tip.x, width + 11.5 - 11.5 * (1 - (8.5 / 10.5) * (8.5 / 10.5)).squareRoot(), accuracy: 1e-9)
            XCTAssertEqual(tip.x - width, 4.75, accuracy: 0.01)
            XCTAssertEqual(tip.y, height)
            XCTAssertTrue(path.elements.contains(.line(Point(x: width, y: height - 8.5))), "the trailing edge runs straight down to the ellipse")
            XCTAssertTrue(path.elements.contains {
                if case .ellipticalArc(Point(x: width + 11.5, y: height - 8.5), 11.5, 10.5, Double.pi, _, true) = $0 { return true } else { return false }
            }, "the tail's inner edge is the template's ellipse")
            XCTAssertEqual(path.elements.last, .close)
        }
    }

    /// Glyph runs carry their source text and cluster map (issue 11, P2), so vector output keeps text selectable:
    /// every glyph and every byte is in exactly one cluster, and the text is the line's own text.
    func testGlyphRunsCarryTheirSourceTextAndClusters() throws {
        let text = "Office e\u{301}t\u{e9} 12:34"
        let layout = try TestEnvironment.layout(#"{"blocks": [{"type": "paragraph", "text": "\#(text)"}]}"#)
        guard case .text(let box) = layout.items[0].content else { return XCTFail("no text item") }
        let runs = box.lines.flatMap(\.runs)
        XCTAssertTrue(runs.allSatisfy(\.clustersAreComplete), "\(runs.map { ($0.text, $0.clusters) })")
        XCTAssertEqual(runs.map(\.text).joined(), text)
        // The combining acute joins its base letter in one cluster of 3 bytes.
        let clusters = runs.flatMap(\.clusters)
        XCTAssertTrue(clusters.contains { $0.bytes == 3 }, "\(clusters)")
    }
}
