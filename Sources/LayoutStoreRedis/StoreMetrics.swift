import LayoutStore
import Locking

/// The store's counters as its calls record them, from any thread; `/metrics` reads a copy.
final class StoreMetrics: Sendable {
    // A lock, not atomics: every store call already waits on the network, and a scrape reads one
    // consistent set of counts.
    private let counts = LockedValueBox(StoreCounters())

    func record(_ operation: StoreCounters.Operation, nanoseconds elapsed: Int64, failed: Bool) {
        counts.withLockedValue { $0.record(operation, nanoseconds: elapsed, failed: failed) }
    }

    func recordTraffic(written: Int = 0, read: Int = 0, roundTrips: Int = 0) {
        counts.withLockedValue { counts in
            counts.bytesWritten += written
            counts.bytesRead += read
            counts.roundTrips += roundTrips
        }
    }

    func recordCorrupt() { counts.withLockedValue { $0.corruptValues += 1 } }

    /// A consistent copy of every count.
    var counters: StoreCounters { counts.withLockedValue { $0 } }

    /// Bytes written and read and pipelines sent so far (for benchmarks and tests).
    var traffic: (written: Int, read: Int, roundTrips: Int) {
        counts.withLockedValue { ($0.bytesWritten, $0.bytesRead, $0.roundTrips) }
    }
}
