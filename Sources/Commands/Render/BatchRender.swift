import CommandCatalog
import Dispatch
import Document
import FoundationEssentials
import Glibc
import Layout
import Primitives
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// Many renders in one process: `render A.json B.json … -o OUTDIR/` writes OUTDIR/<input's base name>.<format>;
/// `render --manifest FILE.jsonl` takes one `{"input": …, "output": …, "args": [...]}` per line (its args after
/// the command line's render options). All jobs are checked before any is rendered (names, formats, options:
/// exit 2); then every job runs, on `--jobs` threads with a pipeline each, a failure reported per input
/// without stopping the others. The exit code is the worst job's: 3 (environment) > 2 (input) > 0.
struct BatchRender {
    struct Job {
        var input: String
        var output: String
        var format: Renderer.Format
        var settings: RenderSettings
        /// Where the job came from, for messages: the input, or "FILE.jsonl:LINE".
        var origin: String
        /// The output as the manifest line or the command line names it (an annotations line's `output`).
        var listedOutput: String
    }

    let jobs: [Job]
    let manifest: String?
    let output: String?

    init(inputs: [String], output: String?, manifest: String?, renderArguments: [String], format explicitFormat: Renderer.Format?) throws {
        var jobs: [Job] = []
        self.manifest = manifest
        self.output = output
        let base = try RenderOptions.parse(renderArguments)
        if let manifest {
            guard inputs.isEmpty else { throw UsageError(message: "give inputs either on the command line or in --manifest, not both") }
            let text = String(decoding: try FileContents.read(manifest), as: UTF8.self)
            // A manifest's relative paths are relative to the manifest's folder, wherever the tool runs from (a
            // manifest read from standard input: to the current folder).
            let folder = manifest == "-" ? "" : PathName.parent(manifest)
            func resolved(_ path: String) -> String {
                path.hasPrefix("/") || path == "-" || folder.isEmpty ? path : PathName.appending(folder, path)
            }
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingWhitespace()
                guard !trimmed.isEmpty else { continue }
                let origin = "\(manifest):\(number + 1)"
                guard let value = try? JSONParser.parse(Array(trimmed.utf8)), case .object = value else {
                    throw UsageError(message: "\(origin): not a JSON object")
                }
                let object = JSONNode(value)
                guard let input = try? object.required("input").string(), let output = try? object.required("output").string() else {
                    throw UsageError(message: "\(origin): needs \"input\" and \"output\" strings")
                }
                var extra: [String] = []
                if let args = object["args"] {
                    guard let items = try? args.array().map({ try $0.string() }) else {
                        throw UsageError(message: "\(origin): \"args\" must be an array of strings")
                    }
                    extra = items
                }
                let options = try RenderOptions.parse(renderArguments + extra)
                if let unknown = options.remaining.first { throw UsageError.unknownOption(unknown, context: "\(origin): ") }
                let format = try OutputFormat.forPath(output, explicit: options.settings.format)
                jobs.append(Job(input: resolved(input), output: resolved(output) + (output.hasSuffix("/") ? "/" : ""), format: format,
                                settings: options.settings, origin: origin, listedOutput: output))
            }
        } else {
            guard let output else { throw UsageError(message: "missing -o OUTDIR/ for several inputs") }
            guard output.hasSuffix("/") || inputs.count <= 1 else {
                throw UsageError(message: "several inputs need -o OUTDIR/ (a folder, ending in /), not \(output)")
            }
            let format = explicitFormat ?? .png
            for input in inputs {
                guard input != "-" else { throw UsageError(message: "standard input (-) cannot be one of several inputs") }
                let name = PathName.deletingExtension(PathName.lastComponent(input))
                let path = output + name + "." + format.rawValue
                jobs.append(Job(input: input, output: path, format: format, settings: base.settings, origin: input, listedOutput: path))
            }
        }
        guard !jobs.isEmpty else { throw UsageError(message: "no input to render") }
        // Two jobs writing one file would leave whichever finished last: refuse before writing anything.
        var seen: [String: String] = [:]
        for job in jobs {
            let key = URL(fileURLWithPath: job.output).standardizedFileURL.path
            if let other = seen[key] {
                throw UsageError(message: "\(other) and \(job.origin) would both write \(job.output)")
            }
            seen[key] = job.origin
        }
        self.jobs = jobs
    }

    func run(jobs threads: Int, shard: Shard?, annotations: AnnotationRequest? = nil) -> Int32 {
        let mine = shard.map { $0.slice(jobs) } ?? jobs
        let annotationsFile = annotations.map { _ in AnnotationRequest.batchFile(manifest: manifest, output: output, shard: shard) }
        if let annotationsFile, let clash = mine.first(where: { $0.output == annotationsFile || $0.input == annotationsFile }) {
            CLI.printError("\(clash.origin): \(annotationsFile) is both a job's file and the annotations file")
            return ExitCode.usage
        }
        // Output folders are made as needed; those this run made and left empty (every job into them failed) go again.
        var made: [String] = []
        for job in mine where job.output.contains("/") {
            // The output's folder and its parents that do not exist yet (by "/" alone: Foundation's
            // deletingLastPathComponent traps on one-character paths, see PathName).
            var parts = job.output.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            var missing: [String] = []
            while let last = parts.last, !last.isEmpty, last != "." {
                let folder = parts.joined(separator: "/")
                guard !FileManager.default.fileExists(atPath: folder) else { break }
                missing.append(folder)
                parts = parts.dropLast()
            }
            try? FileManager.default.createDirectory(atPath: PathName.parent(job.output), withIntermediateDirectories: true)
            made += missing
        }
        defer {
            for folder in made.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
        }
        let codes = ExitCodes(count: mine.count)
        let lines: AnnotationLines?
        do { lines = try annotationsFile.map { try AnnotationLines(path: $0, count: mine.count) } } catch {
            return CLI.report(error, prefix: "")
        }
        let workers = max(1, min(threads, mine.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let pipeline: RenderPipeline
            do { pipeline = try RenderPipeline(processDefault: worker == 0, videoFrames: FFmpegVideoFrames()) } catch {
                for index in stride(from: worker, to: mine.count, by: workers) {
                lines?.set(index, nil)
                codes.set(index, CLI.report(error, prefix: "\(mine[index].origin): "))
            }
                return
            }
            for index in stride(from: worker, to: mine.count, by: workers) {
                let job = mine[index]
                do {
                    let made = try RenderCommand.render(job.input, to: job.output, format: job.format, settings: job.settings, pipeline: pipeline,
                                                        warningPrefix: "\(job.origin): ", annotations: annotations)
                    if let made, let lines {
                        let digest: JSONOut = job.output == "-" ? .null : SHA256Digest.hex(ofFile: job.output).map(JSONOut.string) ?? .null
                        let line = JSONOut.object([("output", .string(job.listedOutput)), ("sha256", digest), ("annotations", made.json())])
                        lines.set(index, line.serialized(pretty: false))
                    } else {
                        lines?.set(index, nil)
                    }
                    codes.set(index, ExitCode.success)
                } catch {
                    lines?.set(index, nil)
                    codes.set(index, CLI.report(error, prefix: "\(job.origin): "))
                }
            }
        }
        if let lines, let annotationsFile {
            do { try lines.commit() } catch {
                return max(codes.worst, CLI.report(error, prefix: ""))
            }
            CLI.printNote("\(annotationsFile): annotations of \(lines.written) of \(mine.count) outputs")
        }
        return codes.worst
    }
}

