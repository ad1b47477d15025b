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
        return prefix + "-" + String(next, radix: 16)
    }

    /// Up to 128 visible ASCII characters, so an echoed id cannot carry anything surprising.
    static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= 128 && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
