import CommandCatalog
import FoundationEssentials
import Layout

/// `ipraster fonts`: the font collection in use (folder, index, files by role, what is missing, which families are
/// drawn with synthesised bold or italic); `--write-index [FILE]` writes the font index (scripts/setup does).
enum FontsCommand {
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try CommandSpec.fontsCommand.parse(arguments)
        if let unexpected = parsed.positional.first { throw UsageError(message: "unexpected argument \(unexpected)", command: "fonts") }
        let writeIndex = parsed.has("--write-index"), target = parsed.value("--output")
        guard target == nil || writeIndex else { throw UsageError(message: "-o goes with --write-index", command: "fonts") }
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
}
