import CZlib

struct InflateError: Error { let status: Int32 }

/// zlib's inflate over a whole gzip stream (windowBits 15 + 16: the gzip wrapper only).
func gunzip(_ bytes: some Collection<UInt8>) throws -> [UInt8] {
    var input = Array(bytes)
    var stream = z_stream()
    var status = inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw InflateError(status: status) }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    try input.withUnsafeMutableBufferPointer { input in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        repeat {
            try chunk.withUnsafeMutableBufferPointer { chunk in
                stream.next_out = chunk.baseAddress
                stream.avail_out = uInt(chunk.count)
                status = inflate(&stream, Z_NO_FLUSH)
                guard status == Z_OK || status == Z_STREAM_END else { throw InflateError(status: status) }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
            }
        } while status != Z_STREAM_END
        // One gzip member and nothing after it.
        guard stream.avail_in == 0 else { throw InflateError(status: Z_DATA_ERROR) }
    }
    return output
}
