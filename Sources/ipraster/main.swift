import FoundationEssentials
import Glibc

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
