import FoundationEssentials
import Glibc

/// The `ipraster` program: what its `main.swift` runs. The commands live in this library so that the tests can
/// import them and the program alone links the Swift runtime statically (Package.swift).
public enum Tool {
    /// Runs the command line the process was started with and exits with its status.
    public static func main() -> Never {
        Interruption.install()
        StandardOutput.bufferFully()
        var status = CLI.run(Array(CommandLine.arguments.dropFirst()))
        do {
            try StandardOutput.flush()
        } catch is StandardOutput.ClosedPipe {
            // The reader went away (`ipraster layout x.json | head`): no message, but not a success either.
            status = ExitCode.environment
        } catch {
            CLI.printError("\(error)")
            status = ExitCode.environment
        }
        exit(status)
    }
}
