extension String {
    /// The UTF-8 text a C function writes into a caller's buffer, for functions that say how long their output is
    /// (ICU's style): `fill` gets a buffer and its capacity and returns the output's length in bytes, or a negative
    /// number when it fails. A length beyond the capacity means "did not fit": the buffer grows to that length and
    /// `fill` runs again. Nil when `fill` fails; invalid UTF-8 is repaired, never trusted.
    public init?(cBufferOfCapacity capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int) -> Int) {
        var capacity = Swift.max(1, capacity)
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let needed = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                guard let base = pointer.baseAddress else { return -1 }
                return fill(base, capacity)
            }
            guard needed >= 0 else { return nil }
            if needed <= capacity {
                self = buffer.prefix(needed).withUnsafeBufferPointer { bytes in
                    String(decoding: UnsafeRawBufferPointer(bytes).bindMemory(to: UInt8.self), as: UTF8.self)
                }
                return
            }
            capacity = needed
        }
    }
}
