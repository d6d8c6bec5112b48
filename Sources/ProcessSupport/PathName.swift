/// Path arithmetic on strings, written here because swift-corelibs-foundation's
/// `NSString.deletingLastPathComponent` traps on a one-character path (`"t"`, `"x/"`, Swift 6.3 on Linux), which
/// output folders (`-o o/`) and golden case names (`a`) are.
public enum PathName {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` defines it: `a/b` → `a`, `/a` → `/`,
    /// `a` → `` (empty), `a/b/` → `a`, `/` → `/`.
    public static func parent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
