import CommandCatalog
import FoundationEssentials
import Layout
import ProcessSupport
import RenderService
import RichMessageRenderer

/// `ipraster fonts`: the font collection in use (folder, index, files by role, what is missing, which families are
/// drawn with synthesised bold or italic); `--write-index [FILE]` writes the font index (scripts/setup does).
enum FontsCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.fontsCommand.parse(arguments)
        if let unexpected = parsed.positional.first { throw UsageError(message: "unexpected argument \(unexpected)", command: "fonts") }
        let writeIndex = parsed.has("--write-index"), target = parsed.value("--output")
        guard target == nil || writeIndex else { throw UsageError(message: "-o goes with --write-index", command: "fonts") }
        if let input = parsed.value("--mappings") {
            guard !writeIndex else { throw UsageError(message: "--mappings does not go with --write-index", command: "fonts") }
            return try printMappings(after: input)
        }
        let directory = FontDirectory()
        if writeIndex {
            let start = Date()
            try FontCollection.writeIndex(for: directory, to: target)
            if CLI.verbose {
                CLI.printNote("wrote \(target ?? directory.indexFile) in \(CLI.milliseconds(since: start)) ms")
            }
            return ExitCode.success
        }
        let collection = try FontCollection(directory: directory)
        print("fonts-dir \(directory.path)")
        print("index \(directory.indexFile) \(collection.indexIsCurrent ? "current" : "stale or missing (run: ipraster fonts --write-index)")")
        for role in FontRole.allCases {
            let entries = collection.entries.filter { $0.role == role }
            let installed = entries.filter { FileManager.default.fileExists(atPath: $0.path) }
            print("\(role.rawValue) \(installed.count) of \(entries.count) files")
        }
        for entry in collection.missingCollectionFiles {
            print("missing \(entry.path) (apt-get install \(entry.package))")
        }
        let synthesised = collection.synthesised
        print("synthesised-bold \(synthesised.bold.joined(separator: ", "))")
        print("synthesised-italic \(synthesised.italic.joined(separator: ", "))")
        return ExitCode.success
    }

    /// `--mappings INPUT`: renders INPUT as a PNG in memory, then prints "COUNT PATH" for each font file in
    /// /proc/self/maps (a mapping is one line there), sorted by path. FontFileMappingTests reads it: every count is 1 in
    /// this program, whose Pango and Cairo open font files on CFontFiles' mapping (CFontFileInterposer).
    private static func printMappings(after input: String) throws -> Int32 {
        let pipeline = try RenderPipeline(processDefault: true)
        let result = try RenderOperations(pipeline: pipeline).render(RenderInput(bytes: try CLI.readInput(input), path: input),
                                                                     settings: RenderSettings(), as: .png)
        for warning in result.warnings { CLI.printWarning(warning) }
        let maps = try FileContents.read("/proc/self/maps")  // Linux's /proc: a file of no stated size, read to its end
        var counts: [String: Int] = [:]
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            // address perms offset device inode path: the path is what follows the fifth field.
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let path = String(fields[5].drop(while: { $0 == " " }))
            let lower = path.lowercased()
            if [".ttf", ".otf", ".ttc", ".otc"].contains(where: { lower.hasSuffix($0) }) { counts[path, default: 0] += 1 }
        }
        for path in counts.keys.sorted() { print("\(counts[path] ?? 0) \(path)") }
        return ExitCode.success
    }
}
