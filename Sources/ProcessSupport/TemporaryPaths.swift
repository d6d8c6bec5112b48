import FoundationEssentials
import Glibc
import Primitives

/// Files and folders that exist only while an output is being made (atomic-write temporaries, reveal
/// staging folders, ffmpeg work folders) and the child processes working on them. The command-line tool
/// removes them and stops the children when it is interrupted (SIGINT, SIGTERM, SIGHUP), so nothing is left
/// behind; a library user may call `removeAll()` from their own signal handling.
public enum TemporaryPaths {
    public struct Token: Hashable, Sendable {
        fileprivate let value: Int
    }

    private final class Registry: @unchecked Sendable {
        let lock = Lock(recursive: true)
        var paths: [Int: String] = [:]
        var processes: [Int: (pid: pid_t, signal: Int32)] = [:]
        var next = 0
    }

    private static let registry = Registry()

    /// Where temporary files go: `TMPDIR` when it is set and not empty, else /tmp.
    public static var directory: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Remembers `path` for removal until `unregister` is called.
    public static func register(_ path: String) -> Token {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.next += 1
        registry.paths[registry.next] = path
        return Token(value: registry.next)
    }

    /// A fresh path `prefix.PID.N.suffix` (N counts up within the process), remembered for removal like
    /// `register(_:)`. Threads writing the same target at once (several golden workers recording the same
    /// `ENVIRONMENT`) therefore never share a temporary file.
    public static func registerUnique(prefix: String, suffix: String) -> (path: String, token: Token) {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.next += 1
        let path = "\(prefix).\(getpid()).\(registry.next).\(suffix)"
        registry.paths[registry.next] = path
        return (path, Token(value: registry.next))
    }

    /// Removes what killed runs left in `directory`: entries named `prefix` + PID (+ `.` and anything) whose process
    /// no longer runs (a run stopped by SIGKILL cannot clean up after itself). Entries of live processes stay, so
    /// two exports at once do not remove each other's work.
    public static func removeStale(in directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let digits = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = pid_t(digits), pid > 0, pid != getpid() else { continue }
            let rest = name.dropFirst(prefix.count + digits.count)
            guard rest.isEmpty || rest.hasPrefix(".") else { continue }
            // kill(pid, 0) fails with ESRCH for a process that does not exist.
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: PathName.appending(directory, name))
            }
        }
    }

    /// Remembers a child process to stop on interruption, with `signal` (SIGTERM lets ffmpeg end cleanly; a
    /// service's worker processes ignore it and are killed).
    public static func register(process: pid_t, signal: Int32 = SIGTERM) -> Token {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        registry.next += 1
        registry.processes[registry.next] = (process, signal)
        return Token(value: registry.next)
    }

    public static func unregister(_ token: Token) {
        registry.lock.lock()
        registry.paths[token.value] = nil
        registry.processes[token.value] = nil
        registry.lock.unlock()
    }

    /// Runs `body` so that an interruption waits until it has finished (for the final moves of an export,
    /// which must not stop half-way).
    public static func uninterrupted<T>(_ body: () throws -> T) rethrows -> T {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return try body()
    }

    /// Stops the registered children and removes every registered path (folders with their contents).
    /// It keeps the lock, so nothing can register or move files afterwards: call it once, right before the
    /// process exits.
    public static func removeAll() {
        registry.lock.lock()
        for process in registry.processes.values { kill(process.pid, process.signal) }
        for process in registry.processes.values { var status: Int32 = 0; waitpid(process.pid, &status, 0) }
        for path in registry.paths.values { try? FileManager.default.removeItem(atPath: path) }
        registry.paths.removeAll()
        registry.processes.removeAll()
    }
}
