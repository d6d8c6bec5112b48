import Layout

public extension Frame {
    /// Every sticker cell the frame draws (a `MediaChoice`'s present branch) with its rect on the page: groups'
    /// translations and scales applied (a sticker under a rotated group is not expected and reported as nil).
    var placedStickerCells: [(cell: StickerCell, rect: Rect)]? {
        var cells: [(cell: StickerCell, rect: Rect)] = []
        var rotated = false
        func walk(_ frame: Frame, _ map: (sx: Double, sy: Double, tx: Double, ty: Double), turned: Bool = false) {
            for item in frame.items {
                switch item {
                case .image(let image):
                    guard case .sticker(let cell) = image.source else { continue }
                    if turned { rotated = true }
                    let r = image.rect
                    cells.append((cell, Rect(x: r.minX * map.sx + map.tx, y: r.minY * map.sy + map.ty, width: r.width * map.sx, height: r.height * map.sy)))
                case .media(let choice): walk(choice.present, map, turned: turned)
                case .group(let group):
                    var inner = map, turns = turned
                    for step in group.transform.steps {
                        switch step {
                        case .translate(let x, let y): inner = (inner.sx, inner.sy, inner.tx + inner.sx * x, inner.ty + inner.sy * y)
                        case .scale(let x, let y): inner = (inner.sx * x, inner.sy * y, inner.tx, inner.ty)
                        case .rotate: turns = true
                        }
                    }
                    walk(group.frame, inner, turned: turns)
                case .layer(let layer): walk(layer.frame, map, turned: turned)
                default: break
                }
            }
        }
        walk(self, (1, 1, 0, 0))
        return rotated ? nil : cells
    }
}
