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
                case .shape(let shape): walk(shape.shape)
                case .fill, .stroke, .paint, .glyphs, .image: break
                }
            }
        }
        walk(frame)
        return result
    }

    func testEveryItemIsAGroupNamedByItsIdentifier() throws {
        let json = #"""
        {"blocks": [
          {"type": "paragraph", "text": "first"},
          {"type": "details", "summary": "More", "is_open": true, "blocks": [{"type": "paragraph", "text": "inside"}]},
          {"type": "table", "caption": "T", "cells": [[{"text": "a", "align": "left", "valign": "top"}, {"text": "b", "align": "left", "valign": "top"}]]}
        ]}
        """#
        let ids = groups(try TestEnvironment.layout(json).displayList()).compactMap(\.id)
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
        let group = try XCTUnwrap(groups(layout.displayList()).first { $0.id == marker.id })
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

    /// The bubble (`v2-reveal-facts.md` §8 template): the tail's cleared ellipse is centred 11.5 pt right of the
    /// body's trailing edge and 8.5 pt above its bottom, 11.5 × 10.5; mirrored for an incoming (default) bubble.
    func testTheBubbleTailIsLaidOutInLayout() throws {
        let json = #"{"blocks": [{"type": "paragraph", "text": "hello"}]}"#
        for (arguments, mirrored) in [([] as [String], true), (["--outgoing"], false)] {
            let layout = try TestEnvironment.layout(json, arguments)
            let bubble = try XCTUnwrap(layout.bubble)
            guard case .shape(let shape)? = groups(layout.displayList()).first?.frame.items.first else { return XCTFail("no bubble shape first") }
            guard case .fill(let ellipse, .clear)? = shape.shape.items.last, case .ellipse(let center, let rx, let ry)? = ellipse.elements.first else {
                return XCTFail("the tail's ellipse is not cleared last: \(shape.shape.items)")
            }
            let width = bubble.frame.width, height = bubble.frame.height
            XCTAssertEqual(center, Point(x: mirrored ? -11.5 : width + 11.5, y: height - 8.5), "\(arguments)")
            XCTAssertEqual(rx, 11.5)
            XCTAssertEqual(ry, 10.5)
        }
    }
}
