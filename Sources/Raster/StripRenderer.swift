import CCairo
import CPNGWriter
import Drawing
import Dispatch
import FoundationEssentials
import Images
import Primitives

/// Paints a page as PNG in horizontal strips of the PNG writer's band height (128 rows) in a few reused
/// buffers (`StripBufferStore`): each strip is painted here with only the items that reach it (`FrameExtents`),
/// then queued (`StripWork`) to be converted and compressed by a helper thread, or here when every buffer is
/// lent. The page never needs a full-page surface: its
/// memory is a few strips and the compressed bytes, so a page may be taller than the 32,767 rows a Cairo surface
/// can have. The bytes equal the whole-canvas encoder's for the same pixels, and so do the pixels: each strip is a
/// surface of its own rows, offset by a whole number of device pixels from the page's origin, painted with the
/// whole page's transforms; images are resampled once per page and copied at whole pixels (`FramePainter+Image`).
final class StripRenderer {
    /// Threads compressing strips besides the painting one (which compresses a strip itself when every buffer is
    /// lent, rather than holding another strip in memory).
    static var helpers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    private let painter: FramePainter
    private let canvas: Canvas
    private let opaque: Bool
    private let metadata: PNGMetadata

    /// Whether strips give the whole canvas's pixels for `frame`: not when it composites a blurred group or a
    /// cached layer (reveal frames only), which Cairo resamples from the part the clip needs, with rounding that
    /// depends on where the strip starts. Such frames are painted on one canvas.
    static func canPaintInStrips(_ frame: Frame) -> Bool {
        frame.items.allSatisfy { item in
            switch item {
            case .layer: return false
            case .image: return true
            case .media(let choice): return canPaintInStrips(choice.present) && canPaintInStrips(choice.absent)
            case .group(let group): return group.blur == nil && canPaintInStrips(group.frame)
            case .fill, .stroke, .paint, .glyphs, .link: return true
            }
        }
    }

    private let store: StripBufferStore

    init(_ page: DisplayPage, glyphs: GlyphPainter, store: StripBufferStore) {
        canvas = page.canvas
        self.store = store
        opaque = page.opaque
        metadata = PNGMetadata(scale: page.canvas.scale, altText: page.altText)
        painter = FramePainter(glyphs: glyphs, images: page.images, scale: page.canvas.scale)
    }

    func png(_ frame: Frame, level: Int32) throws -> [UInt8] {
        let bands = try encodedBands(frame, level: level, output: nil)
        return try bands.assemble(width: canvas.pixelWidth, height: canvas.pixelHeight, opaque: opaque ? 1 : 0, level: level, metadata: metadata)
    }

    /// The page's PNG written to `sink` band by band as they are encoded (the same bytes `png` returns).
    func png(_ frame: Frame, level: Int32, to sink: PNGSink) throws {
        let output = BandOutput(sink: sink)
        let begun = metadata.withExtra { extra in
            ipr_png_stream_begin(Int32(canvas.pixelWidth), Int32(canvas.pixelHeight), opaque ? 1 : 0, level, extra, BandOutput.write,
                                 BandOutput.patch, Unmanaged.passUnretained(output).toOpaque())
        }
        guard let stream = begun else {
            throw PNGCodec.Error.outOfMemory
        }
        output.stream = stream
        let bands = try withExtendedLifetime(output) { try encodedBands(frame, level: level, output: output) }
        try bands.finishStream(output)
    }

    /// Paints and encodes every band; with `output`, each band is written (and its bytes freed) as soon as those
    /// before it are.
    private func encodedBands(_ frame: Frame, level: Int32, output: BandOutput?) throws -> BandResults {
        let rows = Int(ipr_png_page_band_rows()), width = canvas.pixelWidth, height = canvas.pixelHeight
        let count = (height + rows - 1) / rows
        // One pixel more per row than Cairo needs, so a row converted to PNG RGBA fits where it was read from.
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) + 4
        let bands = BandResults(count: count, output: output)
        let helpers = min(Self.helpers, count - 1)
        // A strip being painted, one with each helper and one more painted ahead; while all are lent, this thread
        // compresses the oldest waiting strip itself. Without the one ahead, a helper sat idle whenever this thread had
        // compressed a strip and was painting the next (sample.json in process: raster 48.5 ms with two strips, about
        // 42 with three); at 128 rows it costs 0.37 MB at 720 px (issue 44).
        let work = StripWork(bytes: stride * min(rows, height), limit: helpers + 2, store: store)
        defer { work.release() }
        let group = DispatchGroup()
        let queue = DispatchQueue.global(qos: .userInitiated)
        for _ in 0..<helpers {
            queue.async(group: group) { while let job = work.next() { job() } }
        }
        // Strips already handed to the helpers finish (and return their buffers) whatever happens here.
        defer {
            work.finish()
            group.wait()
        }
        let extents = FrameExtents(frame, glyphs: painter.glyphs)
        let opaque: Int32 = self.opaque ? 1 : 0
        for band in 0..<count {
            let top = band * rows, bandRows = min(rows, height - top)
            // While every buffer is lent, this thread compresses a painted strip rather than wait.
            var taken = work.take()
            while case .job(let job) = taken {
                job()
                taken = work.take()
            }
            guard case .buffer(let buffer) = taken else {
                throw CairoError(message: "cannot allocate a \(width)×\(rows) strip", outOfMemory: true)
            }
            painter.releaseResampledImages(endingAbove: Double(top))
            do {
                try paint(frame, extents: extents, into: buffer.pointer, stride: stride, top: top, rows: bandRows)
            } catch {
                work.put(buffer)
                throw error
            }
            let last: Int32 = band == count - 1 ? 1 : 0
            work.submit {
                var result: OpaquePointer?
                let status = ipr_png_band_encode(buffer.pointer, Int32(width), Int32(bandRows), Int32(stride), opaque, level, last, &result)
                bands.set(band, result, status: status)
                work.put(buffer)
            }
        }
        work.finish()
        while let job = work.next() { job() }
        group.wait()
        return bands
    }

    /// Paints the page's rows top..<top + rows into `buffer`: a surface of those rows whose device offset puts the
    /// page's origin `top` rows above it, so every transform is the whole page's and nothing outside is touched.
    private func paint(_ frame: Frame, extents: FrameExtents, into buffer: UnsafeMutablePointer<UInt8>, stride: Int, top: Int, rows: Int) throws {
        // An opaque page's background covers every pixel first; a transparent one's strip starts clear.
        if !opaque { memset(buffer, 0, stride * rows) }
        guard let surface = cairo_image_surface_create_for_data(buffer, CAIRO_FORMAT_ARGB32, Int32(canvas.pixelWidth), Int32(rows), Int32(stride)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw CairoError(message: "cannot create a strip surface", outOfMemory: true)
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_offset(surface, 0, -Double(top))
        guard let cr = cairo_create(surface) else { throw CairoError(message: "cannot create a strip surface", outOfMemory: true) }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, canvas.scale, canvas.scale)
        painter.window = (Double(top) / canvas.scale, Double(top + rows) / canvas.scale)
        painter.paint(frame, cr: cr, extents: extents)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status: status) }
        cairo_surface_flush(surface)
    }
}

