import GoldenSupport
@testable import Layout
import XCTest

/// Every item, nested ones included, has a unique hierarchical id (issue 11, P5; `cli-contract.md`).
final class ItemIdentifierTests: XCTestCase {
    func testNestedItemsGetPathIdentifiers() throws {
        let json = #"""
        {"blocks": [
          {"type": "paragraph", "text": "first"},
          {"type": "details", "summary": "More", "is_open": true, "blocks": [
            {"type": "paragraph", "text": "inside"},
            {"type": "details", "summary": "Deeper", "is_open": true, "blocks": [{"type": "paragraph", "text": "deepest"}]}]},
          {"type": "table", "caption": "T", "cells": [[{"text": "a", "align": "left", "valign": "top"}, {"text": "b", "align": "left", "valign": "top"}]]}
        ]}
        """#
        let layout = try TestEnvironment.layout(json)
        var ids: [String] = []
        func walk(_ items: [LayoutItem]) {
            for item in items {
                ids.append(item.id.description)
                switch item.content {
                case .details(let details): walk(details.items)
                case .table(let table):
                    walk(table.title)
                    for cell in table.cells { walk(cell.items) }
                default: break
                }
            }
        }
        walk(layout.items)
        XCTAssertEqual(ids, ["0", "1", "1.0", "1.1", "1.1.0", "2", "2.0", "2.1", "2.2"])
        XCTAssertEqual(Set(ids).count, ids.count)
    }

    /// The one string form of an id: indexes joined by dots, read back to the same id; anything else is no id.
    func testAnIdHasOneStringForm() {
        XCTAssertEqual(ItemID([2, 0, 11]).description, "2.0.11")
        XCTAssertEqual(ItemID("2.0.11"), ItemID([2, 0, 11]))
        XCTAssertEqual(ItemID([2]).child(3), ItemID([2, 3]))
        XCTAssertEqual(ItemID([1, 2]).group.rawValue, "1.2")
        for bad in ["", ".", "1.", ".1", "1..2", "a", "-1", "1/body"] { XCTAssertNil(ItemID(bad), bad) }
        XCTAssertEqual(GroupID.Text(item: ItemID([1, 2]), part: .body).glyphs.rawValue, "1.2/body/glyphs")
        XCTAssertEqual(GroupID.tableGrid(ItemID([3])).rawValue, "3/grid")
    }
}
