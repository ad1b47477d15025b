import FlowLayout
import Locking

/// Base layouts by content hash, bounded by a byte budget, least recently used evicted first.
///
/// Shared by every worker thread. Lookups and insertions take a lock for a few pointer moves; building
/// a layout happens outside it, so a slow build never blocks scrolls of other layouts. Two threads
/// that miss the same key at once both build it; the second insertion simply refreshes the entry.
///
/// Thread-safe: every method may be called from any thread. A lookup or an insertion is O(1) expected
/// (one comparison with the newest entry, else one dictionary probe and a few links rewritten); an
/// insertion that evicts is O(1) per entry evicted. Layouts are immutable, so a layout handed out stays
/// valid after its entry is evicted.
public final class LayoutCache: Sendable {
    /// Counters since the cache was made, and what it holds now.
    public struct Statistics: Hashable, Sendable {
        /// Lookups that found their key.
        public var hits = 0
        /// Lookups that did not.
        public var misses = 0
        /// Entries dropped to make room under the byte budget.
        public var evictions = 0
        /// Layouts built by the cache or inserted into it.
        public var builds = 0
        /// Layouts held now.
        public var entries = 0
        /// Bytes held now: the sum of the entries' `storedByteCount`, never more than `byteBudget`.
        public var bytes = 0
    }

    /// Bytes the cached layouts may cost together (their `storedByteCount`), and so what one stored
    /// layout may cost at most.
    public let byteBudget: Int
    private let state: LockedValueBox<LRUState>

    /// Bytes one entry costs besides its layout: its slot in the recency list (key, size, links) and
    /// its share of the index (key and slot number at the dictionary's 3/4 maximum load).
    static let entryOverhead = MemoryLayout<LRUState.Slot>.stride - MemoryLayout<BaseLayout?>.stride
        + (MemoryLayout<ContentHash>.stride + MemoryLayout<Int>.stride) * 4 / 3

    /// How a registration went: found, stored now, or too large to be stored at all.
    public enum Storing: Sendable {
        case hit(BaseLayout)
        case stored(BaseLayout)
        /// The layout's `storedByteCount` exceeds the whole budget: it was built but not kept.
        case tooLarge(BaseLayout)
    }

    /// An empty cache that keeps at most `byteBudget` bytes of layouts.
    public init(byteBudget: Int) {
        self.byteBudget = byteBudget
        self.state = LockedValueBox(LRUState())
    }

    /// A consistent snapshot of the counters, taken under the lock.
    public var statistics: Statistics { state.withLockedValue { $0.statistics } }

    /// The cached layout for `key`, marked as recently used, counting a hit or a miss. O(1) expected;
    /// the layout last used or stored is found without hashing the key.
    public func lookup(_ key: ContentHash) -> BaseLayout? {
        state.withLockedValue { state in
            if let layout = state.touch(key) {
                state.statistics.hits += 1
                return layout
            }
            state.statistics.misses += 1
            return nil
        }
    }

    /// Whether `key` is cached, without marking it used or counting a hit or a miss.
    public func contains(_ key: ContentHash) -> Bool {
        state.withLockedValue { state in
            (state.newest >= 0 && state.slots[state.newest].key == key) || state.index[key] != nil
        }
    }

    /// The cached layout for `input`, or a freshly built one that is then cached (unless it is larger
    /// than the whole budget: then it is only returned). `hit` says which. `key` must be
    /// `input.contentHash` (passed in because callers have it already). A miss costs the O(n) build,
    /// outside the lock.
    public func layout(for input: FlowLayoutInput, key: ContentHash) -> (layout: BaseLayout, hit: Bool) {
        switch store(input, key: key) {
        case .hit(let layout): (layout, true)
        case .stored(let layout), .tooLarge(let layout): (layout, false)
        }
    }

    /// The cached layout for `input`, or a freshly built one stored for later lookups, or `tooLarge`
    /// when it could not be stored, so a caller that promised to keep it can say so. `key` must be
    /// `input.contentHash`.
    public func store(_ input: FlowLayoutInput, key: ContentHash) -> Storing {
        if let layout = lookup(key) { return .hit(layout) }
        return keep(BaseLayout(input), for: key)
    }

    /// `layout`, built elsewhere (an update of a stored layout), stored under its `contentHash` as
    /// `store(_:key:)` stores a registration: the layout already stored under that id when there is
    /// one (`hit`, and `layout` is dropped: ids are immutable), else `layout` itself, stored or
    /// `tooLarge`.
    public func store(_ layout: BaseLayout) -> Storing {
        let key = layout.contentHash
        if let stored = lookup(key) { return .hit(stored) }
        return keep(layout, for: key)
    }

    /// Stores a layout built elsewhere (counts as a build); one larger than the whole budget is not
    /// kept (false).
    @discardableResult
    public func insert(_ layout: BaseLayout, for key: ContentHash) -> Bool {
        if case .stored = keep(layout, for: key) { return true }
        return false
    }

