import Foundation
import Layout
import Raster
import RenderOptions

/// `ipraster [render] INPUT -o OUTPUT [options]`.
enum RenderCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try RenderOptions.parse(arguments)
        var settings = options.settings
        var output: String?
        var positional: [String] = []
        var index = 0
        while index < options.remaining.count {
            let argument = options.remaining[index]
            if argument == "-o" || argument == "--output" {
                guard index + 1 < options.remaining.count else { throw UsageError(message: "-o needs a file name") }
                output = options.remaining[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("-"), argument != "-" { throw UsageError(message: "unknown option \(argument)") }
            positional.append(argument)
            index += 1
        }
        guard let input = positional.first else { throw UsageError(message: "missing INPUT (a JSON file, or - for stdin)") }
        guard positional.count == 1 else { throw UsageError(message: "unexpected argument \(positional[1])") }
        guard let output else { throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout)") }
        let format = try outputFormat(output, explicit: settings.format)
        if format == .png { settings.layout.limitToRaster() }
        let bytes = try CLI.readInput(input)
        let pipeline = try RenderPipeline(processDefault: true)
        let decoded = try settings.decode(bytes, path: input)
        let layout = try pipeline.layout(decoded, settings: settings)
        for warning in layout.warnings { CLI.printWarning(warning) }
        if let directory = settings.mediaDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw AtomicFile.ReadError(path: directory)
            }
        }
        let media = pipeline.media(settings)
        let encoded = try pipeline.renderer.encode(layout, as: format, media: media)
        for warning in media?.warnings ?? [] { CLI.printWarning(warning) }
        try CLI.writeOutput(encoded, to: output)
        return ExitCode.success
    }

    static func outputFormat(_ path: String, explicit: String?) throws -> Renderer.Format {
        if let explicit {
            guard let format = Renderer.Format(rawValue: explicit.lowercased()) else {
                throw UsageError(message: "--format must be png, svg or pdf, not \(explicit)")
            }
            return format
        }
        if path == "-" { return .png }
        let ext = (path as NSString).pathExtension.lowercased()
        guard let format = Renderer.Format(rawValue: ext) else {
            throw UsageError(message: "cannot tell the output format from \"\(path)\": use .png, .svg or .pdf, or --format")
        }
        return format
    }
}
