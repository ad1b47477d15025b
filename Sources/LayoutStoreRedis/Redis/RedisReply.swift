import CHiredis

/// One reply of Redis, copied out of hiredis's `redisReply` tree so it outlives it.
///
/// An error reply (`-ERR …`) is a reply like any other: the command failed, the connection is fine.
public enum RedisReply: Sendable, Equatable {
    /// A bulk string: any bytes.
    case string([UInt8])
    /// A simple string such as `OK` or `PONG`.
    case status(String)
    case integer(Int64)
    /// A missing value: a nil bulk string or a nil array.
    case null
    case error(String)
    case array([RedisReply])
}

extension RedisReply {
    /// The reply `reply` (a `redisReply *` from `redisGetReply…`), which this frees.
    static func take(_ reply: UnsafeMutableRawPointer) -> RedisReply {
        defer { freeReplyObject(reply) }
        return RedisReply(reply.assumingMemoryBound(to: redisReply.self))
    }

    private init(_ pointer: UnsafePointer<redisReply>) {
        let reply = pointer.pointee
        func bytes() -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: reply.str, count: reply.len) }
        switch reply.type {
        case REDIS_REPLY_STRING: self = .string(Array(bytes()))
        case REDIS_REPLY_STATUS: self = .status(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_ERROR: self = .error(String(decoding: bytes(), as: UTF8.self))
        case REDIS_REPLY_INTEGER: self = .integer(Int64(reply.integer))
        case REDIS_REPLY_NIL: self = .null
        case REDIS_REPLY_ARRAY:
            self = .array((0..<reply.elements).map { RedisReply(UnsafePointer(reply.element[$0]!)) })
        default:
            // hiredis 0.14 has no other type; a newer one's (RESP3) would be a surprise worth reading.
            self = .error("hiredis reply of unknown type \(reply.type)")
        }
    }
}

extension RedisReply: CustomStringConvertible {
    /// Short and readable: a bulk string as text when it is short printable UTF-8, else its size.
    public var description: String {
        switch self {
        case .string(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            let printable = bytes.count <= 64 && Array(text.utf8) == bytes
                && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
            return printable ? "\"\(text)\"" : "<\(bytes.count) bytes>"
        case .status(let text): return text
        case .integer(let value): return "(integer) \(value)"
        case .null: return "(nil)"
        case .error(let message): return "(error) \(message)"
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
