// The libFuzzer entry point for ipraster. Built by `scripts/fuzz`, not by SwiftPM: a SwiftPM executable renames
// `main`, and libFuzzer's own `main` then clashes at link time, so the script compiles this file with
// `swiftc -sanitize=fuzzer,address` against instrumented builds of the library modules.
//
// A leading marker byte picks the entry point; any other input is rendered:
//   0x01 LaTeX     the rest typeset as a display and as an inline formula (`ipraster math`)
//   0x02 copy      the rest read as Rich Markdown, written back as Markdown (default and lossless) and read again
//   0x03 reveal    the rest decoded as JSON, built into a reveal timeline and sampled at frame times
//   0x04 PNG       the rest decoded as a PNG (what `ipraster compare` and `check` read)
//   0x05 request   the rest read as an HTTP request (request line, header fields, body) as `ipraster serve` checks
//                  and forwards it: the head checks (RequestHead), the content type, the frame a worker process
//                  reads (which must read back as the same request), and the rest as a frame from a worker
//   0x06 sticker   the rest as a sticker file: gzip goes through the whole decoder (gunzip cap, LottieCheck, rlottie);
//                  anything else is taken as Lottie JSON for LottieCheck and, when it passes, rendered by rlottie (frames
//                  0, the middle and the last at 32 px)
//   otherwise      decode (JSON, Rich HTML when it starts with "<", else Rich Markdown) → layout (with the layout
//                  JSON and per-character rects) → paint, as `ipraster render` does; the last byte picks options.
import Document
import Foundation
import HTTPService
import Images
import Layout
import Markup
import MediaSources
import RichMessageRenderer
import Reveal

/// libFuzzer calls the entry point from one thread at a time (fork mode runs processes, not threads). The harness
/// owns its process, so the hermetic configuration is fontconfig's current one (`processDefault`), as in the tool:
/// otherwise Pango 1.50's `FcInit` thread loads the system configuration while the first input is laid out, and
/// one CI run crashed in that thread (an FPE in `g_hash_table_lookup`, libpangoft2, at a fresh job's first input).
nonisolated(unsafe) private let pipeline: RenderPipeline = {
    do { return try RenderPipeline(processDefault: true) } catch { fatalError("fuzz: cannot load the hermetic fonts: \(error)") }
}()

/// Pages larger than this are laid out but not painted (painting them teaches the fuzzer nothing new and
/// slows it down; the size guards are covered by tests).
private let paintPixelLimit = 600_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let rest = Array(bytes.dropFirst())
    switch bytes.first {
    case 0x01: typeset(rest)
    case 0x02: copy(rest)
    case 0x03: reveal(rest)
    case 0x04: _ = try? PNGCodec.decode(rest)
    case 0x05: request(rest)
    case 0x06: sticker(rest)
    default: render(bytes)
    }
    return 0
}

private func sticker(_ bytes: [UInt8]) {
    let decoded: Sticker?
    if bytes.starts(with: [0x1f, 0x8b]) {
        decoded = try? StickerDecoder.decode(bytes, videoFrames: nil)
    } else {
        decoded = try? StickerDecoder.decode(lottieJSON: bytes)
    }
    guard let sticker = decoded else { return }
    for frame in [0, sticker.frameCount / 2, sticker.frameCount - 1] { _ = sticker.bitmap(frame: frame, side: 32, tint: nil) }
}

private func typeset(_ bytes: [UInt8]) {
    guard let formulas = pipeline.formulas else { return }
    let source = String(decoding: bytes, as: UTF8.self)
    _ = formulas.typeset(source, display: true, size: 19.04, color: .black)
    _ = formulas.typeset(source, display: false, size: 17, color: .black)
}

private func copy(_ bytes: [UInt8]) {
    var settings = RenderSettings()
    settings.inputFormat = RenderSettings.markdownFormat
    guard let document = (try? settings.decode(bytes, path: nil))?.lastDocument else { return }
    for lossless in [false, true] {
        let markdown = MarkdownWriter.markdown(document, lossless: lossless)
        var again = settings
        // A lossless copy may be Rich HTML; either reads back through the sniffing front door.
        again.inputFormat = lossless && markdown.hasPrefix("<") ? RenderSettings.htmlFormat : RenderSettings.markdownFormat
        _ = try? again.decode(Array(markdown.utf8), path: nil)
    }
}

private func reveal(_ bytes: [UInt8]) {
    let settings = RenderSettings()
    guard let input = try? settings.decode(bytes, path: nil),
          let stream = try? RevealStream(input: input, layout: { frame, revealRects in
              var frameSettings = settings
              frameSettings.layout.revealRects = revealRects
              return try pipeline.layout(frame, settings: frameSettings)
          }),
          let timeline = try? RevealTimeline(stream: stream) else { return }
    let end = min(timeline.endTime, 30)
    var time = 0.0
    while time <= end {
        _ = timeline.frame(at: time)
        time += max(end / 12, 1.0 / 30)
    }
}

private func request(_ bytes: [UInt8]) {
    // The head ends at the first blank line; lines end with CRLF or LF.
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts[0], body = Array(parts.dropFirst().joined(separator: "\r\n\r\n").utf8)
    let lines = head.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let requestLine = (lines.first ?? "").split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    let method = requestLine.first.map(String.init) ?? ""
    let target = requestLine.count > 1 ? String(requestLine[1]) : "/"
    let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
    let query = target[pathEnd...].dropFirst().split(separator: "&").map { pair -> (name: String, value: String) in
        let sides = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(sides[0]), sides.count > 1 ? String(sides[1]) : "")
    }
    let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), String(line[line.index(after: colon)...]))
    }
    _ = RequestHead.check(targetLength: target.utf8.count, headSize: head.utf8.count, fields: fields)
    var headers: [String: String] = [:]
    for field in fields { headers[field.name.lowercased()] = headers[field.name.lowercased()].map { $0 + ", " + field.value } ?? field.value }
    let request = HTTPRequest(method: method, path: String(target[..<pathEnd]), query: query, headers: headers, body: body)
    _ = request.mediaType
    let frame = WorkerFrame.request(request).bytes
    guard case .request(let again)? = WorkerFrame.decode(kind: frame[0], payload: frame[9...]), again == request else {
        fatalError("a request frame does not read back as its request")
    }
    _ = WorkerFrame.decode(kind: bytes.first ?? 0, payload: bytes.dropFirst())
    _ = ListenAddress(String(lines.first ?? ""))
}

private func render(_ bytes: [UInt8]) {
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
    if !JSONMessageFormat.sniff(bytes) { settings.inputFormat = bytes.first { $0 > 0x20 } == UInt8(ascii: "<") ? RenderSettings.htmlFormat : RenderSettings.markdownFormat }
    settings.mathDelimiters = selector & 64 != 0 ? .loose : .strict
    guard let input = try? settings.decode(bytes, path: nil),
          let layout = try? pipeline.layout(input, settings: settings) else { return }
    _ = layout.json(includeCharacterRects: true).serialized(pretty: false)
    if layout.canvas.pixelWidth * layout.canvas.pixelHeight <= paintPixelLimit {
        _ = try? pipeline.renderer.image(layout, media: nil)
    }
}
