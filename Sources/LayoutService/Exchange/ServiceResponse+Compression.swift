import WireKit

extension ServiceResponse {
    /// Answers of more bytes than this may go compressed; smaller ones gain too little to pay for it.
    static let compressionThreshold = 1024

    /// Sends the body gzip-compressed when it is over `compressionThreshold` bytes and the request's
    /// `Accept-Encoding` prefers gzip (`AcceptEncoding`). A compressed answer carries
    /// `Content-Encoding: gzip`, the gzip spelling of its `ETag` and `Vary: Accept-Encoding`; an
    /// answer over the threshold sent as it is carries `Vary` when a cache may store it (`cacheable`:
    /// GET and HEAD), since either representation could have been stored. A cache never reuses a
    /// POST's answer, and there the header would cost a scroll a tenth of its server time.
    ///
    /// The header is parsed only past the threshold, so a small answer never reads it.
    @inline(__always)
    mutating func encode(for acceptEncoding: RequestText?, cacheable: @autoclosure () -> Bool) {
        guard body.count > Self.compressionThreshold else { return }
        if let acceptEncoding { compress(for: acceptEncoding) }
        variesByEncoding = contentCoding == .gzip || cacheable()
    }

    /// Out of line, so the inlined check above is all an answer that is not compressed runs.
    @inline(never)
    private mutating func compress(for acceptEncoding: RequestText) {
        guard AcceptEncoding.preferred(acceptEncoding) == .gzip, let compressed = Gzip.compressed(body) else { return }
        body.replace(with: compressed)
        contentCoding = .gzip
        etag?.coding = .gzip
    }
}
