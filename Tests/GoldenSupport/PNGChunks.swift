/// A PNG's chunks as the file holds them, read by the tests that look past the pixels (the page's pHYs and iTXt,
/// where a streamed PNG patches its data chunk's length). Reads well-formed files of ours; stops at anything else.
public struct PNGChunks {
    public struct Chunk {
        public let type: String
        /// Where the chunk's length field starts.
        public let offset: Int
        public let data: ArraySlice<UInt8>
    }

    public let chunks: [Chunk]

    public init(_ png: [UInt8]) {
        var chunks: [Chunk] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard at + 12 + length <= png.count else { break }
            chunks.append(Chunk(type: String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self), offset: at, data: png[(at + 8)..<(at + 8 + length)]))
            at += 12 + length
        }
        self.chunks = chunks
    }

    public var types: [String] { chunks.map(\.type) }

    /// The PNG without its ancillary chunks (pHYs, iTXt): the bytes of the pixels alone, as `PNGCodec.encode` writes them.
    public static func withoutMetadata(_ png: [UInt8]) -> [UInt8] {
        var result = Array(png.prefix(8))
        for chunk in PNGChunks(png).chunks where chunk.type != "pHYs" && chunk.type != "iTXt" {
            result += png[chunk.offset..<(chunk.data.endIndex + 4)]
        }
        return result
    }
}
