import FoundationEssentials
import Glibc

/// A one-line progress bar on standard error, only when it is a terminal (and not under --quiet).
enum ProgressBar {
    static func forStandardError() -> ((Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) != 0, !CLI.quiet else { return nil }
        return { done, total in
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            CLI.writeStandardError("\r[\(bar)] \(done)/\(total) frames")
            if done >= total { CLI.writeStandardError("\n") }
        }
    }
}
