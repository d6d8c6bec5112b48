/// Affine steps applied in order to a group's coordinate space (each one maps the space its successors
/// draw in, as `cairo_translate`/`cairo_scale`/`cairo_rotate` do).
public struct Transform: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        case translate(x: Double, y: Double)
        case scale(x: Double, y: Double)
        /// Radians, clockwise with y down.
        case rotate(Double)
    }

    public var steps: [Step]

    public init(_ steps: [Step]) {
        self.steps = steps
    }

    public static func translate(_ x: Double, _ y: Double) -> Transform { Transform([.translate(x: x, y: y)]) }

    /// Scales by `factor` about `center`.
    public static func scale(_ factor: Double, about center: Point) -> Transform {
        Transform([.translate(x: center.x, y: center.y), .scale(x: factor, y: factor), .translate(x: -center.x, y: -center.y)])
    }

    /// Rotates by `angle` radians about `center`.
    public static func rotate(_ angle: Double, about center: Point) -> Transform {
        Transform([.translate(x: center.x, y: center.y), .rotate(angle), .translate(x: -center.x, y: -center.y)])
    }

    public var isIdentity: Bool { steps.isEmpty }
}
