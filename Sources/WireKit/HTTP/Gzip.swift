import CZlib

/// gzip compression of answers' bodies, with one deflate stream per thread.
///
/// Why a stream kept per thread: `deflateInit2` allocates about 260 KiB of window and hash tables,
/// `deflateReset` only clears the hash heads, so each thread opens its stream on its first compressed
/// answer and resets it for every later one. The stream is used only inside `compressed(_:)`, from
/// reset to `Z_FINISH`, so no state passes from one answer to the next: the same body always gives the
/// same bytes (zlib's gzip header carries no time and no name).
///
/// The compressed bytes go into a `ByteBuffer` from `ByteBuffer.make`, lent to the HTTP server like any
/// answer's body and given back to the thread's shelf when sent (`ResponseBody.release`).
public enum Gzip {
    /// Level 3: on the two answers `make bench` reports (a scroll, a list of 240 bounds) as fast as
    /// levels 1 and 2 with 3–9% fewer bytes; level 6 saves 8–19% more for 1.6–2.3 times the time.
    static let level: Int32 = 3
    /// zlib's default: smaller levels took no less time on those answers.
    static let memoryLevel: Int32 = 8
    /// 15 bits of window, plus 16: zlib writes the gzip wrapper (RFC 1952) instead of zlib's.
    static let windowBits: Int32 = 15 + 16

    /// The thread's stream: zeroed until its first use, which opens it in place (zlib's state points
    /// back at the stream's address, so it is opened where it stays).
    private static let streams = ThreadLocal<z_stream>(
        "the gzip stream", release: { stream in if stream.pointee.state != nil { deflateEnd(stream) } }
    ) { z_stream() }

    /// `body` gzip-compressed; nil when the compressed bytes would not be fewer, or zlib cannot open a
    /// stream (out of memory): the answer then goes as it is.
    public static func compressed(_ body: ResponseBody) -> ResponseBody? {
        guard body.count <= Int(UInt32.max), let stream = readyStream() else { return nil }
        return body.withUnsafeBytes { input -> ResponseBody? in
            let buffer = ByteBuffer.make(capacity: Int(deflateBound(stream, uLong(input.count))))
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = uInt(input.count)
            stream.pointee.next_out = buffer.base
            stream.pointee.avail_out = uInt(buffer.capacity)
            // With room for deflateBound's bytes, one call with Z_FINISH writes the whole stream.
            let status = deflate(stream, Z_FINISH)
            precondition(status == Z_STREAM_END, "deflate into deflateBound's room did not finish: \(status)")
            buffer.count = Int(stream.pointee.total_out)
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            return buffer.count < input.count ? ResponseBody(buffer: buffer) : nil
        }
    }

    /// This thread's stream, reset, or opened on its first use; nil when zlib cannot open it.
    private static func readyStream() -> UnsafeMutablePointer<z_stream>? {
        let stream = streams.pointer
        if stream.pointee.state != nil { return deflateReset(stream) == Z_OK ? stream : nil }
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        return status == Z_OK ? stream : nil
    }
}
