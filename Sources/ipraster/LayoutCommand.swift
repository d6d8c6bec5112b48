import Foundation
import Layout
import Raster
import RenderOptions

/// `ipraster layout INPUT [options]`: the layout JSON on stdout.
enum LayoutCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try RenderOptions.parse(arguments)
        let settings = options.settings
        var positional: [String] = []
        var compact = false
        for argument in options.remaining {
            if argument == "--compact" { compact = true; continue }
            if argument.hasPrefix("-"), argument != "-" { throw UsageError(message: "unknown option \(argument)", command: "layout") }
            positional.append(argument)
        }
        guard positional.count == 1 else {
            throw UsageError(message: positional.isEmpty ? "missing INPUT" : "unexpected argument \(positional[1])", command: "layout")
        }
        let pipeline = try RenderPipeline(processDefault: true)
        let decoded = try settings.decode(try CLI.readInput(positional[0]), path: positional[0])
        let layout = try pipeline.layout(decoded, settings: settings)
        for warning in layout.warnings { CLI.printWarning(warning) }
        print(layout.json(includeCharacterRects: settings.layout.revealRects).serialized(pretty: !compact))
        return ExitCode.success
    }
}
