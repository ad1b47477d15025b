import Dispatch
import FlowLayout
import LayoutStore
import Locking

/// Stored layouts as the handlers see them: this replica's cache in front of the store. The scroll
/// path reads the cache alone; the store is asked only for a layout the cache lacks, and is written
/// before a registration or an update is acknowledged.
///
/// A layout is acknowledged only once the store has it, and a layout missing here is fetched from the
/// store once however many requests ask for it at the same time (single flight). Without a store of
/// its own (`--store memory:`) the store is the cache itself (`MemoryLayoutStore`), and every answer
/// is what the cache alone gives.
final class StoredLayouts: Sendable {
    let cache: LayoutCache
    let store: any LayoutStore
    private let flights = LockedValueBox<[ContentHash: Flight]>([:])

    /// One fetch from the store, which the requests that arrive while it runs wait for.
    private final class Flight: Sendable {
        let done = DispatchGroup()
        let result = LockedValueBox<Result<BaseLayout?, StoreError>?>(nil)
    }

    /// Tells a shared store, every `refreshInterval`, which layouts this replica used from its cache,
    /// so a layout in use never expires there (a fetch or a save is the only other use it sees).
    /// (In a lock: a timer is not `Sendable`; only `init` and `deinit` touch it.)
    private let refresher: LockedValueBox<DispatchSourceTimer?>

    /// A repository over `cache` and `store` (nil: the cache itself); with a shared store, the layouts
    /// used from the cache are refreshed in it every `refreshInterval` (an eighth of its lifetime),
    /// off the request path.
    init(cache: LayoutCache, store: (any LayoutStore)?, refreshInterval: DispatchTimeInterval = .seconds(3600)) {
        self.cache = cache
        let store = store ?? MemoryLayoutStore(layouts: cache)
        self.store = store
        guard store.isShared else {
            refresher = LockedValueBox(nil)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "layoutd.store-refresh"))
        timer.schedule(deadline: .now() + refreshInterval, repeating: refreshInterval)
        timer.setEventHandler { [cache] in
            // A failure is left for the next tick: the store's counters and the requests' answers say it.
            for layout in cache.takeRecentlyUsed() { _ = try? store.save(layout) }
        }
        timer.resume()
        refresher = LockedValueBox(timer)
    }

    deinit { refresher.withLockedValue { $0?.cancel() } }

    /// The layout stored under `id`: from the cache, else from the store (then cached); nil when
    /// neither has it.
    @inline(__always)
    func layout(_ id: ContentHash) throws(StoreError) -> BaseLayout? {
        if let layout = cache.lookup(id) { return layout }
        return try fetch(id)
    }

    /// The layout the cache lacks, from the store (once for every request that asks at the same time).
    private func fetch(_ id: ContentHash) throws(StoreError) -> BaseLayout? {
        let (flight, leads) = flights.withLockedValue { flights in
            if let flight = flights[id] { return (flight, false) }
            let flight = Flight()
            flight.done.enter()
            flights[id] = flight
            return (flight, true)
        }
        if leads {
            let result: Result<BaseLayout?, StoreError>
            do {
                let layout = try store.load(id)
                if let layout, !cache.contains(id) { cache.insert(layout, for: id) }
                result = .success(layout)
            } catch {
                result = .failure(error)
            }
            flight.result.withLockedValue { $0 = result }
            flights.withLockedValue { _ = $0.removeValue(forKey: id) }
            flight.done.leave()
        } else {
            flight.done.wait()
        }
        return try flight.result.withLockedValue { $0! }.get()
    }

    /// Keeps the layout of a registration's `input` (`key`, its content hash): the cached one when
    /// there is one, else built.
    func keep(_ input: FlowLayoutInput, key: ContentHash) throws(StoreError) -> LayoutCache.Storing {
        if let cached = cache.lookup(key) { return try keep(cached: cached) }
        return try keep(new: BaseLayout(input))
    }

    /// Keeps `layout`, built by an update, under its id: the layout already cached under that id when
    /// there is one (ids are immutable), else `layout`.
    func keep(_ layout: BaseLayout) throws(StoreError) -> LayoutCache.Storing {
        if let cached = cache.lookup(layout.contentHash) { return try keep(cached: cached) }
        return try keep(new: layout)
    }

    /// A layout this replica has: saved again, so the store has it too (`hit` when it had it already).
    private func keep(cached: BaseLayout) throws(StoreError) -> LayoutCache.Storing {
        try store.save(cached).existed ? .hit(cached) : .stored(cached)
    }

    /// A layout this replica lacks: in the store first, then in the cache as the store will answer it
    /// (so every replica answers the same bytes, cost figures included); `hit` when the store had it.
    /// `tooLarge` (and nothing stored) when it alone exceeds the cache's budget, since no replica could
    /// keep it; the cache is still offered it, so that it counts the build as it counts every build.
    private func keep(new layout: BaseLayout) throws(StoreError) -> LayoutCache.Storing {
        let id = layout.contentHash
        guard layout.storedByteCount <= cache.byteBudget else {
            cache.insert(layout, for: id)
            return .tooLarge(layout)
        }
        let saved = try store.save(layout)
        // The in-memory store over this very cache put it there (or, in a race, another request did).
        if let cached = cache.touch(id) { return saved.existed ? .hit(cached) : .stored(cached) }
        let kept = saved.layout
        cache.insert(kept, for: id)
        return saved.existed ? .hit(kept) : .stored(kept)
    }

    /// Forgets `id` here and in the store; true when either had it.
    func remove(_ id: ContentHash) throws(StoreError) -> Bool {
        let stored = try store.delete(id)
        return cache.remove(id) || stored
    }
}

/// The stored layout a request's path names, as `LayoutService.resolve` found it: what the handlers
/// of `/v1/layouts/{id}/…` get.
struct ResolvedLayout {
    let id: ContentHash
    let base: BaseLayout
}