    /// The cached layout for `key`, marked as recently used, counting neither a hit nor a miss: for
    /// the in-memory store kept in this cache, which the service asks only after its own lookup missed.
    public func touch(_ key: ContentHash) -> BaseLayout? {
        state.withLockedValue { $0.touch(key) }
    }

    /// Inserts a layout not stored yet, counting a build. Its size is measured before the lock is
    /// taken: a walk over every node of its lines, which no other thread should wait for.
    private func keep(_ layout: BaseLayout, for key: ContentHash) -> Storing {
        let bytes = layout.storedByteCount
        let stored = state.withLockedValue { state in
            state.statistics.builds += 1
            return state.insert(layout, for: key, bytes: bytes, budget: byteBudget)
        }
        return stored ? .stored(layout) : .tooLarge(layout)
    }

    /// The layouts looked up since the last call, most recent first, and forgets that they were: what
    /// a shared store must be told is still in use. O(entries).
    public func takeRecentlyUsed() -> [BaseLayout] {
        state.withLockedValue { state in
            var used: [BaseLayout] = []
            var slot = state.newest
            while slot >= 0 {
                if state.slots[slot].used, let layout = state.slots[slot].layout { used.append(layout) }
                state.slots[slot].used = false
                slot = state.slots[slot].older
            }
            return used
        }
    }

    /// Forgets `key`; returns whether it was cached.
    @discardableResult
    public func remove(_ key: ContentHash) -> Bool {
        state.withLockedValue { $0.remove(key) }
    }
}

/// A doubly linked list threaded through an array of slots, with a dictionary from key to slot.
private struct LRUState: Sendable {
    struct Slot: Sendable {
        var key: ContentHash
        var layout: BaseLayout?
        var bytes: Int
        // Links are 32-bit so that `used` fits in the slot's 48 bytes: what an entry costs (its
        // `bytes` in answers) stays as it was.
        private var newerSlot: Int32
        private var olderSlot: Int32
        /// Looked up since `takeRecentlyUsed` last ran.
        var used = false

        init(key: ContentHash, layout: BaseLayout?, bytes: Int, newer: Int, older: Int) {
            self.key = key
            self.layout = layout
            self.bytes = bytes
            self.newerSlot = Int32(newer)
            self.olderSlot = Int32(older)
        }

        var newer: Int {
            get { Int(newerSlot) }
            set { newerSlot = Int32(newValue) }
        }
        var older: Int {
            get { Int(olderSlot) }
            set { olderSlot = Int32(newValue) }
        }
    }

    var slots: [Slot] = []
    var index: [ContentHash: Int] = [:]
    var freeSlots: [Int] = []
    var newest = -1
    var oldest = -1
    var statistics = LayoutCache.Statistics()

    mutating func touch(_ key: ContentHash) -> BaseLayout? {
        // The newest layout first: a view scrolls with request after request for one layout, and
        // comparing two words is cheaper than hashing the key for the dictionary (a SipHash of it).
        if newest >= 0, slots[newest].key == key {
            // Read before written: a layout scrolled again and again is marked already.
            if !slots[newest].used { slots[newest].used = true }
            return slots[newest].layout
        }
        guard let slot = index[key] else { return nil }
        slots[slot].used = true
        // A layout scrolled again and again is already the newest: no links to rewrite.
        if slot != newest {
            unlink(slot)
            pushNewest(slot)
        }
        return slots[slot].layout
    }

    /// False when the layout alone (`bytes`, its `storedByteCount`) exceeds the budget: it is not
    /// stored and nothing is evicted for it.
    mutating func insert(_ layout: BaseLayout, for key: ContentHash, bytes: Int, budget: Int) -> Bool {
        remove(key)
        guard bytes <= budget else { return false }
        while statistics.bytes + bytes > budget, oldest >= 0 {
            remove(slots[oldest].key)
            statistics.evictions += 1
        }
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = Slot(key: key, layout: layout, bytes: bytes, newer: -1, older: -1)
        } else {
            slot = slots.count
            slots.append(Slot(key: key, layout: layout, bytes: bytes, newer: -1, older: -1))
        }
        index[key] = slot
        pushNewest(slot)
        statistics.bytes += bytes
        statistics.entries += 1
        return true
    }

    @discardableResult
    mutating func remove(_ key: ContentHash) -> Bool {
        guard let slot = index.removeValue(forKey: key) else { return false }
        unlink(slot)
        statistics.bytes -= slots[slot].bytes
        statistics.entries -= 1
        slots[slot].layout = nil
        freeSlots.append(slot)
        return true
    }

    private mutating func unlink(_ slot: Int) {
        let newer = slots[slot].newer
        let older = slots[slot].older
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[slot].newer = -1
        slots[slot].older = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
