extension String {
    /// The string of `scalars`, encoded once as UTF-8 (appending to a `UnicodeScalarView` a scalar at a time was a
    /// third of reading a paragraph of 48,000 links).
    init<Scalars: Collection>(scalars: Scalars) where Scalars.Element == Unicode.Scalar {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.count)
        for scalar in scalars {
            if scalar.isASCII {
                bytes.append(UInt8(truncatingIfNeeded: scalar.value))
            } else {
                UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
