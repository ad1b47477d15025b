import Dispatch
import FlowLayout
import Foundation
import LayoutStore
import Locking
import Logging
import Testing
import WireKit

@testable import LayoutService

/// The service's store path (`StoredLayouts`) against the in-memory store with faults in front of it
/// (`FaultyStore`, a store shared by replicas as far as the service can tell): single flight, a store
/// that fails, one that answers late, a corrupt value, the refresh; and `--store memory:`, where the
/// store is the cache itself.
@Suite("The store path", .serialized)
struct StorePathTests {
    private static func registration(height: Int) -> String {
        #"{"viewport":{"width":390},"items":[{"width":390,"height":\#(height)},{"width":195,"height":80}]}"#
    }

    private static let bounds = #"{"bounds":{"x":0,"y":0,"width":390,"height":844}}"#

    private func service(
        _ store: (any LayoutStore)?, cacheBytes: Int = 1 << 20, refreshMilliseconds: Int = 3_600_000, logger: Logger? = nil
    ) -> LayoutService {
        var configuration = LayoutService.Configuration()
        configuration.store = store
        configuration.cacheBytes = cacheBytes
        configuration.storeRefreshMilliseconds = refreshMilliseconds
        if let logger { configuration.logger = logger }
        return LayoutService(configuration: configuration)
    }

    /// Registers the layout of `height` and answers its id, checked to be stored (201) or found (200).
    private func register(_ service: LayoutService, height: Int, expecting status: Int = 201) -> ContentHash {
        let answer = ServiceExchange.send(service, "POST", "/v1/layouts", json: Self.registration(height: height))
        #expect(answer.status == status, "\(answer.text)")
        let hex = answer.layoutId
        return ContentHash(high: UInt64(hex.prefix(16), radix: 16) ?? 0, low: UInt64(hex.dropFirst(16), radix: 16) ?? 0)
    }

    private func scroll(_ service: LayoutService, _ id: ContentHash) -> ServiceExchange {
        ServiceExchange.send(service, "POST", "/v1/layouts/\(id)/attributes", json: Self.bounds)
    }

