import FlowLayout

/// The strong entity tag of an answer: a pure function of the layout (named by its content hash) and,
/// for a view of it, of the view's request. `"<layout id>"` for a stored layout's metadata,
/// `"<layout id>-<16 hex digits of the view's hash>"` for a view.
///
/// Kept as the two numbers and spelled only where it is written: it is on every scroll answer, and a
/// `String` of 51 bytes is a heap allocation.
struct EntityTag: Equatable {
    var layout: ContentHash
    var view: UInt64?

    /// Bytes of the longest spelling: quotes, 32 + 1 + 16 digits.
    static let maximumLength = 51

    /// The spelling, quotes included, lent from the stack for the call.
    func withSpelling<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumLength) { buffer in
            let start = buffer.baseAddress!
            start[0] = UInt8(ascii: "\"")
            layout.writeHex(to: start + 1)
            var length = 33
            if let view {
                start[33] = UInt8(ascii: "-")
                ContentHash.writeHex(view, to: start + 34)
                length = 50
            }
            start[length] = UInt8(ascii: "\"")
            return body(UnsafeRawBufferPointer(start: start, count: length + 1))
        }
    }

    var spelling: String { withSpelling { String(decoding: $0, as: UTF8.self) } }

    /// Whether an `If-None-Match` value names this tag (or any, `*`).
    func isMatched(by ifNoneMatch: String) -> Bool { ifNoneMatch == "*" || ifNoneMatch == spelling }
}
