/// Two sets of files, the first winning: the files sent with a service request over the service's `--media`
/// folder. An id the first holds a file for is answered by it alone, a file that fails included.
public final class LayeredFiles: MediaFiles {
    public let first: any MediaFiles
    public let second: any MediaFiles

    public init(_ first: any MediaFiles, over second: any MediaFiles) {
        self.first = first
        self.second = second
    }

    public func file(for ids: [String], extensions: [String], warn: (String) -> Void) -> MediaFile? {
        first.file(for: ids, extensions: extensions, warn: warn) ?? second.file(for: ids, extensions: extensions, warn: warn)
    }
}
