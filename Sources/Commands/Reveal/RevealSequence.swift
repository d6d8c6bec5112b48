import FoundationEssentials
import Glibc
import Primitives
import ProcessSupport
import Reveal

/// `reveal -o DIR/`: a timeline's frames as `frame_00000.png…` and `timeline.json` in a folder. Reveal hands the
/// frames up (`RevealExporter.encodeFrames`); the command line writes them and owns the clean-up.
enum RevealSequence {
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Writes the frames and `timeline.json` into `directory`. Everything is written into a hidden staging folder
    /// first (removed on failure and, through `TemporaryPaths`, on interruption) and swapped in only when complete:
    /// frames of an earlier export that the new one does not overwrite are removed in the same step, so the folder
    /// holds one whole export, the old one or the new one, never a mix. `startNumber` is the first file's number
    /// (frame_<startNumber>.png); timeline.json keeps frame indices.
    static func write(_ exporter: RevealExporter, to directory: String, startNumber: Int = 0, progress: ((Int, Int) -> Void)? = nil) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let staging = PathName.appending(directory, ".ipraster-partial-\(getpid())")
        try? files.removeItem(atPath: staging)
        // Staging folders of exports that were killed (SIGKILL) before they could remove them.
        TemporaryPaths.removeStale(in: directory, prefix: ".ipraster-partial-")
        let token = TemporaryPaths.register(staging)
        defer { TemporaryPaths.unregister(token) }
        try files.createDirectory(atPath: staging, withIntermediateDirectories: false)
        do {
            try exporter.encodeFrames(progress: progress) { index, bytes in
                let path = PathName.appending(staging, frameName(startNumber + index))
                // Under the interruption lock: once an interruption removes the staging folder, no write starts
                // again inside it (a frame written during the removal left the folder behind).
                try TemporaryPaths.uninterrupted {
                    guard files.createFile(atPath: path, contents: Data(bytes)) else {
                        throw AtomicFile.WriteError(path: path, reason: String(cString: strerror(errno)))
                    }
                }
            }
            let json = Array((exporter.timelineJSON().serialized() + "\n").utf8)
            try AtomicFile.write(json, to: PathName.appending(staging, "timeline.json"))
            try TemporaryPaths.uninterrupted {
                let fresh = Set(try files.contentsOfDirectory(atPath: staging))
                for name in try files.contentsOfDirectory(atPath: directory) where isExportFile(name) && !fresh.contains(name) {
                    try files.removeItem(atPath: PathName.appending(directory, name))
                }
                for name in fresh.sorted() {
                    let target = PathName.appending(directory, name)
                    if rename(PathName.appending(staging, name), target) != 0 {
                        throw AtomicFile.WriteError(path: target, reason: String(cString: strerror(errno)))
                    }
                }
                try files.removeItem(atPath: staging)
            }
        } catch {
            try? files.removeItem(atPath: staging)
            throw error
        }
    }

    /// The names an export writes: `frame_<digits>.png` and `timeline.json`.
    static func isExportFile(_ name: String) -> Bool {
        if name == "timeline.json" { return true }
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst(6).dropLast(4)
        return !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }
}
