import CCairo
import CPNGWriter
import Drawing
import Foundation

/// Paints a page as PNG in horizontal strips of the PNG writer's band height (512 rows) in a few reused
/// buffers: each strip is painted here, then converted and compressed on another core while the next strip is
/// painted (or here, when every other core is busy with one). The page never needs a full-page surface: its
/// memory is a few strips and the compressed bytes, so a page may be taller than the 32,767 rows a Cairo surface
/// can have. The bytes equal the whole-canvas encoder's for the same pixels, and so do the pixels: each strip is a
/// surface of its own rows, offset by a whole number of device pixels from the page's origin, painted with the
/// whole page's transforms; images are resampled once per page and copied at whole pixels (`FramePainter+Image`).
final class StripRenderer {
    /// Threads compressing strips besides the painting one (which compresses a strip itself when they are
    /// all busy, rather than holding another strip in memory).
    static var helpers: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    private let painter: FramePainter
    private let canvas: Canvas
    private let opaque: Bool

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

    init(canvas: Canvas, opaque: Bool, glyphs: GlyphPainter, media: MediaStore?, store: StripBufferStore) {
        self.canvas = canvas
        self.store = store
        self.opaque = opaque
        painter = FramePainter(glyphs: glyphs, media: media, scale: canvas.scale)
    }

    func png(_ frame: Frame, level: Int32) throws -> [UInt8] {
        let rows = Int(ipr_png_page_band_rows()), width = canvas.pixelWidth, height = canvas.pixelHeight
        let count = (height + rows - 1) / rows
        // One pixel more per row than Cairo needs, so a row converted to PNG RGBA fits where it was read from.
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))) + 4
        let bands = BandResults(count: count)
        let helpers = min(Self.helpers, count - 1)
        // A strip being painted, one with each helper and one painted ahead for whichever thread frees first.
        let work = StripWork(bytes: stride * min(rows, height), limit: helpers + 2, store: store)
        defer { work.release() }
        let group = DispatchGroup()
        let queue = DispatchQueue.global(qos: .userInitiated)
        for _ in 0..<helpers {
            queue.async(group: group) { while let job = work.next() { job.run() } }
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
                job.run()
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
            work.submit(StripJob {
                var result: OpaquePointer?
                let status = ipr_png_band_encode(buffer.pointer, Int32(width), Int32(bandRows), Int32(stride), opaque, level, last, &result)
                bands.set(band, result, status: status)
                work.put(buffer)
            })
        }
        work.finish()
        while let job = work.next() { job.run() }
        group.wait()
        return try bands.assemble(width: width, height: height, opaque: opaque, level: level)
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

/// The bands of one page as their encoders finish them; released with the results.
private final class BandResults: @unchecked Sendable {
    private var bands: [OpaquePointer?]
    private var status: Int32 = 0
    private let lock = NSLock()

    init(count: Int) { bands = Array(repeating: nil, count: count) }

    deinit { for band in bands { ipr_png_band_free(band) } }

    func set(_ index: Int, _ band: OpaquePointer?, status: Int32) {
        lock.lock()
        defer { lock.unlock() }
        bands[index] = band
        if status != 0 && self.status == 0 { self.status = status }
    }

    func assemble(width: Int, height: Int, opaque: Int32, level: Int32) throws -> [UInt8] {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = self.status != 0 ? self.status : bands.withUnsafeBufferPointer { bands in
            ipr_png_assemble(bands.baseAddress, Int32(bands.count), Int32(width), Int32(height), opaque, level, &data, &size)
        }
        return try PNGCodec.bytes(status: status, data: data, size: size)
    }
}

/// A strip buffer, handed from the painting thread to an encoder and back (one owner at a time).
struct StripBuffer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<UInt8>
    let bytes: Int
}

/// Strip buffers kept from one page for the next (one store per `Renderer`, so per thread): a fresh buffer costs
/// the kernel a page fault and a zeroed page for every 4 KiB written, about a fifth of a chat page's paint. Up to
/// `limit` bytes are kept; a page of wider strips allocates its own and frees them after.
final class StripBufferStore: @unchecked Sendable {
    static let limit = 32 << 20
    private var kept: [StripBuffer] = []

    /// A kept buffer of exactly `bytes` bytes, else a new one; nil when out of memory.
    func take(bytes: Int) -> StripBuffer? {
        if let index = kept.firstIndex(where: { $0.bytes == bytes }) { return kept.remove(at: index) }
        guard let memory = malloc(bytes) else { return nil }
        return StripBuffer(pointer: memory.assumingMemoryBound(to: UInt8.self), bytes: bytes)
    }

    /// Keeps `buffers` for the next page (freeing those of another size first) or frees them when they exceed `limit`.
    func keep(_ buffers: [StripBuffer]) {
        let size = buffers.reduce(0) { $0 + $1.bytes }
        if let first = buffers.first, size <= Self.limit {
            for buffer in kept where buffer.bytes != first.bytes { free(buffer.pointer) }
            kept.removeAll { $0.bytes != first.bytes }
            kept.append(contentsOf: buffers)
            if kept.reduce(0, { $0 + $1.bytes }) <= Self.limit { return }
            kept.removeAll { buffer in buffers.contains { $0.pointer == buffer.pointer } }
        }
        for buffer in buffers { free(buffer.pointer) }
    }

    deinit { for buffer in kept { free(buffer.pointer) } }
}

/// A painted strip's compression, run by whichever thread takes it.
private struct StripJob: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// The strips of one page between the painting thread and the compressing ones: buffers to paint into (up to
/// `limit` made on demand and reused) and painted strips waiting to be compressed, oldest first.
private final class StripWork: @unchecked Sendable {
    enum Taken {
        case buffer(StripBuffer)
        /// No buffer is free: a waiting strip to compress instead.
        case job(StripJob)
        case outOfMemory
    }

    private let bytes: Int
    private let limit: Int
    private let store: StripBufferStore
    private var made: [StripBuffer] = []
    private var free: [StripBuffer] = []
    private var waiting: [StripJob] = []
    private var finished = false
    private let condition = NSCondition()

    init(bytes: Int, limit: Int, store: StripBufferStore) {
        self.bytes = bytes
        self.limit = limit
        self.store = store
    }

    /// A free buffer, else a new one while fewer than `limit` exist, else a waiting strip, else whichever of
    /// the two comes first.
    func take() -> Taken {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let buffer = free.popLast() { return .buffer(buffer) }
            if made.count < limit {
                guard let buffer = store.take(bytes: bytes) else { return .outOfMemory }
                made.append(buffer)
                return .buffer(buffer)
            }
            if let job = popWaiting() { return .job(job) }
            condition.wait()
        }
    }

    /// The oldest waiting strip; nil once `finish` was called and none is left.
    func next() -> StripJob? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let job = popWaiting() { return job }
            if finished { return nil }
            condition.wait()
        }
    }

    /// Dropped from the list as it is taken: a job holds this object (it puts its buffer back), so a kept one would
    /// keep the page's strips and compressed bands alive.
    private func popWaiting() -> StripJob? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    func submit(_ job: StripJob) {
        condition.lock()
        waiting.append(job)
        condition.broadcast()
        condition.unlock()
    }

    func put(_ buffer: StripBuffer) {
        condition.lock()
        free.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// No more strips come: `next` returns nil once the waiting ones are taken.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands every buffer back to the store (once the helpers are done with them).
    func release() {
        condition.lock()
        defer { condition.unlock() }
        store.keep(made)
        made = []
        free = []
        waiting = []
    }
}
