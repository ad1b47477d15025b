/// Text of a request (its path, a header's value) as UTF-8: lent as bytes by the HTTP layer for the
/// duration of `LayoutService.handle`, or held as a `String` by in-process callers and tests.
///
/// Why not `String`: routing and the content-type check only compare bytes, and the path of a stored
/// layout's attributes (56 bytes) or `application/json` (16) is too long for a small string, so each
/// would be a heap allocation, a UTF-8 validation and a release on every request.
public struct RequestText: ExpressibleByStringLiteral, CustomStringConvertible {
    private enum Storage {
        case string(String)
        case lent(UnsafeRawBufferPointer)
    }

    private let storage: Storage

    public init(_ string: String) { storage = .string(string) }

    public init(stringLiteral value: String) { self.init(value) }

    /// Text read in place from `bytes`, which must stay valid while the request is handled.
    public init(lending bytes: UnsafeRawBufferPointer) { storage = .lent(bytes) }

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
