import Foundation
import Layout
import ProcessSupport
import RenderOptions
import RichMessageRenderer

/// `ipraster layout INPUT [-o FILE] [options]`: the layout JSON on stdout, or written atomically to FILE.
enum LayoutCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try RenderOptions.parse(arguments)
        let settings = options.settings
        var positional: [String] = []
        var compact = false
        var output: String?
        var index = 0
        while index < options.remaining.count {
            let argument = options.remaining[index]
            index += 1
            if argument == "--compact" { compact = true; continue }
            if argument == "-o" || argument == "--output" {
                guard index < options.remaining.count else { throw UsageError(message: "\(argument) needs a file name", command: "layout") }
                output = options.remaining[index]
                index += 1
                continue
            }
            if argument.hasPrefix("-"), argument != "-" { throw UsageError.unknownOption(argument, command: "layout") }
            positional.append(argument)
        }
        guard positional.count == 1 else {
            throw UsageError(message: positional.isEmpty ? "missing INPUT" : "unexpected argument \(positional[1])", command: "layout")
        }
        let pipeline = try RenderPipeline(processDefault: true, videoFrames: FFmpegVideoFrames())
        let layout = try pipeline.page(try CLI.readInput(positional[0]), path: positional[0], settings: settings)
        for warning in layout.warnings { CLI.printWarning(warning) }
        let json = layout.json(includeCharacterRects: settings.layout.revealRects).serialized(pretty: !compact) + "\n"
        if let output {
            try CLI.writeOutput(Array(json.utf8), to: output)
        } else {
            print(json, terminator: "")
        }
        return ExitCode.success
    }
}
