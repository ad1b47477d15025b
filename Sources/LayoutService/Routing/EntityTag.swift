import FlowLayout

/// The strong entity tag of an answer: a pure function of the layout (named by its content hash) and,
/// for a view of it, of the view's request. `"<layout id>"` for a stored layout's metadata,
/// `"<layout id>-<16 hex digits of the view's hash>"` for a view; the gzip-compressed representation of
/// the same answer adds `-gzip` inside the quotes, since a strong validator names one representation's
/// bytes (RFC 9110 §8.8.1), as Apache's mod_deflate does.
///
/// Kept as the two numbers and spelled only where it is written: it is on every scroll answer, and a
/// `String` of 51 bytes is a heap allocation.
struct EntityTag: Equatable {
    var layout: ContentHash
    var view: UInt64?
    var coding = ContentCoding.identity

    /// Bytes of the longest spelling of an identity representation's tag: quotes, 32 + 1 + 16 digits.
    static let maximumLength = 51
    private static let gzipSuffix: StaticString = "-gzip"

    /// The spelling, quotes included, lent from the stack for the call.
    func withSpelling<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength + Self.gzipSuffix.utf8CodeUnitCount) { buffer in
            let start = buffer.baseAddress!
            start[0] = UInt8(ascii: "\"")
            layout.writeHex(to: start + 1)
            var length = 33
            if let view {
                start[33] = UInt8(ascii: "-")
                ContentHash.writeHex(view, to: start + 34)
                length = 50
            }
            if coding == .gzip {
                (start + length).update(from: Self.gzipSuffix.utf8Start, count: Self.gzipSuffix.utf8CodeUnitCount)
                length += Self.gzipSuffix.utf8CodeUnitCount
            }
            start[length] = UInt8(ascii: "\"")
            return body(UnsafeRawBufferPointer(start: start, count: length + 1))
        }
    }

    var spelling: String { withSpelling { String(decoding: $0, as: UTF8.self) } }

    /// Whether an `If-None-Match` value names this answer (or any, `*`) in either representation.
    func isMatched(by ifNoneMatch: String) -> Bool { matched(by: ifNoneMatch) != nil }

    /// The tag of the representation an `If-None-Match` value names, identity or gzip, for the `304`
    /// to carry back (identity for `*`); nil when it names neither.
    func matched(by ifNoneMatch: String) -> EntityTag? {
        var tag = self
        tag.coding = .identity
        if ifNoneMatch == "*" || ifNoneMatch == tag.spelling { return tag }
        tag.coding = .gzip
        return ifNoneMatch == tag.spelling ? tag : nil
    }
}
