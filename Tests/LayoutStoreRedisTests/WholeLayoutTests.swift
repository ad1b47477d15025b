import FlowLayout
import XCTest

@testable import LayoutStore
@testable import LayoutStoreRedis

/// A save acknowledges only a layout the store holds whole: whatever key of it was lost or holds
/// another type (a root, a top, an inner node, a leaf), saving it again writes that key back, with its
/// full lifetime, and a reader that never saw the layout loads it.
final class WholeLayoutTests: XCTestCase {
    private let ttl: Int64 = 3_600_000  // milliseconds

    private func store(_ endpoint: RedisEndpoint) -> RedisLayoutStore {
        RedisLayoutStore(endpoint: endpoint, ttl: ttl * 1_000_000, timeout: 2_000_000_000, maxSections: 10_000)
    }

    /// 30,000 items of varied heights: runs of one item, so three levels of nodes under the root.
    private let layout = BaseLayout(FlowLayoutInput(
        sections: [FlowSection(items: .sizes((0..<30_000).map { Size(width: 390, height: Double(20 + $0 % 89 + $0 % 7)) }))],
        crossAxisLength: 390))

    private func attributes(_ layout: BaseLayout) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        _ = layout.attributes(in: Viewport(bounds: Rect(x: 0, y: 0, width: 390, height: 1_000_000), scale: 3), into: &result)
        return result
    }

    private func key(_ hash: ContentHash) -> String { "layoutd:n:" + RedisLayoutStoreTests.hex(hash) }

    /// The root, the top, an inner node and a leaf of `archive`, by key.
    private func victims(_ archive: LayoutArchive) throws -> [(name: String, key: String)] {
        let top = try XCTUnwrap(archive.tops[0])
        guard case .interior(let height, let children) = archive.nodes[top]!, height >= 2 else {
            throw XCTSkip("the layout has fewer than three levels of nodes")
        }
        let inner = children[children.count / 2].key
        let leaf = try XCTUnwrap(archive.nodes.first { if case .leaf = $0.value { true } else { false } }?.key)
        return [("root", "layoutd:r:" + RedisLayoutStoreTests.hex(archive.id)), ("top", key(top)), ("inner node", key(inner)), ("leaf", key(leaf))]
    }

    /// Every key of `archive` is a string that lives at least a root's lifetime.
    private func assertWhole(_ server: RedisTestServer, _ archive: LayoutArchive, _ what: String) throws {
        for hash in archive.nodes.keys {
            XCTAssertEqual(try server.command("TYPE", key(hash)), .status("string"), "\(what): \(key(hash))")
            guard case .integer(let left) = try server.command("PTTL", key(hash)) else { return XCTFail(what) }
            XCTAssertGreaterThan(left, ttl - 60_000, "\(what): \(key(hash)) lives its lifetime")
        }
    }

    /// The store holding `archive` alone, then `victim` deleted, or turned into a list.
    private func damage(_ server: RedisTestServer, _ archive: LayoutArchive, _ victim: String, intoList: Bool) throws {
        _ = try server.command("FLUSHALL")
        _ = try store(server.endpoint).save(archive)
        XCTAssertEqual(try server.command("DEL", victim), .integer(1), victim)
        if intoList { _ = try server.command("RPUSH", victim, "x") }
    }

    func testSavingAgainWritesBackAnyLostKey() throws {
        let server = try RedisTestServer()
        let archive = LayoutArchive(layout)
        let expected = attributes(layout)
        for (name, victim) in try victims(archive) {
            try damage(server, archive, victim, intoList: false)
            XCTAssertEqual(try store(server.endpoint).save(archive), name != "root", "\(name): stored before unless the root went")
            try assertWhole(server, archive, name)
            XCTAssertEqual(try store(server.endpoint).load(layout.contentHash).map(attributes), expected, "\(name): a fresh reader")
        }
    }

    func testAKeyOfAnotherTypeIsCorruptUntilSavedAgain() throws {
        let server = try RedisTestServer()
        let archive = LayoutArchive(layout)
        let expected = attributes(layout)
        for (name, victim) in try victims(archive) {
            try damage(server, archive, victim, intoList: true)
            XCTAssertThrowsError(try store(server.endpoint).load(layout.contentHash), name) { error in
                guard case StoreError.corrupt(let key, _) = error else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(key, victim, name)
            }
            XCTAssertNil(try store(server.endpoint).load(layout.contentHash), "\(name): not found until saved again")
            _ = try store(server.endpoint).save(archive)
            try assertWhole(server, archive, name)
            XCTAssertEqual(try store(server.endpoint).load(layout.contentHash).map(attributes), expected, "\(name): mended")
        }
    }

    /// A list saved over before any read: the save itself finds it and writes the node.
    func testASaveWritesOverAKeyOfAnotherType() throws {
        let server = try RedisTestServer()
        let archive = LayoutArchive(layout)
        for (name, victim) in try victims(archive).dropFirst() {
            try damage(server, archive, victim, intoList: true)
            XCTAssertTrue(try store(server.endpoint).save(archive), name)
            try assertWhole(server, archive, name)
            XCTAssertEqual(try store(server.endpoint).load(layout.contentHash).map(attributes), attributes(layout), name)
        }
    }

    func testAShardRestartedEmptyBehindTheProxyIsFilledAgainBySaving() throws {
        let shards = [try RedisTestServer(), try RedisTestServer()]
        let proxy = try NutcrackerTestProxy(shards: shards)
        let archive = LayoutArchive(layout)
        _ = try store(proxy.endpoint).save(archive)
        shards[1].kill()
        try shards[1].start()
        XCTAssertEqual(try shards[1].command("DBSIZE"), .integer(0), "restarted empty")
        let reader = store(proxy.endpoint)
        // The retry window after the shard's connection broke: a few tries.
        var saved = false
        for _ in 0..<20 where !saved {
            saved = (try? store(proxy.endpoint).save(archive)) != nil
            if !saved { usleep(100_000) }
        }
        XCTAssertTrue(saved)
        XCTAssertEqual(try reader.load(layout.contentHash).map(attributes), attributes(layout))
    }
}
