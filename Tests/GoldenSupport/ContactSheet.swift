import Images
import RichMessageRenderer

/// Frames side by side in a grid, row-major, on a neutral grey: one reviewable image per reveal case.
public enum ContactSheet {
    public static let gapPixels = 8
    static let background: (UInt8, UInt8, UInt8, UInt8) = (128, 128, 128, 255)

    /// All frames must share one size (an export's frames do).
    public static func compose(_ frames: [RGBAImage], columns: Int) -> RGBAImage {
        guard let first = frames.first, columns > 0 else { return RGBAImage(width: 1, height: 1, fill: background) }
        let rows = (frames.count + columns - 1) / columns
        let cellWidth = first.width + gapPixels, cellHeight = first.height + gapPixels
        var sheet = RGBAImage(width: min(columns, frames.count) * cellWidth + gapPixels, height: rows * cellHeight + gapPixels, fill: background)
        for (index, frame) in frames.enumerated() {
            let left = gapPixels + (index % columns) * cellWidth, top = gapPixels + (index / columns) * cellHeight
            for y in 0..<min(frame.height, first.height) {
                for x in 0..<min(frame.width, first.width) {
                    let source = (y * frame.width + x) * 4
                    let target = ((top + y) * sheet.width + left + x) * 4
                    // Frames are composited over the grey (transparent canvases stay readable).
                    let alpha = Int(frame.pixels[source + 3])
                    for channel in 0..<3 {
                        let over = Int(frame.pixels[source + channel]) * alpha + Int(sheet.pixels[target + channel]) * (255 - alpha)
                        sheet.pixels[target + channel] = UInt8((over + 127) / 255)
                    }
                    sheet.pixels[target + 3] = 255
                }
            }
        }
        return sheet
    }
}
