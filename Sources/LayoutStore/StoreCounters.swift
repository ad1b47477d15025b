/// What a store counts of its work, read by the service for `/metrics`: calls, failures and time spent
/// by operation, corrupt values found, and bytes and round trips. Counts since the store was made.
public struct StoreCounters: Sendable, Equatable {
    public enum Operation: Int, CaseIterable, Sendable {
        case save, load, delete

        /// The metrics' `operation` label.
        public var label: String {
            switch self {
            case .save: "save"
            case .load: "load"
            case .delete: "delete"
            }
        }
    }

    /// Upper bounds of the latency histogram's buckets, in seconds.
    public static let latencyBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]

    /// By operation (`Operation.rawValue`).
    public var calls = [Int](repeating: 0, count: Operation.allCases.count)
    /// Calls that failed, by operation.
    public var errors = [Int](repeating: 0, count: Operation.allCases.count)
    /// Time spent in calls, by operation.
    public var nanoseconds = [Int64](repeating: 0, count: Operation.allCases.count)
    /// Calls by operation and latency bucket (`operation.rawValue * latencyBounds.count + bucket`), not
    /// cumulative; a call slower than every bound is in none.
    public var latencies = [Int](repeating: 0, count: Operation.allCases.count * StoreCounters.latencyBounds.count)
    /// Values read that did not match their key (deleted).
    public var corruptValues = 0
    public var bytesWritten = 0
    public var bytesRead = 0
    /// Pipelines sent.
    public var roundTrips = 0

    public init() {}

    /// Counts one call of `operation` that took `elapsed` nanoseconds.
    public mutating func record(_ operation: Operation, nanoseconds elapsed: Int64, failed: Bool) {
        let index = operation.rawValue
        calls[index] += 1
        if failed { errors[index] += 1 }
        nanoseconds[index] += elapsed
        if let bucket = Self.latencyBounds.firstIndex(where: { Double(elapsed) / 1e9 <= $0 }) {
            latencies[index * Self.latencyBounds.count + bucket] += 1
        }
    }
}
