import FlowLayout

/// Where stored layouts live: the one interface the service sees of the store, in this process
/// (`MemoryLayoutStore`, `--store memory:`) or shared by replicas (`LayoutStoreRedis`).
///
/// Contract: `save` returns only once the store holds the layout (for an archive, its root and every
/// node under it, each living at least as long as the root); `load` answers a layout only when the
/// store has it whole and checked, and nil when it does not have it. Every call returns or throws
/// within the store's timeout. Implementations are thread-safe.
public protocol LayoutStore: Sendable {
    /// Stores `layout` under its id (`contentHash`); says whether it was stored already (the same
    /// inputs registered before), and gives the layout as `load` will answer it.
    func save(_ layout: BaseLayout) throws(StoreError) -> SavedLayout
    /// The layout stored under `id`, or nil when the store does not have it whole.
    func load(_ id: ContentHash) throws(StoreError) -> BaseLayout?
    /// Removes the layout; true when there was one.
    func delete(_ id: ContentHash) throws(StoreError) -> Bool
    /// What it is, for logs, without secrets.
    var description: String { get }
    /// Whether replicas share it over the network, rather than it living in this process. A shared
    /// store's calls may wait on the network (the service makes them off its HTTP threads), the
    /// layouts in it expire unless used (the service tells it which are), and its state is reported
    /// (`health` and `counters`, on the probes and `/metrics`).
    var isShared: Bool { get }
    /// Whether the store carries out the service's commands now.
    var health: StoreHealth { get }
    /// Its calls, errors, latency and traffic so far, which the service writes on `/metrics`.
    var counters: StoreCounters { get }
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
