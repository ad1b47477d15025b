import FlowLayout
import PlaygroundAssets
import WireKit

/// One file of the embedded table, read once.
struct PlaygroundFile: Sendable {
    let name: String
    let contentType: StaticString
    let bytes: [UInt8]
    /// A strong tag: the content hash of the bytes.
    let etag: EntityTag

    static let all: [PlaygroundFile] = (0..<playground_asset_count()).map { index in
        let asset = playground_asset_at(index)!.pointee
        let name = String(cString: asset.name)
        let bytes = Array(UnsafeBufferPointer(start: asset.bytes, count: asset.length))
        var hasher = ContentHasher()
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return PlaygroundFile(
            name: name, contentType: name.hasSuffix(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8",
            bytes: bytes, etag: EntityTag(layout: hasher.finalize()))
    }
}
