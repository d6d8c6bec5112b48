/// Path arithmetic on strings, written here because the tool's modules import FoundationEssentials only (no
/// `NSString` paths, issue 44), and because swift-corelibs-foundation's `NSString.deletingLastPathComponent` traps
/// on a one-character path (`"t"`, `"x/"`, Swift 6.3 on Linux), which output folders (`-o o/`) and golden case
/// names (`a`) are. Each function follows the `NSString` method it names.
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

    /// The last component: `a/b.png` → `b.png`, `a/b/` → `b`, `/` → `/`, `` → ``.
    public static func lastComponent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard text != "/", let slash = text.lastIndex(of: "/") else { return String(text) }
        return String(text[text.index(after: slash)...])
    }

    /// The last component's extension without its dot: `a/b.tar.gz` → `gz`; none for `.profile`, `a.` or `a`.
    public static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// `path` without its last component's extension and that extension's dot (`a/b.png` → `a/b`, `name.` → `name`),
    /// written as `NSString` writes it: doubled slashes made one and a trailing slash dropped (`a//b/` → `a/b`).
    public static func deletingExtension(_ path: String) -> String {
        var text = ""
        for character in path where !(character == "/" && text.hasSuffix("/")) { text.append(character) }
        while text.count > 1, text.hasSuffix("/") { text.removeLast() }
        let start = text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex
        guard let dot = text[start...].lastIndex(of: "."), dot != start else { return text }
        return String(text[..<dot])
    }

    /// `folder` and `name` joined by one slash: `a` + `b` → `a/b`, `a/` + `b` → `a/b`, `` + `b` → `b`.
    public static func appending(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        var base = Substring(folder)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        var tail = Substring(name)
        while tail.hasPrefix("/") { tail = tail.dropFirst() }
        return base == "/" ? "/" + tail : base + "/" + tail
    }
}
