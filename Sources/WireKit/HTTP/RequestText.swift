#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text of a request (its path, a header's value) as UTF-8: lent as bytes by the HTTP layer for the
/// duration of `LayoutService.handle`, or held as a `String` by in-process callers and tests.
///
/// Why not `String`: routing and the content-type check only compare bytes, and the path of a stored
/// layout's attributes (56 bytes) or `application/json` (16) is too long for a small string, so each
/// would be a heap allocation, a UTF-8 validation and a release on every request.
public struct RequestText: ExpressibleByStringLiteral, CustomStringConvertible {
    @usableFromInline
    enum Storage {
        case string(String)
        case lent(UnsafeRawBufferPointer)
    }

    @usableFromInline let storage: Storage

    public init(_ string: String) { storage = .string(string) }

    public init(stringLiteral value: String) { self.init(value) }

    /// Text read in place from `bytes`, which must stay valid while the request is handled.
    public init(lending bytes: UnsafeRawBufferPointer) { storage = .lent(bytes) }

    @inlinable
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .string(var string): return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        case .lent(let bytes): return try body(bytes)
        }
    }

    /// The text as a `String`, invalid UTF-8 repaired: for messages.
    public var description: String {
        switch storage {
        case .string(let string): return string
        case .lent(let bytes): return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension RequestText {
    /// Whether the text ends with `suffix`, compared on bytes.
    @inlinable
    public func hasSuffix(_ suffix: StaticString) -> Bool {
        withUTF8 { bytes in
            let count = suffix.utf8CodeUnitCount
            return bytes.count >= count && memcmp(bytes.baseAddress! + bytes.count - count, suffix.utf8Start, count) == 0
        }
    }

    /// The last byte, or nil for empty text.
    @inlinable
    public var lastByte: UInt8? { withUTF8 { $0.last } }

    /// Whether a `Content-Type` value names the media type `type` (lowercase): in any case, with or
    /// without parameters such as `charset=utf-8` (RFC 9110 §8.3.1). Compared on bytes without
    /// building strings: it runs for every request with a body.
    @inlinable
    public func isMediaType(_ type: StaticString) -> Bool {
        withUTF8 { bytes in
            // As nearly every client spells it: two words compared.
            if bytes.count == type.utf8CodeUnitCount, memcmp(bytes.baseAddress!, type.utf8Start, bytes.count) == 0 {
                return true
            }
            var index = 0
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            guard bytes.count - index >= type.utf8CodeUnitCount else { return false }
            for offset in 0..<type.utf8CodeUnitCount {
                // ASCII lower-casing: setting bit 5 maps A–Z to a–z and leaves '/' alone.
                let byte = bytes[index + offset]
                let lowered = (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
                guard lowered == type.utf8Start[offset] else { return false }
            }
            index += type.utf8CodeUnitCount
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index == bytes.count || bytes[index] == UInt8(ascii: ";")
        }
    }
}
