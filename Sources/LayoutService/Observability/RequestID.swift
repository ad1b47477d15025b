import FlowLayout
import Synchronization

/// Request ids: the client's `X-Request-ID` when it is sane, else `<process prefix>-<counter>`, which is
/// unique, cheap (one atomic add) and sorts in arrival order within a process.
final class RequestIDs: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
    }

    func id(for given: String?) -> String {
        if let given, Self.isAcceptable(given) { return given }
        let next = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return Self.join(prefix, next)
    }

    /// `<prefix>-<counter in hex>` in one allocation: it is made for every request without an id.
    private static func join(_ prefix: String, _ counter: UInt64) -> String {
        let digits = max(1, (64 - counter.leadingZeroBitCount + 3) / 4)
        let prefixBytes = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixBytes + 1 + digits) { buffer in
            var index = 0
            for byte in prefix.utf8 {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "-")
            ContentHash.writeHex(counter, digits: digits, to: buffer.baseAddress! + index + 1)
            return prefixBytes + 1 + digits
        }
    }

    /// Up to 128 visible ASCII characters, so an echoed id cannot carry anything surprising.
    static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= 128 && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