    /// Starts `body` on `count` threads of its own (not Dispatch's pool, which may run them one after
    /// another) and waits for them all.
    private func concurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        return group
    }

    @Test func registeringSavesTheLayoutBeforeItIsAnswered() {
        let store = FaultyStore()
        let service = service(store)
        let id = register(service, height: 120)
        #expect(store.calls.withLockedValue { $0.saves } == [id])
        #expect(store.memory.load(id)?.contentHash == id, "the store holds what the 201 acknowledged")
        _ = register(service, height: 120, expecting: 200)
        #expect(store.calls.withLockedValue { $0.saves } == [id, id], "the same inputs again: saved again, answered 200")
    }

    @Test func aLayoutTheCacheLacksIsLoadedOnceForAllTheRequestsThatAskAtOnce() {
        let store = FaultyStore()
        let service = service(store)
        let id = register(service, height: 120)
        let expected = scroll(service, id).text
        service.cache.remove(id)
        store.faults.withLockedValue { $0.latency = 0.3 }
        let answers = LockedValueBox<[ServiceExchange]>([])
        concurrently(8) { _ in
            let answer = scroll(service, id)
            answers.withLockedValue { $0.append(answer) }
        }.wait()
        #expect(store.calls.withLockedValue { $0.loads } == [id], "one load for eight requests")
        #expect(answers.withLockedValue { $0.map(\.status) } == Array(repeating: 200, count: 8))
        #expect(answers.withLockedValue { $0.allSatisfy { $0.text == expected } })
        #expect(scroll(service, id).status == 200)
        #expect(store.calls.withLockedValue { $0.loads.count } == 1, "cached since")
    }

    @Test func aStoreThatFailsAnswers503AndChangesNothingWhileCachedLayoutsStillAnswer() {
        let store = FaultyStore()
        let service = service(store)
        let cached = register(service, height: 120)
        let evicted = register(service, height: 130)
        service.cache.remove(evicted)
        store.faults.withLockedValue { $0.down = "unreachable" }

        let refused = ServiceExchange.send(service, "POST", "/v1/layouts", json: Self.registration(height: 140))
        #expect(refused.status == 503 && refused.type == "/problems/store-unavailable")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(service.cache.statistics.entries == 1, "nothing cached that the store does not hold")
        #expect(scroll(service, evicted).status == 503, "the store cannot say: not a 404")
        #expect(ServiceExchange.send(service, "DELETE", "/v1/layouts/\(cached)").status == 503)
        #expect(scroll(service, cached).status == 200, "what the cache has answers, without the store")
        #expect(store.calls.withLockedValue { $0.loads } == [evicted])

        let probe = ServiceExchange.send(service, "GET", "/readyz")
        #expect(probe.status == 200 && probe.text == #"{"status":"ready","store":"down","storeReason":"unreachable"}"#)
        let metrics = ServiceExchange.send(service, "GET", "/metrics").text
        #expect(metrics.contains("\nlayoutd_store_up{reason=\"unreachable\"} 0\n"))
        #expect(metrics.contains("\nlayoutd_store_errors_total{operation=\"save\"} 1\n"))
        #expect(metrics.contains("\nlayoutd_store_errors_total{operation=\"load\"} 1\n"))
        #expect(metrics.contains("\nlayoutd_store_operations_total{operation=\"save\"} 3\n"))

        store.faults.withLockedValue { $0.down = nil }
        #expect(ServiceExchange.send(service, "POST", "/v1/layouts", json: Self.registration(height: 140)).status == 201)
        #expect(scroll(service, evicted).status == 200)
        #expect(ServiceExchange.send(service, "GET", "/readyz").text == #"{"status":"ready","store":"up"}"#)
    }

    @Test func aLateStoreHoldsUpOnlyTheRequestsThatWaitForIt() {
        let store = FaultyStore(timeout: 2)
        let service = service(store)
        let first = register(service, height: 120)
        let second = register(service, height: 130)
        let cached = register(service, height: 140)
        service.cache.remove(first)
        service.cache.remove(second)
        store.faults.withLockedValue { $0.latency = 1 }
        let statuses = LockedValueBox<[Int]>([])
        let loading = concurrently(2) { index in
            let status = scroll(service, [first, second][index]).status
            statuses.withLockedValue { $0.append(status) }
        }
        Thread.sleep(forTimeInterval: 0.1)
        let scrolled = Date()
        #expect(scroll(service, cached).status == 200)
        #expect(Date().timeIntervalSince(scrolled) < 0.5, "a cached layout waits for no load")
        loading.wait()
        #expect(statuses.withLockedValue { $0 } == [200, 200])
        // Counted, not timed: a busy machine stretches the wall clock, not the overlap.
        #expect(store.calls.withLockedValue { $0.mostInFlight } == 2, "two ids load side by side, not one after the other")

        // Slower than its timeout: the store gives up when it passes (2 s), and the request gets 503.
        // Ten times the timeout bounds it; without the timeout the call would take 60 s.
        store.faults.withLockedValue { $0.latency = 60 }
        service.cache.remove(first)
        let late = Date()
        #expect(scroll(service, first).status == 503)
        #expect(Date().timeIntervalSince(late) < 20)
    }

    @Test func aCorruptValueIsNotFoundLoggedAndGoneUntilRegisteredAgain() throws {
        let store = FaultyStore()
        let lines = CapturingHandler.Lines()
        let service = service(store, logger: Logger(label: "test") { _ in CapturingHandler(lines: lines) })
        let id = register(service, height: 120)
        service.cache.remove(id)
        store.faults.withLockedValue { $0.corrupt = [id] }

        let answer = scroll(service, id)
        #expect(answer.status == 404 && answer.type == "/problems/layout-not-found")
        let logged = try #require(lines.lines.first { $0.message == "corrupt value in the store, deleted" })
        #expect(logged.metadata["key"] == "layoutd:r:\(id)" && logged.metadata["reason"] == "injected")
        #expect(store.memory.load(id) == nil, "the store let go of it")
        #expect(ServiceExchange.send(service, "GET", "/metrics").text.contains("\nlayoutd_store_corrupt_values_total 1\n"))

        store.faults.withLockedValue { $0.corrupt = [] }
        #expect(scroll(service, id).status == 404, "not found, not corrupt, until registered again")
        _ = register(service, height: 120, expecting: 201)
        service.cache.remove(id)
        #expect(scroll(service, id).status == 200)
    }

    @Test func theLayoutsUsedFromTheCacheAreRefreshedInTheStore() {
        let store = FaultyStore()
        let service = service(store, refreshMilliseconds: 100)
        let used = register(service, height: 120)
        let idle = register(service, height: 130)
        #expect(scroll(service, used).status == 200)
        let saves = { (id: ContentHash) in store.calls.withLockedValue { $0.saves.filter { $0 == id }.count } }
        let deadline = Date().addingTimeInterval(5)
        while saves(used) < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(saves(used) == 2, "saved again within a tick of being scrolled")
        Thread.sleep(forTimeInterval: 0.35)
        #expect(saves(used) == 2, "once: not scrolled since")
        #expect(saves(idle) == 1, "never scrolled: left to expire")
    }

    @Test func withoutAStoreOfItsOwnTheStoreIsTheCache() {
        let service = service(nil, cacheBytes: 4096)
        #expect(!service.store.isShared && service.store.description == "memory:")
        let first = register(service, height: 120)
        _ = register(service, height: 120, expecting: 200)
        var statistics = service.cache.statistics
        #expect((statistics.hits, statistics.misses, statistics.builds) == (1, 1, 1), "as the cache alone counts")
        service.cache.remove(first)
        #expect(scroll(service, first).status == 404, "gone from the cache, so from the store")
        _ = register(service, height: 120)

        var height = 130
        while service.cache.contains(first) {
            _ = register(service, height: height)
            height += 1
        }
        #expect(scroll(service, first).status == 404, "evicted from the cache, so from the store")
        statistics = service.cache.statistics
        _ = register(service, height: 120, expecting: 201)
        #expect(service.cache.statistics.builds == statistics.builds + 1)

        #expect(ServiceExchange.send(service, "GET", "/readyz").text == #"{"status":"ready","store":"memory"}"#)
        #expect(!ServiceExchange.send(service, "GET", "/metrics").text.contains("layoutd_store_"))
        #expect(!service.runsLong(ServiceRequest(method: "DELETE", path: RequestText("/v1/layouts/\(first)"))), "nothing waits on memory")
        #expect(self.service(FaultyStore()).runsLong(ServiceRequest(method: "DELETE", path: RequestText("/v1/layouts/\(first)"))))
    }
}
