import CPango
import Layout

/// The bubble body with its tail (`v2-reveal-facts.md` §8 template, stretched to W × Hb) and the
/// rounded clip of the page (README "Clip and bleed": 16 pt corners, the tail corner square).
enum BubblePainter {
    static func draw(_ bubble: Bubble, scale: Double, cr: OpaquePointer) {
        let width = bubble.frame.width, height = bubble.frame.height
        // The shape as an alpha mask: body + tail, with the tail's inner ellipse cleared.
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        roundedRect(bubble.frame, radius: bubble.cornerRadius, cr)
        cairo_fill(cr)
        tailPaths(width: width, height: height, left: bubble.tail == .left, cr: cr)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        tailEllipse(width: width, height: height, left: bubble.tail == .left, cr: cr)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let shape = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(shape) }

        if let outline = bubble.outline {
            // A 1 device pixel outline: the shape dilated by one pixel, under the fill.
            let pixel = 1 / scale
            var original = cairo_matrix_t()
            cairo_pattern_get_matrix(shape, &original)
            cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            for dy in [-pixel, 0, pixel] {
                for dx in [-pixel, 0, pixel] {
                    // The group pattern already maps user space to its surface; shift before that mapping.
                    var shift = cairo_matrix_t(), shifted = cairo_matrix_t()
                    cairo_matrix_init_translate(&shift, -dx, -dy)
                    cairo_matrix_multiply(&shifted, &shift, &original)
                    cairo_pattern_set_matrix(shape, &shifted)
                    cairo_mask(cr, shape)
                }
            }
            cairo_pattern_set_matrix(shape, &original)
            let dilated = cairo_pop_group(cr)!
            set(outline, cr)
            cairo_mask(cr, dilated)
            cairo_pattern_destroy(dilated)
        }

        if bubble.fillTop == bubble.fillBottom {
            set(bubble.fillTop, cr)
            cairo_mask(cr, shape)
        } else {
            let gradient = cairo_pattern_create_linear(0, 0, 0, height)!
            cairo_pattern_add_color_stop_rgba(gradient, 0, bubble.fillTop.r, bubble.fillTop.g, bubble.fillTop.b, bubble.fillTop.a)
            cairo_pattern_add_color_stop_rgba(gradient, 1, bubble.fillBottom.r, bubble.fillBottom.g, bubble.fillBottom.b, bubble.fillBottom.a)
            cairo_set_source(cr, gradient)
            cairo_mask(cr, shape)
            cairo_pattern_destroy(gradient)
        }
    }

    /// The page clip: the body rounded at 16 pt except the tail corner, which is square.
    static func clipPath(_ bubble: Bubble, cr: OpaquePointer) {
        let rect = bubble.frame, r = bubble.cornerRadius
        let tailLeft = bubble.tail == .left
        cairo_new_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        if tailLeft {
            cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
            cairo_line_to(cr, rect.minX, rect.maxY)
        } else {
            cairo_line_to(cr, rect.maxX, rect.maxY)
            cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        }
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Maps a template x (outgoing, tail right) to the bubble: mirrored for incoming bubbles.
    private static func mapX(_ x: Double, width: Double, left: Bool) -> Double { left ? width - x : x }

    /// The filled parts of the tail: the corner rect and the two-segment quadratic bowl.
    private static func tailPaths(width W: Double, height H: Double, left: Bool, cr: OpaquePointer) {
        let x = { (value: Double) in mapX(value, width: W, left: left) }
        cairo_new_path(cr)
        cairo_move_to(cr, x(W - 16.5), H - 17)
        cairo_line_to(cr, x(W), H - 17)
        cairo_line_to(cr, x(W), H - 8)
        cairo_line_to(cr, x(W - 16.5), H - 8)
        cairo_close_path(cr)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, x(W - 9), H - 8.5)
        quadratic(from: (x(W - 9), H - 8.5), control: (x(W - 9), H), to: (x(W + 4.5), H), cr: cr)
        quadratic(from: (x(W + 4.5), H), control: (x(W + 18), H), to: (x(W + 18), H - 8.5), cr: cr)
        cairo_close_path(cr)
    }

    private static func tailEllipse(width W: Double, height H: Double, left: Bool, cr: OpaquePointer) {
        cairo_new_path(cr)
        cairo_save(cr)
        cairo_translate(cr, mapX(W + 11.5, width: W, left: left), H - 8.5)
        cairo_scale(cr, 11.5, 10.5)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cr)
    }

    private static func quadratic(from p0: (Double, Double), control c: (Double, Double), to p1: (Double, Double), cr: OpaquePointer) {
        cairo_curve_to(cr, p0.0 + 2.0 / 3.0 * (c.0 - p0.0), p0.1 + 2.0 / 3.0 * (c.1 - p0.1),
                       p1.0 + 2.0 / 3.0 * (c.0 - p1.0), p1.1 + 2.0 / 3.0 * (c.1 - p1.1), p1.0, p1.1)
    }
}
