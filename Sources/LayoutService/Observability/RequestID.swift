import FlowLayout
import Synchronization

/// A request's id: the client's `X-Request-ID` when it is sane, else `<process prefix>-<counter>` in
/// hex, which is unique, cheap (one atomic add) and sorts in arrival order within a process.
///
/// A made id is kept as its two numbers and spelled only where it is written (the answer's header,
/// a log line when one is written): every answer carries one.
struct RequestID: Equatable, CustomStringConvertible {
    private enum Value: Equatable {
        case given(String)
        case counted(prefix: UInt32, counter: UInt64)
    }

    private let value: Value

    /// `<prefix>-<counter>`: at most 8 + 1 + 16 bytes.
    private static let maximumCountedLength = 25

    init(given: String) { value = .given(given) }

    init(prefix: UInt32, counter: UInt64) { value = .counted(prefix: prefix, counter: counter) }

    /// The spelling, lent for the call (from the stack for a made id).
    func withSpelling<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch value {
        case .given(var given):
            return given.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .counted(let prefix, let counter):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumCountedLength) { buffer in
                let start = buffer.baseAddress!
                let prefixDigits = Self.hexDigitCount(UInt64(prefix))
                ContentHash.writeHex(UInt64(prefix), digits: prefixDigits, to: start)
                start[prefixDigits] = UInt8(ascii: "-")
                let counterDigits = Self.hexDigitCount(counter)
                ContentHash.writeHex(counter, digits: counterDigits, to: start + prefixDigits + 1)
                return body(UnsafeRawBufferPointer(start: start, count: prefixDigits + 1 + counterDigits))
            }
        }
    }

    var description: String { withSpelling { String(decoding: $0, as: UTF8.self) } }

    /// Hex digits of `value` without leading zeros (one for 0).
    private static func hexDigitCount(_ value: UInt64) -> Int { max(1, (64 - value.leadingZeroBitCount + 3) / 4) }

    /// Up to 128 visible ASCII characters, so an echoed id cannot carry anything surprising.
    static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= 128 && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}

/// Hands out request ids: the process's random prefix and its counter.
final class RequestIDs: Sendable {
    private let prefix: UInt32
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = UInt32.random(in: .min ... .max, using: &generator)
    }

    func id(for given: String?) -> RequestID {
        if let given, RequestID.isAcceptable(given) { return RequestID(given: given) }
        return RequestID(prefix: prefix, counter: counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}
