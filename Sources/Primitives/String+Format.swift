import Glibc

extension String {
    /// A printf-style format (`%.2f`, `%04d`, `%016llx`) through the C library's `vsnprintf`, in place of Foundation's
    /// `String(format:)`; Swift strings are not C arguments, so `%@` and `%s` are not supported.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return Self.text(buffer, count: needed) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return Self.text(buffer, count: needed)
            }
        }
    }

    /// The first `count` bytes `vsnprintf` wrote (it returns the length without the terminating NUL; a negative count,
    /// an encoding error, is no text).
    private static func text(_ buffer: [CChar], count: Int) -> String {
        String(decoding: buffer.prefix(Swift.max(0, Swift.min(count, buffer.count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
