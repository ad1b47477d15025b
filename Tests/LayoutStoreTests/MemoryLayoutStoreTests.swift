import FlowLayout
import LayoutCache
import LayoutStore
import SeededRandom
import XCTest

/// The in-memory store: what a save acknowledges a load finds, bounded by its cache's budget, and a
/// save's layout is the saved object itself (an archive's is rebuilt).
final class MemoryLayoutStoreTests: XCTestCase {
    private let layouts = (0..<4 as Range<UInt64>).map { BaseLayout(RandomInput.make(seed: $0)) }

    func testWhatIsSavedLoadsUntilDeleted() throws {
        let store = MemoryLayoutStore(layouts: LayoutCache(byteBudget: 64 << 20))
        let layout = layouts[0]
        XCTAssertNil(store.load(layout.contentHash))
        XCTAssertFalse(try store.save(layout).existed)
        XCTAssertTrue(try store.save(layout).existed)
        XCTAssertTrue(store.load(layout.contentHash) === layout, "the very layout: nothing is copied")
        XCTAssertTrue(store.delete(layout.contentHash))
        XCTAssertFalse(store.delete(layout.contentHash))
        XCTAssertNil(store.load(layout.contentHash))
    }

    func testTheCachesBudgetBoundsIt() throws {
        let bytes = layouts.map(\.storedByteCount)
        let cache = LayoutCache(byteBudget: bytes[0] + bytes[1] + bytes[2] - 1)
        let store = MemoryLayoutStore(layouts: cache)
        for layout in layouts.prefix(2) { _ = try store.save(layout) }
        XCTAssertNotNil(store.load(layouts[0].contentHash), "a load is a use: the second is the least recent now")
        _ = try store.save(layouts[2])
        XCTAssertNil(store.load(layouts[1].contentHash), "evicted, least recently used first")
        XCTAssertNotNil(store.load(layouts[0].contentHash))
        XCTAssertLessThanOrEqual(cache.statistics.bytes, cache.byteBudget)
        XCTAssertEqual(cache.statistics.hits + cache.statistics.misses, 0, "the store's calls are not the cache's lookups")

        let tiny = MemoryLayoutStore(layouts: LayoutCache(byteBudget: bytes[3] - 1))
        XCTAssertThrowsError(try tiny.save(layouts[3])) { error in
            guard case StoreError.unavailable = error else { return XCTFail("\(error)") }
        }
    }

    func testASavedLayoutIsTheOneALoadAnswers() throws {
        let layout = layouts[1]
        XCTAssertTrue(SavedLayout(existed: false, layout: layout).layout === layout)
        let archive = LayoutArchive(layout)
        let rebuilt = SavedLayout(existed: false, layout: layout, archive: archive).layout
        XCTAssertFalse(rebuilt === layout, "an archive's store answers the layout rebuilt from it")
        XCTAssertEqual(rebuilt.contentHash, layout.contentHash)
        XCTAssertEqual(rebuilt.storedByteCount, try archive.rebuilt().storedByteCount)
    }
}
