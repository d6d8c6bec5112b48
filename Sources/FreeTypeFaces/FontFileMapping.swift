import FoundationEssentials
import Glibc
import Primitives

/// Font files mapped into memory once per process, for every FreeType face paint opens on them (`ScaledFontCache`
/// and `BitmapGlyphPainter`, on every painting thread): one mapping per file however many faces, sizes and threads
/// draw from it, so each page of a font file counts once in the process's memory. A Noto Sans CJK collection holds
/// ten faces in one 20 MB file; a face of their own per opening mapped the file again each time. Mappings live as
/// long as the process (a run draws from a bounded set of listed files).
public enum FontFileMapping {
    private static let lock = Lock()
    nonisolated(unsafe) private static var mappings: [String: UnsafeRawBufferPointer?] = [:]

    /// The bytes of `path`, read-only; nil when it cannot be opened or is empty.
    public static func bytes(of path: String) -> UnsafeRawBufferPointer? {
        lock.lock()
        defer { lock.unlock() }
        if let known = mappings[path] { return known }
        var result: UnsafeRawBufferPointer?
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_size > 0,
               let base = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), base != MAP_FAILED {
                result = UnsafeRawBufferPointer(start: base, count: Int(info.st_size))
            }
            close(descriptor)
        }
        mappings[path] = result
        return result
    }
}
