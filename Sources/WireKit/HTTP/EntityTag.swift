import FlowLayout

/// The strong entity tag of an answer: a pure function of the layout (named by its content hash) and,
/// for a view of it, of the view's request. `"<layout id>"` for a stored layout's metadata,
/// `"<layout id>-<16 hex digits of the view's hash>"` for a view; the gzip-compressed representation of
/// the same answer adds `-gzip` inside the quotes, since a strong validator names one representation's
/// bytes (RFC 9110 §8.8.1), as Apache's mod_deflate does.
///
/// Kept as the two numbers and spelled only where it is written: it is on every scroll answer, and a
/// `String` of 51 bytes is a heap allocation.
public struct EntityTag: Equatable, Sendable {
    var layout: ContentHash
    var view: UInt64?
    public var coding = ContentCoding.identity

    public init(layout: ContentHash, view: UInt64? = nil, coding: ContentCoding = .identity) {
        (self.layout, self.view, self.coding) = (layout, view, coding)
    }

    /// Bytes of the longest spelling of an identity representation's tag: quotes, 32 + 1 + 16 digits.
    static let maximumLength = 51
    private static let gzipSuffix: StaticString = "-gzip"

    /// The spelling, quotes included, lent from the stack for the call.
    public func withSpelling<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
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

    /// Whether an `If-None-Match` value names this tag (RFC 9110 §13.1.2): `*`, or a comma-separated
    /// list of tags compared weakly (a `W/` prefix ignored). Only this representation's spelling
    /// counts: a 304 tells a cache that the bytes it holds under this tag, of this length, are current.
    public func isNamed(by ifNoneMatch: String) -> Bool {
        let list = ifNoneMatch.utf8
        if list.split(separator: UInt8(ascii: ",")).count == 1, Self.trimmed(list[...]).elementsEqual("*".utf8) { return true }
        return withSpelling { mine in
            list.split(separator: UInt8(ascii: ",")).contains { candidate in
                var tag = Self.trimmed(candidate)
                if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
                return tag.elementsEqual(mine)
            }
        }
    }

    /// Without the spaces and tabs around it (RFC 9110's optional white space).
    private static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[first...last]
    }
}

extension EntityTag {
    /// A view asked by a body (a `POST` scroll, a fling): the layout and a hash of the body's bytes.
    public init(layout: ContentHash, body: UnsafeRawBufferPointer) {
        var hasher = ContentHasher()
        hasher.combine(bytes: body)
        self.init(layout: layout, view: hasher.finalize().low)
    }

    /// A view asked by a query (a `GET` scroll): the layout and a hash of the parameters in name order.
    public init(layout: ContentHash, query: [(name: String, value: String)]) {
        var hasher = ContentHasher()
        for (name, value) in query.sorted(by: { $0.name < $1.name }) {
            for part in [name, value] {
                var part = part
                part.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        self.init(layout: layout, view: hasher.finalize().low)
    }

    /// An element asked by its path and a query (a lookup): the layout and a hash of the path (which
    /// element) and of the parameters in name order, each after its length (how it is drawn, where it
    /// is scrolled).
    public init(layout: ContentHash, path: RequestText, query: [(name: String, value: String)]) {
        var hasher = ContentHasher()
        path.withUTF8 { hasher.combine(bytes: $0) }
        for (name, value) in query.sorted(by: { $0.name < $1.name }) {
            for part in [name, value] {
                var part = part
                hasher.combine(UInt64(part.utf8.count))
                part.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        self.init(layout: layout, view: hasher.finalize().low)
    }
}