/// A batch's annotations file (issue 60), written as the jobs finish, in the jobs' order: a job's line (nil: it made
/// none) waits only for the jobs before it, so memory holds the lines of the jobs running out of order, not the
/// corpus's. The file appears when the run commits it (atomically; an interrupted run leaves none).
private final class AnnotationLines: @unchecked Sendable {
    private let file: AtomicFileWriter
    private var waiting: [Int: String?] = [:]
    private var next = 0
    private let count: Int
    private var failure: (any Error)?
    private let lock = Lock()
    private(set) var written = 0

    init(path: String, count: Int) throws {
        file = try AtomicFileWriter(path: path)
        self.count = count
    }

    func set(_ index: Int, _ line: String?) {
        lock.lock()
        defer { lock.unlock() }
        waiting[index] = .some(line)
        while next < count, let ready = waiting.removeValue(forKey: next) {
            next += 1
            guard let ready, failure == nil else { continue }
            do {
                try Array((ready + "\n").utf8).withUnsafeBytes { try file.write($0) }
                written += 1
            } catch {
                failure = error
            }
        }
    }

    func commit() throws {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        try file.commit()
    }
}

/// Exit codes of the jobs, set by the worker threads.
private final class ExitCodes: @unchecked Sendable {
    private var codes: [Int32]
    private let lock = Lock()

    init(count: Int) { codes = Array(repeating: 0, count: count) }

    func set(_ index: Int, _ code: Int32) {
        lock.lock()
        codes[index] = code
        lock.unlock()
    }

    /// 3 > 2 > 1 > 0.
    var worst: Int32 {
        lock.lock()
        defer { lock.unlock() }
        return codes.max() ?? 0
    }
}
