import Dispatch
import FoundationEssentials
import Glibc
import Primitives

/// A program the tool runs (ffmpeg), started with `posix_spawn` so that it does not inherit the tool's signal
/// handling: the tool blocks SIGINT, SIGTERM and SIGHUP in every thread (`Interruption`), and a child started with
/// that mask ignored the SIGTERM sent to stop it (an interrupted export took ~14 s to end). The child gets an empty
/// signal mask and default dispositions, standard input from a pipe the tool writes (or /dev/null), and is
/// registered with `TemporaryPaths`, so an interruption stops it at once.
public final class ChildProcess {
    public struct SpawnError: ClassifiedError {
        public var kind: FailureKind { .environment }
        public let program: String
        public let code: Int32
        public var description: String { "cannot run \(program): \(String(cString: strerror(code)))" }
    }

    public let pid: pid_t
    private let token: TemporaryPaths.Token
    /// What stops it when it is dropped or the tool is interrupted.
    private let stopSignal: Int32
    /// The write end of the child's standard input, when it reads from the tool.
    private var input: Int32?
    /// The read end of the child's standard output, when the tool reads it.
    private var output: Int32?
    private var status: Int32?
    /// It leads a process group of its own.
    private let ownGroup: Bool

    /// Starts `executable` with `arguments`; with `pipeInput`, its standard input is a pipe `write` feeds. `descriptors`
    /// are given to the child as its descriptors 3, 4, … (a socket the caller talks to it on); `environment` replaces
    /// the tool's own; `stopSignal` is what an interruption of the tool sends it. With `pipeOutput`, its standard
    /// output is a pipe `read` drains; with `quiet`, its standard error goes to /dev/null. With `ownGroup` it leads a
    /// process group of its own, which its own children join: `signalGroup` then reaches them all (a service's
    /// worker and the ffmpeg and rlottie processes it runs).
    public init(executable: String, arguments: [String], pipeInput: Bool, pipeOutput: Bool = false, quiet: Bool = false,
                passing descriptors: [Int32] = [], environment: [String: String]? = nil, stopSignal: Int32 = SIGTERM,
                ownGroup: Bool = false) throws {
        // dup2 clears close-on-exec on the copy, so exactly these reach the child (the originals stay the caller's).
        // Each is first copied above the targets, so that no dup2 onto 3, 4, … overwrites one still to be moved.
        let lifted = descriptors.map { fcntl($0, F_DUPFD_CLOEXEC, 3 + Int32(descriptors.count)) }
        defer { for descriptor in lifted where descriptor >= 0 { close(descriptor) } }
        guard !lifted.contains(where: { $0 < 0 }) else { throw SpawnError(program: executable, code: errno) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (offset, descriptor) in lifted.enumerated() { posix_spawn_file_actions_adddup2(&actions, descriptor, 3 + Int32(offset)) }
        var ends: [Int32] = [-1, -1]
        if pipeInput {
            guard pipe(&ends) == 0 else { throw SpawnError(program: executable, code: errno) }
            // Neither end leaks into other children; the dup2 below gives this child a plain standard input.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        var outputEnds: [Int32] = [-1, -1]
        if pipeOutput {
            guard pipe(&outputEnds) == 0 else {
                if pipeInput { for end in ends { close(end) } }
                throw SpawnError(program: executable, code: errno)
            }
            for end in outputEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, outputEnds[1], 1)
        }
        if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        self.ownGroup = ownGroup
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.sorted { $0.key < $1.key }.map { strdup($0.key + "=" + $0.value) } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var child: pid_t = 0
        // Started and registered under the interruption lock: an interruption either finds the child or comes first.
        let (spawned, registered): (Int32, TemporaryPaths.Token?) = TemporaryPaths.uninterrupted {
            let result = envp.map { posix_spawn(&child, executable, &actions, &attributes, argv, $0) }
                ?? posix_spawn(&child, executable, &actions, &attributes, argv, environ)
            return (result, result == 0 ? TemporaryPaths.register(process: child, signal: stopSignal) : nil)
        }
        if pipeInput { close(ends[0]) }
        if pipeOutput { close(outputEnds[1]) }
        guard spawned == 0, let registered else {
            if pipeInput { close(ends[1]) }
            if pipeOutput { close(outputEnds[0]) }
            throw SpawnError(program: executable, code: spawned)
        }
        pid = child
        token = registered
        self.stopSignal = stopSignal
        input = pipeInput ? ends[1] : nil
        output = pipeOutput ? outputEnds[0] : nil
    }

    deinit {
        if let input { close(input) }
        if let output { close(output) }
        if status == nil {
            kill(pid, stopSignal)
            _ = wait()
        }
    }

    /// Writes `bytes` to the child's standard input.
    public func write(_ bytes: [UInt8]) throws {
        guard let input else { return }
        try AtomicFile.writeAll(bytes, to: input, reportedAs: "the standard input of process \(pid)")
    }

    /// Closes the child's standard input: it reads its end.
    public func closeInput() {
        if let input { close(input) }
        input = nil
    }

    /// Up to `count` bytes of the child's standard output as they come; empty at its end (or without `pipeOutput`).
    public func read(upTo count: Int) -> [UInt8] {
        guard let output, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        while true {
            let got = bytes.withUnsafeMutableBytes { buffer in Glibc.read(output, buffer.baseAddress, buffer.count) }
            if got < 0, errno == EINTR { continue }
            bytes.removeSubrange(max(0, got)...)
            return bytes
        }
    }

    /// Sends `number` to the child unless it has been waited for (its pid may belong to another process then).
    /// Sends `number` to its whole process group (it and every process it started that did not leave the group),
    /// while it has not been waited for; to it alone when it was not started with `ownGroup`.
    public func signalGroup(_ number: Int32) {
        guard status == nil else { return }
        kill(ownGroup ? -pid : pid, number)
    }

    /// Waits up to `seconds` for the child to end without reaping it (it stays a zombie, so its process group stays
    /// its own): whether it ended. Then `signalGroup` reaches what is left of its group and `wait` still reads how it
    /// ended.
    public func waitUntilEnded(seconds: Double) -> Bool {
        guard status == nil else { return true }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while true {
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, info._sifields._sigchld.si_pid == pid { return true }
            if DispatchTime.now().uptimeNanoseconds >= deadline { return false }
            usleep(5_000)
        }
    }

    public func signal(_ number: Int32) {
        if status == nil { kill(pid, number) }
    }

    /// Waits for the child to end: its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        closeInput()
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        TemporaryPaths.unregister(token)
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (macros).
        let result = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = result
        return result
    }
}
