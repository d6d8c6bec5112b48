import CommandCatalog
import FoundationEssentials
import Layout
import GoldenKit
import RichMessageRenderer

/// `ipraster --version`: the program, the libraries that shape pixels, the base font files' hashes and the
/// collection's packages (the golden fingerprint's entries).
enum VersionCommand {
    static let version = CommandSpec.version

    static func run() -> Int32 {
        print("ipraster \(version)")
        for (name, value) in Renderer.libraryVersions { print("\(name) \(value)") }
        do {
            let fonts = try FontSet()
            print("fonts-dir \(fonts.directory.path)")
            print("fonts-index \(fonts.collection.indexIsCurrent ? "current" : "stale or missing (ipraster fonts --write-index)")")
            let fingerprint = EnvironmentFingerprint.current(fonts: fonts)
            for (name, value) in fingerprint.entries where name.hasPrefix("font ") || name.hasPrefix("fonts ") { print("\(name) \(value)") }
        } catch {
            CLI.printError("\(error)")
            return ExitCode.environment
        }
        return ExitCode.success
    }
}
