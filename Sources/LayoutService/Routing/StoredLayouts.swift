import Dispatch
import FlowLayout
import LayoutStore
import Locking

/// Stored layouts as the handlers see them: this replica's cache in front of the shared store, when
/// there is one (`--store`). The scroll path reads the cache alone; the store is asked only for a
/// layout the cache lacks, and is written before a registration or an update is acknowledged.
///
/// Without a store the cache is the whole truth, as before. With one, a layout is acknowledged only
/// once the store has it, and a layout missing here is fetched from the store once however many
/// requests ask for it at the same time (single flight).
final class StoredLayouts: Sendable {
    let cache: LayoutCache
    let store: (any LayoutStore)?
    private let flights = LockedValueBox<[ContentHash: Flight]>([:])

    /// One fetch from the store, which the requests that arrive while it runs wait for.
    private final class Flight: Sendable {
        let done = DispatchGroup()
        let result = LockedValueBox<Result<BaseLayout?, StoreError>?>(nil)
    }

    /// Tells the store, every `refreshInterval`, which layouts this replica used from its cache, so a
    /// layout in use never expires from the store (a fetch or a save is the only other use it sees).
    /// (In a lock: a timer is not `Sendable`; only `init` and `deinit` touch it.)
    private let refresher: LockedValueBox<DispatchSourceTimer?>

    /// A repository over `cache` and `store`; with a store, the layouts used from the cache are
    /// refreshed in it every `refreshInterval` (an eighth of its lifetime), off the request path.
    init(cache: LayoutCache, store: (any LayoutStore)?, refreshInterval: DispatchTimeInterval = .seconds(3600)) {
        self.cache = cache
        self.store = store
        guard let store else {
            refresher = LockedValueBox(nil)
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "layoutd.store-refresh"))
        timer.schedule(deadline: .now() + refreshInterval, repeating: refreshInterval)
        timer.setEventHandler { [cache] in
            // A failure is left for the next tick: the store's counters and the requests' answers say it.
            for layout in cache.takeRecentlyUsed() { _ = try? store.save(LayoutArchive(layout)) }
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
        guard let store else { return nil }
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
                if let layout { cache.insert(layout, for: id) }
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

    /// Keeps `layout` (built from a registration or an update) under its id: in the store first, when
    /// there is one, then in the cache. `hit` when it was stored already; `tooLarge` (and nothing
    /// stored) when it alone exceeds the cache's budget, since no replica could keep it. With a store,
    /// what is cached (and answered) is the layout rebuilt from what was stored, as every other replica
    /// will rebuild it: the same bytes from every replica, cost figures included.
    /// `rebuilt`: `layout` came from this cache, which with a store holds only rebuilt layouts.
    func keep(_ layout: BaseLayout, rebuilt: Bool = false) throws(StoreError) -> LayoutCache.Storing {
        guard let store else { return cache.store(layout) }
        guard layout.storedByteCount <= cache.byteBudget else { return .tooLarge(layout) }
        let archive = LayoutArchive(layout)
        let existed = try store.save(archive)
        let kept = rebuilt ? layout : (try? archive.rebuilt()) ?? layout
        switch cache.store(kept) {
        case .hit(let cached): return existed ? .hit(cached) : .stored(cached)
        case .stored(let stored): return existed ? .hit(stored) : .stored(stored)
        case .tooLarge(let large): return .tooLarge(large)
        }
    }

    /// Keeps the layout of a registration's `input` (`key`, its content hash): the cached one when
    /// there is one, else built.
    func keep(_ input: FlowLayoutInput, key: ContentHash) throws(StoreError) -> LayoutCache.Storing {
        guard store != nil else { return cache.store(input, key: key) }
        if let cached = cache.lookup(key) { return try keep(cached, rebuilt: true) }
        return try keep(BaseLayout(input))
    }

    /// Forgets `id` here and in the store; true when either had it.
    func remove(_ id: ContentHash) throws(StoreError) -> Bool {
        let stored = try store?.delete(id) ?? false
        return cache.remove(id) || stored
    }
}

/// The stored layout a request's path names, as `LayoutService.resolve` found it: what the handlers
/// of `/v1/layouts/{id}/…` get.
struct ResolvedLayout {
    let id: ContentHash
    let base: BaseLayout
}
