/// A shape drawn as an alpha mask (its items' coverage; `.clear` paints cut holes), then filled with paints
/// through it, in order. A fill with `spreadPixels` > 0 is masked by the shape grown by that many device
/// pixels in every direction: an outline under the body.
public struct ShapeFill: Sendable, Equatable {
    public struct Fill: Sendable, Equatable {
        public var paint: Paint
        public var spreadPixels: Int

        public init(paint: Paint, spreadPixels: Int = 0) {
            self.paint = paint
            self.spreadPixels = spreadPixels
        }
    }

    public var shape: Frame
    public var fills: [Fill]

    public init(shape: Frame, fills: [Fill]) {
        self.shape = shape
        self.fills = fills
    }
}
