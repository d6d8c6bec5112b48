import CommandCatalog
import FoundationEssentials
import Glibc
import Layout
import Primitives
import ProcessSupport
import RenderOptions
import Reveal
import RichMessageRenderer

/// `ipraster bench INPUT... [--iterations N] [render options]`: renders each input many times in this one
/// process and prints median milliseconds per stage and the peak RSS, one `key=value` line per input
/// (`scripts/bench` puts these beside the C floor of `shared/bench`).
enum BenchCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.benchCommand.parse(arguments)
        let settings = try parsed.renderSettings()
        let iterations = try parsed.integer("--iterations", in: 1...Int(Int32.max), what: "a positive whole number") ?? 50
        let reveal = parsed.has("--reveal"), inputs = parsed.positional
        guard !inputs.isEmpty else { throw UsageError(message: "missing INPUT", command: "bench") }
        let measureTimer = MeasureTimer()
        let pipeline = try RenderPipeline(processDefault: true, measureTimer: measureTimer, videoFrames: FFmpegVideoFrames())
        if reveal {
            for input in inputs { try benchReveal(input, pipeline: pipeline, settings: settings) }
            return ExitCode.success
        }
        for input in inputs {
            let bytes = try CLI.readInput(input)
            var decode: [Double] = [], layout: [Double] = [], raster: [Double] = [], pango: [Double] = []
            var textItems = 0
            var formulaMicroseconds: [Double] = [], formulaCount = 0
            // One warm-up pass fills the font and glyph caches, as a long-running service would have them. Formula
            // results are forgotten before every pass, so each pass typesets its formulas.
            for pass in 0...iterations {
                let formulas = pipeline.formulas
                formulas?.removeCachedResults()
                let formulaSecondsBefore = formulas?.typesetSeconds ?? 0, formulaCountBefore = formulas?.typesetCount ?? 0
                let t0 = clock()
                let decoded = try settings.decode(bytes, path: input)
                let t1 = clock()
                let pangoBefore = measureTimer.seconds
                let page = try pipeline.layout(decoded, settings: settings)
                let t2 = clock()
                let pangoMs = (measureTimer.seconds - pangoBefore) * 1000
                textItems = Self.textItemCount(page.items)
                _ = try pipeline.renderer.png(page, media: pipeline.media(settings))
                let t3 = clock()
                guard pass > 0 else { continue }
                formulaCount = (formulas?.typesetCount ?? 0) - formulaCountBefore
                if formulaCount > 0 { formulaMicroseconds.append(((formulas?.typesetSeconds ?? 0) - formulaSecondsBefore) * 1e6 / Double(formulaCount)) }
                decode.append(t1 - t0); layout.append(t2 - t1); raster.append(t3 - t2); pango.append(pangoMs)
            }
            let total = zip(zip(decode, layout), raster).map { $0.0 + $0.1 + $1 }
            let name = PathName.lastComponent(input)
            let layoutMedian = Double(median(layout))!, pangoMedian = Double(median(pango))!, pageMedian = Double(median(total))!
            let perItem = textItems > 0 ? layoutMedian * 1000 / Double(textItems) : 0
            print("ipraster input=\(name) iterations=\(iterations) decode_ms=\(median(decode)) layout_ms=\(median(layout))"
                  + " raster_ms=\(median(raster)) page_ms=\(median(total)) text_items=\(textItems)"
                  + " layout_us_per_text_item=\(String(cFormat: "%.1f", perItem)) pango_ms=\(median(pango))"
                  + " pango_share=\(String(cFormat: "%.3f", pageMedian > 0 ? pangoMedian / pageMedian : 0))"
                  + " formulas=\(formulaCount) formula_us=\(formulaMicroseconds.isEmpty ? "0" : median(formulaMicroseconds))")
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let peak = ProcessMemory.peakResidentBytes().map { Double($0) / 1024 } ?? Double(usage.ru_maxrss)
        print("ipraster peak_rss_mb=\(String(cFormat: "%.1f", peak / 1024))")
        return ExitCode.success
    }

    /// `--reveal`: the whole frame export of INPUT's reveal at 60 fps, in memory (no files), three ways: on every
    /// core skipping frames that repeat the one before (what `ipraster reveal -o DIR/` does), on every core
    /// painting every frame, and on one thread; with a check that all three gave the same bytes.
    private static func benchReveal(_ input: String, pipeline: RenderPipeline, settings: RenderSettings) throws {
        let decoded = try settings.decode(try CLI.readInput(input), path: input)
        let stream = try RevealStream(input: decoded, pipeline: pipeline, settings: settings)
        let exporter = RevealExporter(timeline: try RevealTimeline(stream: stream), fps: 60, renderer: pipeline.renderer, media: pipeline.media(settings))
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var line = "reveal_bench input=\(PathName.lastComponent(input)) frames=\(exporter.frameCount) cores=\(cores)"
        var first: [[UInt8]] = [], identical = true
        for (name, threads, skip) in [("all_cores", cores, true), ("all_cores_no_skip", cores, false), ("one_thread", 1, true)] {
            let start = clock()
            try exporter.encodeFrames(threads: threads, skipUnchanged: skip) { index, bytes in
                if index == first.count { first.append(bytes) } else if first[index] != bytes { identical = false }
            }
            let seconds = (clock() - start) / 1000
            line += " \(name)_fps=\(String(cFormat: "%.2f", Double(exporter.frameCount) / seconds))"
            if skip && threads == cores { line += " painted=\(exporter.lastExport.painted)" }
        }
        line += " identical=\(identical)"
        print(line)
    }

    /// Text items, and the text inside placeholders, in the layout.
    private static func textItemCount(_ items: [LayoutItem]) -> Int {
        items.reduce(0) { count, item in
            if case .text = item.content { return count + 1 }
            return count
        }
    }

    private static func clock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    private static func median(_ values: [Double]) -> String {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        let value = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return String(cFormat: "%.2f", value)
    }
}
