import Foundation
import Layout
import GoldenKit
import Raster

/// `ipraster --version`: the program, the libraries that shape pixels, and the font files' hashes.
enum VersionCommand {
    static let version = "0.1.0"

    static func run() -> Int32 {
        print("ipraster \(version)")
        for (name, value) in Renderer.libraryVersions { print("\(name) \(value)") }
        do {
            let fonts = try FontSet()
            print("fonts-dir \(fonts.directory.path)")
            for entry in fonts.files {
                print("font \(entry.path) \(EnvironmentFingerprint.fileHash(entry.path) ?? "missing")")
            }
        } catch {
            CLI.printError("\(error)")
            return ExitCode.environment
        }
        return ExitCode.success
    }
}
