import Drawing

/// One structure element an item belongs to in a tagged PDF (issue 63): its tag, and a number unique in the page's
/// layout, so that consecutive items in the same element share it. `LayoutItem.structure` lists an item's elements
/// outermost first; `FrameBuilder` nests the items' groups in tagged groups by these chains.
public struct StructureNode: Sendable, Equatable {
    public let id: Int
    public let tag: StructureTag

    public init(id: Int, tag: StructureTag) {
        self.id = id
        self.tag = tag
    }
}

/// Hands out `StructureNode` numbers for one page's layout (one counter shared by every copy of the context).
final class StructureNumbers {
    private var next = 0

    func node(_ tag: StructureTag) -> StructureNode {
        next += 1
        return StructureNode(id: next, tag: tag)
    }
}

extension [LayoutItem] {
    /// Every item placed inside the element `tag` (a new node, outside the ones the items are in already).
    func wrapped(in tag: StructureTag?, numbers: StructureNumbers) -> [LayoutItem] {
        guard let tag else { return self }
        return wrapped(in: numbers.node(tag))
    }

    /// Every item placed inside `node`, outside the elements it is in already.
    func wrapped(in node: StructureNode) -> [LayoutItem] {
        map { item in
            var item = item
            item.structure.insert(node, at: 0)
            return item
        }
    }
}
