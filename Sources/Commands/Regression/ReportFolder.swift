import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport

/// A folder of report images (`NAME-artifacts/`, `NAME-files/`) filled beside its final place and put there whole
/// by `commit()`: a run that fails half-way leaves the previous folder (or none), never a half-made one. Dropped
/// without `commit()`, the partial folder is removed.
final class ReportFolder {
    let path: String
    private let staging: String
    private var committed = false
    private var copied = 0

    private init(path: String) {
        self.path = path
        staging = path + ".partial-\(getpid())"
    }

    static func stage(_ path: String) throws -> ReportFolder {
        let folder = ReportFolder(path: path)
        try? FileManager.default.removeItem(atPath: folder.staging)
        return folder
    }

    /// Copies the PNG at `source` to `relative` inside the folder; a source that is missing or not a regular PNG file
    /// is left out with a warning naming `what` (true when copied).
    func copy(_ source: String, as relative: String, what: String) throws -> Bool {
        try place(source, as: relative, what: what, accepted: CheckReport.isPNGFile(source), refusal: "is missing or not a PNG")
    }

    /// Copies the text file at `source` (a layout dump: a regular file of at most 16 MiB) to `relative`, as `copy`.
    func copyText(_ source: String, as relative: String, what: String) throws -> Bool {
        var status = stat()
        let fits = CheckReport.isRegularFile(source) && stat(source, &status) == 0 && status.st_size <= 16 << 20
        return try place(source, as: relative, what: what, accepted: fits, refusal: "is missing, not a regular file or over 16 MiB")
    }

    private func place(_ source: String, as relative: String, what: String, accepted: Bool, refusal: String) throws -> Bool {
        guard accepted else {
            CLI.printWarning("\(what) \(refusal); left out")
            return false
        }
        let target = staging + "/" + relative
        try FileManager.default.createDirectory(atPath: PathName.parent(target), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: target)
        copied += 1
        return true
    }

    /// Where `relative` will be once committed.
    func finalPath(_ relative: String) -> String { path + "/" + relative }

    /// Replaces the folder's previous contents with the copies (an empty set removes the folder).
    func commit() throws {
        try? FileManager.default.removeItem(atPath: path)
        if copied > 0 { try FileManager.default.moveItem(atPath: staging, toPath: path) }
        committed = true
    }

    deinit {
        if !committed || copied == 0 { try? FileManager.default.removeItem(atPath: staging) }
    }
}
