import Glibc

extension String {
    /// A printf-style format (`%.2f`, `%04d`, `%016llx`) through the C library's `vsnprintf`, in place of Foundation's
    /// `String(format:)`; Swift strings are not C arguments, so `%@` and `%s` are not supported.
    public init(cFormat format: String, _ arguments: CVarArg...) {
        self = withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return String(cString: buffer) }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return String(cString: buffer)
            }
        }
    }
}
