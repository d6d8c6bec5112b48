import CommandCatalog
import FoundationEssentials
import GoldenKit
import Images
import Layout
import Primitives
import RichMessageRenderer

/// `ipraster compare EXPECTED.png ACTUAL.png [-o DIFF.png] [--json] [options]` (pixelmatch 7.2 semantics).
enum CompareCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let arguments = try CommandSpec.compareCommand.parse(arguments)
        let parsed = try CompareArguments(arguments)
        let positional = arguments.positional, diffPath = arguments.value("--output"), json = arguments.has("--json")
        guard positional.count == 2 else { throw UsageError(message: "expected two PNG files, EXPECTED and ACTUAL", command: "compare") }
        if let diffPath, diffPath != "-", case let ext = PathName.pathExtension(diffPath), !ext.isEmpty, ext.lowercased() != "png" {
            throw UsageError(message: "-o \(diffPath): the diff image is a PNG; name it .png (or - for standard output)", command: "compare")
        }
        // With the diff PNG on standard output (-o -), the verdict goes to standard error.
        let report: (String) -> Void = diffPath == "-" ? { CLI.writeStandardError($0 + "\n") } : { print($0) }
        let expected = try decode(positional[0])
        let actual = try decode(positional[1])
        guard expected.width == actual.width, expected.height == actual.height else {
            let reason = "size differs: \(expected.width)×\(expected.height) vs \(actual.width)×\(actual.height)"
            // The diff still shows where: the common area compared, the rest marked (as check's artifacts are drawn).
            if let diffPath {
                if let diff = GoldenHarness.sizeChangeDiff(expected, actual, options: parsed.options) {
                    let png = try PNGCodec.encode(diff, opaque: false)
                    try CLI.writeOutput(png, to: diffPath)
                    CLI.printNote("diff → \(diffPath == "-" ? "standard output" : diffPath): PNG \(diff.width)×\(diff.height) px, \(png.count) bytes")
                }
            }
            if json {
                report(JSONOut.object([("match", .bool(false)), ("reason", .string("layout-diff")), ("diffPixels", .null), ("diffRatio", .null),
                                       ("width", .int(actual.width)), ("height", .int(actual.height)), ("bbox", .null)]).serialized(pretty: false))
            } else {
                report(reason)
            }
            return ExitCode.differences
        }
        let result = PixelMatch.compare(expected, actual, options: parsed.options, makeDiff: diffPath != nil)
        if let diffPath, let diff = result.diff {
            let png = try PNGCodec.encode(diff, opaque: false)
            try CLI.writeOutput(png, to: diffPath)
            CLI.printNote("diff → \(diffPath == "-" ? "standard output" : diffPath): PNG \(diff.width)×\(diff.height) px, \(png.count) bytes")
        }
        let total = expected.width * expected.height
        let ratio = total == 0 ? 0 : Double(result.diffPixels) / Double(total)
        let match = result.diffPixels <= parsed.budget.allowedPixels(width: expected.width, height: expected.height)
        if json {
            let bbox: JSONOut = result.boundingBox.map { .array([.int($0.x), .int($0.y), .int($0.width), .int($0.height)]) } ?? .null
            report(JSONOut.object([("match", .bool(match)), ("reason", match ? .null : .string("pixel-diff")),
                                   ("diffPixels", .int(result.diffPixels)), ("diffRatio", .exact(ratio)), ("width", .int(expected.width)),
                                   ("height", .int(expected.height)), ("bbox", bbox)]).serialized(pretty: false))
        } else if result.diffPixels == 0 {
            report("identical")
        } else {
            report("\(result.diffPixels) pixels (ratio \(ratio)) differ")
        }
        return match ? ExitCode.success : ExitCode.differences
    }

    static func decode(_ path: String) throws -> RGBAImage {
        do {
            return try PNGCodec.decode(try CLI.readInput(path))
        } catch let error as PNGCodec.Error {
            throw UsageError(message: "\(path): \(error)", command: "compare")
        }
    }
}
