/// Where a page's PNG goes while it is encoded, so that a tall page is never held whole (a file being written):
/// the bytes in order, and once a few bytes already written again (the last data chunk's length, known only at the
/// end). Paint writes no file itself; the caller's sink does.
public protocol PNGSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws
    func overwrite(at offset: Int, with bytes: UnsafeRawBufferPointer) throws
}
