@_spi(WorkCounting) import FlowLayout
import SeededRandom
import XCTest

@testable import LayoutStore
@testable import LayoutStoreRedis

/// The store against a real redis-server: what it writes, what it reads back, expiry's invariant,
/// refusing damaged values, and failing fast when Redis is gone.
final class RedisLayoutStoreTests: XCTestCase {
    private func store(_ server: RedisTestServer, ttlSeconds: Int64 = 3600, timeoutMilliseconds: Int64 = 250) -> RedisLayoutStore {
        RedisLayoutStore(endpoint: server.endpoint, ttl: ttlSeconds * 1_000_000_000, timeout: timeoutMilliseconds * 1_000_000, maxSections: 10_000)
    }

    private func keys(_ server: RedisTestServer, _ pattern: String) throws -> [String] {
        guard case .array(let replies) = try server.command("KEYS", pattern) else { return [] }
        return replies.compactMap { if case .string(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    private func integer(_ reply: RedisReply) -> Int64? { if case .integer(let value) = reply { value } else { nil } }

    private func attributes(_ layout: BaseLayout) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        let bounds = Rect(x: -100, y: -100, width: layout.contentSize.width + 200, height: layout.contentSize.height + 200)
        _ = layout.attributes(in: Viewport(bounds: bounds, scale: 3), into: &result)
        return result
    }

    func testSavedLayoutsLoadWholeOnAnotherClient() throws {
        let server = try RedisTestServer()
        let writer = store(server)
        let reader = store(server)
        for seed in 0..<40 as Range<UInt64> {
            let layout = BaseLayout(RandomInput.make(seed: seed))
            XCTAssertFalse(try writer.save(LayoutArchive(layout)), "seed \(seed) was not stored before")
            XCTAssertTrue(try writer.save(LayoutArchive(layout)), "seed \(seed) is stored now")
            let loaded = try XCTUnwrap(try reader.load(layout.contentHash))
            XCTAssertEqual(loaded.contentHash, layout.contentHash)
            XCTAssertEqual(attributes(loaded), attributes(layout), "seed \(seed)")
        }
        XCTAssertNil(try reader.load(ContentHash(high: 1, low: 2)))
    }

    func testSavingAgainWritesOnlyTheRootAndAnUpdateOnlyWhatItChanged() throws {
        let server = try RedisTestServer()
        // A second to spare: under ThreadSanitizer a 100,000-item load takes longer than 250 ms.
        let store = store(server, timeoutMilliseconds: 2_000)
        var random = SplitMix64(seed: 5)
        let sizes = (0..<100_000).map { _ in Size(width: 390, height: Double(40 + random.next() % 400)) }
        let layout = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 390))
        let archive = LayoutArchive(layout)
        _ = try store.save(archive)
        let registered = store.traffic.written
        XCTAssertEqual(registered, archive.root.count + archive.nodeBytes.values.reduce(0) { $0 + $1.count })
        _ = try store.save(archive)
        XCTAssertEqual(store.traffic.written - registered, archive.root.count, "the same layout again: its root only")
        var work = 0
        let (resized, _) = try layout.updated(by: [.resizeItems(section: 0, at: 50_000, sizes: [Size(width: 390, height: 3)])], work: &work)
        let before = store.traffic.written
        _ = try store.save(LayoutArchive(resized))
        XCTAssertLessThan(store.traffic.written - before, registered / 100)
        XCTAssertNotNil(try store.load(resized.contentHash))
    }

    /// Every node lives at least as long as every root that names it, and a parent no longer than its
    /// children.
    func testNodesOutliveTheRootsThatNameThem() throws {
        let server = try RedisTestServer()
        let store = store(server, ttlSeconds: 100)
        let layout = BaseLayout(FlowLayoutInput(
            sections: [FlowSection(items: .sizes((0..<20_000).map { Size(width: 100, height: Double(10 + $0 % 97 + $0 % 13)) }))],
            crossAxisLength: 390))
        let archive = LayoutArchive(layout)
        _ = try store.save(archive)
        let root = try XCTUnwrap(integer(try server.command("PTTL", try keys(server, "layoutd:r:*")[0])))
        XCTAssertGreaterThan(root, 90_000)
        XCTAssertLessThanOrEqual(root, 100_000)
        var lifetimes: [ContentHash: Int64] = [:]
        for (key, _) in archive.nodeBytes {
            lifetimes[key] = try XCTUnwrap(integer(try server.command("PTTL", "layoutd:n:" + Self.hex(key))))
            XCTAssertGreaterThan(lifetimes[key]!, root + 12_000, "a node outlives its root by the margin")
        }
        for (key, node) in archive.nodes {
            for child in LayoutArchive.children(of: node) {
                XCTAssertLessThanOrEqual(lifetimes[key]!, lifetimes[child]! + 50, "a parent never outlives a child")
            }
        }
    }