/// The C stream a page is written to band by band, and the sink it writes through (the owner of the stream until
/// it is ended; a failed write's error is kept to be thrown).
private final class BandOutput: @unchecked Sendable {
    let sink: PNGSink
    var stream: OpaquePointer?
    var error: Error?

    init(sink: PNGSink) { self.sink = sink }

    deinit { ipr_png_stream_free(stream) }

    static let write: ipr_png_write_fn = { context, data, size in
        guard let context, let data else { return 1 }
        let output = Unmanaged<BandOutput>.fromOpaque(context).takeUnretainedValue()
        do { try output.sink.write(UnsafeRawBufferPointer(start: data, count: size)) } catch { output.error = error; return 1 }
        return 0
    }

    static let patch: ipr_png_patch_fn = { context, offset, data, size in
        guard let context, let data else { return 1 }
        let output = Unmanaged<BandOutput>.fromOpaque(context).takeUnretainedValue()
        do { try output.sink.overwrite(at: offset, with: UnsafeRawBufferPointer(start: data, count: size)) } catch { output.error = error; return 1 }
        return 0
    }
}

/// The bands of one page as their encoders finish them; released with the results. With an output, the bands
/// are written in page order as soon as each and those before it are done, then freed.
private final class BandResults: @unchecked Sendable {
    private var bands: [OpaquePointer?]
    private var status: Int32 = 0
    private let lock = Lock()
    private let output: BandOutput?
    /// The first band not yet written to the output.
    private var written = 0

    init(count: Int, output: BandOutput?) {
        bands = Array(repeating: nil, count: count)
        self.output = output
    }

    deinit { for band in bands { ipr_png_band_free(band) } }

    func set(_ index: Int, _ band: OpaquePointer?, status: Int32) {
        lock.lock()
        defer { lock.unlock() }
        bands[index] = band
        if status != 0 && self.status == 0 { self.status = status }
        guard let output, let stream = output.stream, self.status == 0 else { return }
        while written < bands.count, let next = bands[written] {
            let result = ipr_png_stream_band(stream, next)
            ipr_png_band_free(next)
            bands[written] = nil
            written += 1
            if result != 0 {
                self.status = result
                return
            }
        }
    }

    /// Ends the output's stream once every band is written.
    func finishStream(_ output: BandOutput) throws {
        lock.lock()
        defer { lock.unlock() }
        if let error = output.error { throw error }
        guard status == 0, written == bands.count else { throw status == 2 ? PNGCodec.Error.outOfMemory : PNGCodec.Error.encodeFailed }
        let result = ipr_png_stream_end(output.stream)
        output.stream = nil
        if let error = output.error { throw error }
        guard result == 0 else { throw PNGCodec.Error.encodeFailed }
    }

    /// The page's PNG, framed straight into the returned array from the bands, each band's compressed bytes freed
    /// once copied: the page is held about once while it is framed (it was held three times: the bands, a framed
    /// copy and the array).
    func assemble(width: Int, height: Int, opaque: Int32, level: Int32, metadata: PNGMetadata) throws -> [UInt8] {
        guard status == 0 else { throw status == 2 ? PNGCodec.Error.outOfMemory : PNGCodec.Error.encodeFailed }
        let size = metadata.withExtra { extra in bands.withUnsafeBufferPointer { ipr_png_assembled_size($0.baseAddress, Int32($0.count), Int32(height), extra) } }
        guard size > 0 else { throw PNGCodec.Error.encodeFailed }
        var result: Int32 = 0
        let png = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            result = metadata.withExtra { extra in
                bands.withUnsafeBufferPointer { ipr_png_assemble_into($0.baseAddress, Int32($0.count), Int32(width), Int32(height), opaque, level, extra,
                                                                      buffer.baseAddress, size) }
            }
            count = result == 0 ? size : 0
        }
        guard result == 0 else { throw result == 2 ? PNGCodec.Error.outOfMemory : PNGCodec.Error.encodeFailed }
        return png
    }
}
