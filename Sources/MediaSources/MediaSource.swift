import Drawing

/// Where a render's media come from, resolved before paint by the front door (`MediaResolver`): a local folder
/// (`MediaFolder`, `--media`), with animations' first frames from ffmpeg (`FFmpegVideoFrames`), or a set of files
/// held in memory (`InMemoryMedia`, media sent with a service request). Paint is handed decoded images only.
public protocol MediaSource: AnyObject {
    /// The decoded image of the first of `ids` that has a file, or nil.
    func image(for ids: [String]) -> DecodedImage?
    /// What went wrong on the way (a file that does not decode, a link out of the folder), each once.
    var warnings: [String] { get }
}