    func testADamagedNodeIsDeletedAndTheLayoutIsNotFound() throws {
        let server = try RedisTestServer()
        let store = store(server)
        let layout = BaseLayout(RandomInput.make(seed: 9))
        let archive = LayoutArchive(layout)
        _ = try store.save(archive)
        let victim = "layoutd:n:" + Self.hex(archive.nodeBytes.keys.first!)
        _ = try server.command("SETRANGE", victim, "3", "\u{7}")
        XCTAssertThrowsError(try store.load(layout.contentHash)) { error in
            guard case StoreError.corrupt(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key, victim)
        }
        XCTAssertEqual(integer(try server.command("EXISTS", victim)), 0, "the damaged value is gone")
        XCTAssertNil(try store.load(layout.contentHash), "a root without all its nodes is not found")
        XCTAssertEqual(try keys(server, "layoutd:r:*"), [], "the root went with it")
        XCTAssertFalse(try store.save(archive), "so the layout is stored anew")
        XCTAssertEqual(try store.load(layout.contentHash)?.contentHash, layout.contentHash, "saving again heals it")
        XCTAssertEqual(store.counters.corruptValues, 1)
    }

    func testDeleteRemovesTheRoot() throws {
        let server = try RedisTestServer()
        let store = store(server)
        let layout = BaseLayout(RandomInput.make(seed: 1))
        _ = try store.save(LayoutArchive(layout))
        XCTAssertTrue(try store.delete(layout.contentHash))
        XCTAssertFalse(try store.delete(layout.contentHash))
        XCTAssertNil(try store.load(layout.contentHash))
    }

    func testExpiredRootsAreNotFound() throws {
        let server = try RedisTestServer()
        let store = store(server, ttlSeconds: 1)
        let layout = BaseLayout(RandomInput.make(seed: 2))
        _ = try store.save(LayoutArchive(layout))
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertNotNil(try store.load(layout.contentHash), "a load is a use: another second")
        Thread.sleep(forTimeInterval: 0.6)
        XCTAssertNotNil(try store.load(layout.contentHash))
        Thread.sleep(forTimeInterval: 1.3)
        XCTAssertNil(try store.load(layout.contentHash))
        Thread.sleep(forTimeInterval: 1.5)
        XCTAssertEqual(try keys(server, "layoutd:*"), [], "the nodes follow")
    }

    func testAStoreThatIsDownFailsWithinItsTimeout() throws {
        let server = try RedisTestServer()
        let store = store(server, timeoutMilliseconds: 200)
        let layout = BaseLayout(RandomInput.make(seed: 4))
        _ = try store.save(LayoutArchive(layout))
        server.pause()
        defer { server.resume() }
        let start = Date()
        XCTAssertThrowsError(try store.load(layout.contentHash)) { error in
            guard case StoreError.unavailable = error else { return XCTFail("\(error)") }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.3)
        XCTAssertFalse(store.isUp)
        XCTAssertEqual(store.health, .down(reason: "timeout"))
        server.resume()
        let deadline = Date().addingTimeInterval(3)
        var loaded: BaseLayout?
        while loaded == nil, Date() < deadline {
            loaded = try? store.load(layout.contentHash)
            if loaded == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertEqual(loaded?.contentHash, layout.contentHash, "back by itself")
        XCTAssertTrue(store.isUp)
    }

    func testShardsBehindTwemproxyHoldTheNodesBetweenThem() throws {
        let shards = [try RedisTestServer(), try RedisTestServer()]
        let proxy = try NutcrackerTestProxy(shards: shards)
        let store = RedisLayoutStore(endpoint: proxy.endpoint, ttl: 3_600_000_000_000, timeout: 2_000_000_000, maxSections: 10_000)
        var layouts: [BaseLayout] = []
        for seed in 0..<20 as Range<UInt64> {
            let layout = BaseLayout(RandomInput.make(seed: seed))
            _ = try store.save(LayoutArchive(layout))
            layouts.append(layout)
        }
        for shard in shards { XCTAssertGreaterThan(try keys(shard, "layoutd:n:*").count, 5, "each shard holds nodes") }
        let reader = RedisLayoutStore(endpoint: proxy.endpoint, ttl: 3_600_000_000_000, timeout: 2_000_000_000, maxSections: 10_000)
        for layout in layouts { XCTAssertEqual(try reader.load(layout.contentHash).map(attributes), attributes(layout)) }
    }

    static func hex(_ hash: ContentHash) -> String {
        [hash.high, hash.low].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}
