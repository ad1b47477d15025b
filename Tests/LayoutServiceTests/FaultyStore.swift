import FlowLayout
import Foundation
import LayoutService
import LayoutStore
import Locking
import WireKit

/// The in-memory store in a shared store's place, with the faults a store over the network has:
/// down, late, a corrupt value. Counts every call, by operation and id.
final class FaultyStore: LayoutStore {
    /// What goes wrong, set by a test while requests run.
    struct Faults {
        /// Every call throws `unavailable` and the store is `down` for this reason.
        var down: String?
        /// Every call waits this long before answering; one longer than `timeout` throws
        /// `unavailable` when the timeout passes, as the store contract has it.
        var latency: TimeInterval = 0
        /// Loads of these ids find a value that fails its check: it is deleted, and `corrupt` thrown.
        var corrupt: Set<ContentHash> = []
    }

    /// The ids each operation was called with, in order, and the most calls that were under way at once.
    struct Calls {
        var saves: [ContentHash] = []
        var loads: [ContentHash] = []
        var deletes: [ContentHash] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    let memory = MemoryLayoutStore(layouts: LayoutCache(byteBudget: 64 << 20))
    let timeout: TimeInterval
    let faults = LockedValueBox(Faults())
    let calls = LockedValueBox(Calls())
    private let counts = LockedValueBox(StoreCounters())

    init(timeout: TimeInterval = 2) {
        self.timeout = timeout
    }

    func save(_ layout: BaseLayout) throws(StoreError) -> SavedLayout {
        calls.withLockedValue { $0.saves.append(layout.contentHash) }
        return try call(.save) { () throws(StoreError) in try memory.save(layout) }
    }

    func load(_ id: ContentHash) throws(StoreError) -> BaseLayout? {
        calls.withLockedValue { $0.loads.append(id) }
        return try call(.load) { () throws(StoreError) in
            guard faults.withLockedValue({ $0.corrupt.contains(id) }) else { return memory.load(id) }
            _ = memory.delete(id)
            counts.withLockedValue { $0.corruptValues += 1 }
            throw .corrupt(key: "layoutd:r:\(id)", reason: "injected")
        }
    }

    func delete(_ id: ContentHash) throws(StoreError) -> Bool {
        calls.withLockedValue { $0.deletes.append(id) }
        return try call(.delete) { () throws(StoreError) in memory.delete(id) }
    }

    var description: String { "faulty memory:" }
    var isShared: Bool { true }
    var health: StoreHealth { faults.withLockedValue { $0.down }.map { .down(reason: $0) } ?? .up }
    var counters: StoreCounters { counts.withLockedValue { $0 } }

    /// `body`, after the faults have had their say, counted and timed.
    private func call<Result>(_ operation: StoreCounters.Operation, _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        let start = Date()
        let faults = faults.withLockedValue { $0 }
        calls.withLockedValue {
            $0.inFlight += 1
            $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
        }
        defer { calls.withLockedValue { $0.inFlight -= 1 } }
        do throws(StoreError) {
            Thread.sleep(forTimeInterval: min(faults.latency, timeout))
            if faults.latency > timeout { throw .unavailable("timed out") }
            if let reason = faults.down { throw .unavailable(reason) }
            let result = try body()
            record(operation, since: start, failed: false)
            return result
        } catch {
            record(operation, since: start, failed: true)
            throw error
        }
    }

    private func record(_ operation: StoreCounters.Operation, since start: Date, failed: Bool) {
        let nanoseconds = Int64(Date().timeIntervalSince(start) * 1e9)
        counts.withLockedValue { $0.record(operation, nanoseconds: nanoseconds, failed: failed) }
    }
}
