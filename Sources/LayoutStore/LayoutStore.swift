import FlowLayout

/// Where stored layouts live beyond one process: the one interface the service sees of the store.
///
/// Contract: `save` returns only once the store holds the layout (its root and every node under it,
/// each living at least as long as the root); `load` answers a layout only when every node is there
/// and checked, and nil when the store does not have it. Every call returns or throws within the
/// store's timeout. Implementations are thread-safe.
public protocol LayoutStore: Sendable {
    /// Stores `archive`; true when its root was stored already (the same inputs registered before).
    func save(_ archive: LayoutArchive) throws(StoreError) -> Bool
    /// The layout stored under `id`, rebuilt, or nil when the store does not have it whole.
    func load(_ id: ContentHash) throws(StoreError) -> BaseLayout?
    /// Removes the layout's root; true when there was one.
    func delete(_ id: ContentHash) throws(StoreError) -> Bool
    /// What it is, for logs, without secrets.
    var description: String { get }
    /// The store's operations, errors and latency as Prometheus text.
    func metricsExposition() -> String
    /// Whether the store carries out the service's commands now.
    var health: StoreHealth { get }
}

/// The store's state as probes and metrics tell it.
public enum StoreHealth: Sendable, Equatable {
    case up
    /// `reason`, a label: `unreachable`, `timeout`, or what Redis refuses commands with (`noauth`,
    /// `wrongpass`, `readonly`, `oom`, `misconf`), or `maxmemory-policy` (one that may evict layouts).
    case down(reason: String)
}

/// Why the store could not answer.
public enum StoreError: Error, Sendable {
    /// Down, unreachable, too slow, or refusing writes (out of memory): try again later.
    case unavailable(String)
    /// A value under `key` was not what its key promised; it was deleted, so the layout is gone.
    case corrupt(key: String, reason: String)
}
