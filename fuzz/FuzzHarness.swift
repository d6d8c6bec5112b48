// The libFuzzer entry point for ipraster: every input (JSON, Rich HTML or Rich Markdown) goes through decode → layout (with the layout JSON
// and per-character rects) → paint, as `ipraster render` does. Built by `scripts/fuzz`, not by SwiftPM:
// a SwiftPM executable renames `main`, and libFuzzer's own `main` then clashes at link time, so the
// script compiles this file with `swiftc -sanitize=fuzzer,address` against instrumented builds of the
// library modules.
import Foundation
import Layout
import Raster

private let pipeline: RenderPipeline = {
    do { return try RenderPipeline() } catch { fatalError("fuzz: cannot load the hermetic fonts: \(error)") }
}()

/// Pages larger than this are laid out but not painted (painting them teaches the fuzzer nothing new and
/// slows it down; the size guards are covered by tests).
private let paintPixelLimit = 600_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The last byte picks the options, so option-dependent paths are fuzzed too.
    let selector = bytes.last ?? 0
    var settings = RenderSettings()
    settings.layout.scale = 1
    settings.layout.width = [320, 200, 600, 40][Int(selector & 3)]
    settings.layout.outgoing = selector & 4 != 0
    settings.layout.expandDetails = selector & 8 != 0
    settings.layout.text.showSpoilers = selector & 16 != 0
    settings.layout.revealRects = true
    settings.strict = selector & 32 != 0
    // Bytes JSON would not claim are read as Rich HTML when they start with "<", else as Rich Markdown, so both
    // front-ends are fuzzed too.
    if !JSONMessageFormat.sniff(bytes) { settings.inputFormat = bytes.first { $0 > 0x20 } == UInt8(ascii: "<") ? "html" : "markdown" }
    settings.mathDelimiters = selector & 64 != 0 ? "loose" : "strict"
    guard let input = try? settings.decode(bytes, path: nil),
          let layout = try? pipeline.layout(input, settings: settings) else { return 0 }
    _ = layout.json(includeCharacterRects: true).serialized(pretty: false)
    if layout.canvas.pixelWidth * layout.canvas.pixelHeight <= paintPixelLimit {
        _ = try? pipeline.renderer.image(layout, media: nil)
    }
    return 0
}
