import Drawing

/// The alt text of an animation (issue 63), added to the file ffmpeg wrote: an APNG's `iTXt` "Description" chunk
/// after `IHDR`, as a still PNG's; a GIF's Comment Extension after the global colour table (UTF-8 text in sub-blocks
/// of at most 255 bytes). An MP4 takes it through ffmpeg's own `-metadata` (`FFmpeg`). Written by hand: both are a
/// few bytes spliced at a fixed place of a file ipraster's own ffmpeg run made; a file not shaped as expected is
/// returned as it is.
public enum AnimationAltText {
    /// `apng` with the alt text's `iTXt` chunk right after its `IHDR`.
    public static func apng(_ apng: [UInt8], _ altText: AltTextMetadata) -> [UInt8] {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Signature, then IHDR: length 13, type, 13 bytes, CRC.
        guard apng.count > 33, Array(apng[0..<8]) == signature, Array(apng[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8) else { return apng }
        let chunk = PNGMetadata(scale: nil, altText: altText).bytes
        return Array(apng[0..<33]) + chunk + Array(apng[33...])
    }

    /// `gif` with a Comment Extension holding the alt text, after the logical screen descriptor and global colour table.
    public static func gif(_ gif: [UInt8], _ altText: AltTextMetadata) -> [UInt8] {
        guard gif.count > 13, gif[0..<6].elementsEqual(Array("GIF89a".utf8)), !altText.text.isEmpty else { return gif }
        let flags = gif[10]
        let tableSize = flags & 0x80 != 0 ? 3 << (Int(flags & 0x07) + 1) : 0
        let start = 13 + tableSize
        guard start <= gif.count else { return gif }
        var comment: [UInt8] = [0x21, 0xFE]
        let text = Array(altText.text.utf8)
        var offset = 0
        while offset < text.count {
            let end = min(offset + 255, text.count)
            comment.append(UInt8(end - offset))
            comment += text[offset..<end]
            offset = end
        }
        comment.append(0)
        return Array(gif[0..<start]) + comment + Array(gif[start...])
    }
}
