import CommandCatalog
import Primitives

/// `render … --annotations FILE` (one input) or `--annotations` without a value (a batch or a manifest: the
/// annotations of every output go to one JSON Lines file), and `--annotation-clusters` (issue 60).
struct AnnotationRequest: Equatable {
    /// The file of one input's annotations; nil in a batch.
    var file: String?
    var clusters: Bool

    /// nil when `--annotations` was not given.
    init?(_ parsed: ParsedArguments) {
        guard let value = parsed.value("--annotations") else { return nil }
        file = value.isEmpty ? nil : value
        clusters = parsed.has("--annotation-clusters")
    }

    /// The JSON Lines file of a batch: in the manifest's folder (the current one for a manifest on standard input) or
    /// in OUTDIR/, named for the shard so an indexed Job's parts join by concatenation.
    static func batchFile(manifest: String?, output: String?, shard: Shard?) -> String {
        let name = shard.map { "annotations.\($0.index)-of-\($0.count).jsonl" } ?? "annotations.jsonl"
        let folder: String
        if let manifest { folder = manifest == "-" ? "" : PathName.parent(manifest) } else { folder = output.map { $0.hasSuffix("/") ? String($0.dropLast()) : PathName.parent($0) } ?? "" }
        return folder.isEmpty ? name : PathName.appending(folder, name)
    }
}
