import FlowLayout
import LayoutCache

/// Layouts in this process's memory (`--store memory:`): a `LayoutCache`, least recently used evicted
/// first under its byte budget, which bounds the store.
///
/// Given the service's own cache, as `--store memory:` does, the store is that cache: a layout is
/// stored while the cache keeps it, nothing is held twice, and an evicted layout is gone (404), as
/// before there was a store. Given a cache of its own, it is a store like any other behind the
/// service's cache, one whose calls never wait (tests put faults in front of it).
public final class MemoryLayoutStore: LayoutStore {
    private let layouts: LayoutCache

    /// A store that keeps its layouts in `layouts`.
    public init(layouts: LayoutCache) {
        self.layouts = layouts
    }

    /// Throws `unavailable`, as a full Redis refuses writes, for a layout larger than the whole budget.
    public func save(_ layout: BaseLayout) throws(StoreError) -> SavedLayout {
        let id = layout.contentHash
        if layouts.contains(id) { return SavedLayout(existed: true, layout: layout) }
        guard layouts.insert(layout, for: id) else {
            throw .unavailable("a layout of \(layout.storedByteCount) bytes exceeds the memory store's \(layouts.byteBudget)")
        }
        return SavedLayout(existed: false, layout: layout)
    }

    public func load(_ id: ContentHash) -> BaseLayout? { layouts.touch(id) }

    public func delete(_ id: ContentHash) -> Bool { layouts.remove(id) }

    public var description: String { "memory:" }
    public var isShared: Bool { false }
    public var health: StoreHealth { .up }
    /// None: what it does is the cache's own work, which `/metrics` counts already.
    public var counters: StoreCounters { StoreCounters() }
}
