import Document
import Drawing

/// Stable hierarchical item ids (`ItemID`): the items nested in an item (a details body, a table's title and cell
/// contents, in that order) are its children 0, 1, …, and so on down. Reveal, hit-testing and the layout JSON
/// address nested items by them.
extension LayoutItem {
    mutating func assignIdentifiers(_ identifier: ItemID) {
        id = identifier
        var next = 0
        func assign(_ items: inout [LayoutItem]) {
            for index in items.indices {
                items[index].assignIdentifiers(identifier.child(next))
                next += 1
            }
        }
        // Exhaustive on purpose: a new content kind must say whether it nests items.
        switch content {
        case .details(var details):
            assign(&details.items)
            content = .details(details)
        case .table(var table):
            assign(&table.title)
            for cell in table.cells.indices { assign(&table.cells[cell].items) }
            content = .table(table)
        case .text, .decoration, .codeBlock, .thinking, .showMore, .media, .fileRow, .slideshow, .formula:
            break
        }
    }
}
