import Drawing

/// An image of the display list resampled once to its device rectangle (`FramePainter+Image`): the buffer and the
/// device row it ends at, so a strip painter can release it once it is past.
struct ResampledImage {
    struct Key: Hashable {
        var source: ImageItem.Source
        var rect: Rect
        var fit: ImageItem.Fit
        /// The current transform's six numbers: the same image at another place or scale is another buffer.
        var matrix: [Double]
    }

    let surface: OpaquePointer
    let bottom: Double
}
