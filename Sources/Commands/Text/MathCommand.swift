import CommandCatalog
import Drawing
import FoundationEssentials
import Layout
import Math
import Primitives
import RenderOptions
import RenderService
import RichMessageRenderer

/// `ipraster math 'LATEX' -o OUTPUT [options]`: one formula alone, as PNG, SVG or PDF (`cli-contract.md`,
/// second-wave additions). LaTeX that cannot be typeset is an input error (exit 2) naming the character.
enum MathCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let started = Date()
        // A formula may start with "-" (`-1`, `-\alpha`); "--" or "-" and a letter starts an option (`-x` is a misspelt
        // one); after `--` anything is the formula.
        let parsed = try CommandSpec.mathCommand.parse(arguments) { !$0.hasPrefix("--") && $0.dropFirst().first?.isLetter != true }
        let job = try FormulaJob(parsed)
        let output = parsed.value("--output"), json = parsed.has("--json")
        let mathML = parsed.value("--format") == "mathml" || (parsed.value("--format") == nil && output.map { ["mml", "mathml"].contains(PathName.pathExtension($0).lowercased()) } == true)
        let explicitFormat = mathML ? nil : try OutputFormat.option(parsed.value("--format"))
        if parsed.positional.count > 1 {
            throw UsageError(message: "unexpected argument \(parsed.positional[1]): quote the formula as one argument", command: "math")
        }
        let source = parsed.positional.first
        guard var latex = source else { throw UsageError(message: "missing LATEX (the formula, or - for standard input)", command: "math") }
        if mathML, json { throw UsageError(message: "--json describes an image: give it without --format mathml", command: "math") }
        guard output != nil || json || mathML else {
            throw UsageError(message: "missing -o OUTPUT (out.png, out.svg, out.pdf, or - for stdout) or --json", command: "math")
        }
        if json, output == "-" { throw UsageError(message: "--json prints to standard output: give -o a file", command: "math") }
        let format = mathML ? nil : try output.map { try OutputFormat.forPath($0, explicit: explicitFormat) }
        if let output, let format { try CLI.refuseBinaryOnTerminal(output, format: format, command: "math") }
        if latex == "-" {
            latex = String(decoding: try CLI.readInput("-"), as: UTF8.self)
            while latex.last?.isNewline == true { latex.removeLast() }
        }
        guard !FormulaSource(latex).body.allSatisfy(\.isWhitespace) else {
            CLI.printError("the formula is empty")
            return ExitCode.usage
        }
        if mathML {
            do {
                let markup = try RenderOperations.mathML(latex, job: job)
                try CLI.writeOutput(Array((markup + "\n").utf8), to: output ?? "-")
                CLI.printNote("formula → \(output.map { $0 == "-" ? "standard output" : $0 } ?? "standard output"): MathML, \(markup.utf8.count + 1) bytes, "
                    + "\(CLI.milliseconds(since: started)) ms")
                return ExitCode.success
            } catch let failure as RenderOperations.FormulaFailure {
                CLI.printError(failure.message)
                return ExitCode.usage
            }
        }
        let result: RenderOperations.FormulaResult
        do {
            result = try RenderOperations.typeset(latex, job: job, format: format, json: json, typesetter: try FormulaFonts.typesetter(FontDirectory()))
        } catch let failure as RenderOperations.FormulaFailure {
            if let line = failure.json { print(line) }
            CLI.printError(failure.message)
            return ExitCode.usage
        }
        for warning in result.warnings { CLI.printWarning(warning) }
        if let line = result.json { print(line) }
        guard let output, let format, let bytes = result.image else { return ExitCode.success }
        try CLI.writeOutput(bytes, to: output)
        CLI.printNote("formula → \(output == "-" ? "standard output" : output): \(format.rawValue.uppercased()) \(result.extent), \(bytes.count) bytes, "
            + "\(CLI.milliseconds(since: started)) ms")
        return ExitCode.success
    }
}
