import Dispatch
@testable import FlowLayout
import LayoutCache
import Locking
import Testing
import SeededRandom

/// LayoutCache: what is a hit, LRU eviction under a byte budget, and concurrent use.
@Suite("Layout cache")
struct CacheTests {
    /// The input a collection view with these bounds would send: only the cross-axis length of the
    /// bounds enters it, never the scroll origin or the scroll-axis length.
    static func input(bounds: Rect, items: Int = 100) -> FlowLayoutInput {
        FlowLayoutInput(sections: [FlowSection(items: .count(items))], crossAxisLength: bounds.size.width)
    }

    static func visible(_ layout: BaseLayout, _ bounds: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: bounds, scale: 2), into: &result)
        return result
    }

    @Test func originOnlyChangeIsAHitWithoutRebuilding() {
        let cache = LayoutCache(byteBudget: 1 << 20)
        let first = rect(0, 0, 320, 480)
        let input = Self.input(bounds: first)
        let (built, hit) = cache.layout(for: input, key: input.contentHash)
        #expect(!hit)
        #expect(cache.statistics.builds == 1)

        let scrolls = [rect(0, 100, 320, 480), rect(0, 731.5, 320, 480), rect(0, -64, 320, 480), rect(0, 200, 320, 600)]
        for (index, bounds) in scrolls.enumerated() {
            let scrolled = Self.input(bounds: bounds)
            #expect(scrolled.contentHash == input.contentHash)
            let (layout, hit) = cache.layout(for: scrolled, key: scrolled.contentHash)
            #expect(hit)
            #expect(Self.visible(layout, bounds) == Self.visible(BaseLayout(scrolled), bounds))
            #expect(cache.statistics.hits == index + 1)
        }
        let statistics = cache.statistics
        #expect(statistics.builds == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.entries == 1)
        #expect(statistics.bytes == built.storedByteCount)
    }

    /// `contains` (which requests may wait for the store) neither counts nor marks a layout used.
    @Test func containsCountsNothingAndKeepsTheOrder() {
        let cache = LayoutCache(byteBudget: 1 << 20)
        let inputs = [320.0, 375, 390].map { Self.input(bounds: rect(0, 0, $0, 480)) }
        for input in inputs { _ = cache.layout(for: input, key: input.contentHash) }
        let before = cache.statistics
        #expect(cache.contains(inputs[0].contentHash) && cache.contains(inputs[2].contentHash))
        #expect(!cache.contains(Self.input(bounds: rect(0, 0, 414, 480)).contentHash))
        #expect(cache.statistics.hits == before.hits && cache.statistics.misses == before.misses)
        // Room for two: the oldest stays the oldest, and the third evicts it.
        let size = BaseLayout(inputs[0]).storedByteCount
        #expect(inputs.allSatisfy { BaseLayout($0).storedByteCount == size })
        let squeezed = LayoutCache(byteBudget: 2 * size + size / 2)
        for input in inputs.prefix(2) { _ = squeezed.layout(for: input, key: input.contentHash) }
        #expect(squeezed.contains(inputs[0].contentHash))
        _ = squeezed.layout(for: inputs[2], key: inputs[2].contentHash)
        #expect(!squeezed.contains(inputs[0].contentHash) && squeezed.contains(inputs[1].contentHash))
    }

    @Test func crossAxisChangeIsAMiss() {
        let cache = LayoutCache(byteBudget: 1 << 20)
        let portrait = Self.input(bounds: rect(0, 0, 320, 480))
        let wider = Self.input(bounds: rect(0, 0, 375, 480))
        #expect(portrait.contentHash != wider.contentHash)
        _ = cache.layout(for: portrait, key: portrait.contentHash)
        let (layout, hit) = cache.layout(for: wider, key: wider.contentHash)
        #expect(!hit)
        #expect(layout.dimension == 375)
        let statistics = cache.statistics
        #expect(statistics.misses == 2)
        #expect(statistics.hits == 0)
        #expect(statistics.builds == 2)
        #expect(statistics.entries == 2)
    }

    @Test func leastRecentlyUsedIsEvictedFirst() {
        let inputs = [320.0, 375, 414, 768].map { Self.input(bounds: rect(0, 0, $0, 480)) }
        let keys = inputs.map(\.contentHash)
        // The widths break the items into different lines, so the layouts differ a little in size.
        let bytes = inputs.map { BaseLayout($0).storedByteCount }
        let sorted = bytes.sorted()
        // Room for any two layouts, never three.
        let budget = sorted[2] + sorted[3]
        #expect(sorted[0] + sorted[1] + sorted[2] > budget)
        let cache = LayoutCache(byteBudget: budget)

        _ = cache.layout(for: inputs[0], key: keys[0])  // [0]
        _ = cache.layout(for: inputs[1], key: keys[1])  // [0, 1]
        #expect(cache.lookup(keys[0]) != nil)  // 0 is now the most recent: [1, 0]
        _ = cache.layout(for: inputs[2], key: keys[2])  // evicts 1: [0, 2]
        #expect(cache.statistics.evictions == 1)
        #expect(cache.lookup(keys[1]) == nil)
        #expect(cache.lookup(keys[2]) != nil)  // [0, 2]
        #expect(cache.lookup(keys[0]) != nil)  // [2, 0]
        _ = cache.layout(for: inputs[3], key: keys[3])  // evicts 2: [0, 3]
        #expect(cache.lookup(keys[2]) == nil)
        #expect(cache.lookup(keys[0]) != nil)
        #expect(cache.lookup(keys[3]) != nil)

        let statistics = cache.statistics
        #expect(statistics.evictions == 2)
        #expect(statistics.entries == 2)
        #expect(statistics.bytes == bytes[0] + bytes[3])
        #expect(statistics.builds == 4)
    }

    /// The newest layout is compared before the key is hashed: every lookup must still answer its own
    /// key's layout, the newest or not, and count a hit.
    @Test func everyLookupAnswersItsOwnLayoutNewestOrNot() {
        let widths = [320.0, 375, 414]
        let inputs = widths.map { Self.input(bounds: rect(0, 0, $0, 480)) }
        let keys = inputs.map(\.contentHash)
        let cache = LayoutCache(byteBudget: 1 << 20)
        for (input, key) in zip(inputs, keys) { _ = cache.layout(for: input, key: key) }
        // 414 is the newest; then each in turn, twice, so each is looked up as the newest and not.
        for index in [2, 2, 0, 0, 1, 2, 1, 0] {
            #expect(cache.lookup(keys[index])?.dimension == widths[index])
        }
        #expect(cache.lookup(FlowLayoutInput(sections: [], crossAxisLength: 1).contentHash) == nil)
        #expect(cache.statistics.hits == 8)
        #expect(cache.statistics.misses == 1 + 3)  // the unknown key, and the three builds' own lookups
    }

    @Test func aLayoutBiggerThanTheBudgetIsNotKept() {
        let sizes = (0..<1000).map { Size(width: Double(20 + $0 % 50), height: 30) }
        let input = FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320)
        let bytes = BaseLayout(input).storedByteCount
        let cache = LayoutCache(byteBudget: bytes - 1)

        let (layout, hit) = cache.layout(for: input, key: input.contentHash)
        #expect(!hit)
        #expect(layout.itemCount == 1000, "the layout is still returned")
        #expect(cache.statistics.entries == 0)
        #expect(cache.statistics.bytes == 0)
        #expect(cache.lookup(input.contentHash) == nil)

        let (_, again) = cache.layout(for: input, key: input.contentHash)
        #expect(!again)
        #expect(cache.statistics.builds == 2)
        #expect(cache.statistics.evictions == 0)
    }

    @Test func anOversizedLayoutDoesNotEvictTheOthers() {
        let small = Self.input(bounds: rect(0, 0, 320, 480))
        let big = FlowLayoutInput(
            sections: [FlowSection(items: .sizes((0..<1000).map { Size(width: Double(20 + $0 % 50), height: 30) }))],
            crossAxisLength: 320)
        let cache = LayoutCache(byteBudget: BaseLayout(big).storedByteCount - 1)
        _ = cache.layout(for: small, key: small.contentHash)
        _ = cache.layout(for: big, key: big.contentHash)
        #expect(cache.lookup(small.contentHash) != nil)
        #expect(cache.statistics.evictions == 0)
    }

    // MARK: Concurrency

    /// Eight distinct layouts (uniform and row path) and what a fixed viewport sees in each.
    static let concurrentInputs: [FlowLayoutInput] = (0..<8).map { index in
        var random = SplitMix64(seed: UInt64(index))
        var sections = [FlowSection(items: .count(200 + index))]
        sections.append(FlowSection(items: .sizes((0..<300).map { _ in
            Size(width: Double.random(in: 20...150, using: &random).rounded(), height: Double.random(in: 20...90, using: &random).rounded())
        })))
        return FlowLayoutInput(sections: sections, crossAxisLength: 320 + Double(index) * 10)
    }
    static let concurrentBounds = rect(0, 2000, 400, 800)

    @Test func concurrentTasksGetTheSameLayouts() async {
        let inputs = Self.concurrentInputs
        let expected = inputs.map { Self.visible(BaseLayout($0), Self.concurrentBounds) }
        // Room for about three layouts, so tasks keep evicting each other's entries.
        let budget = 3 * inputs.map { BaseLayout($0).storedByteCount }.max()!
        let cache = LayoutCache(byteBudget: budget)
        let tasks = 64
        let rounds = 40
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<rounds {
                        let index = (task * 7 + round * 3) % inputs.count
                        let (layout, _) = cache.layout(for: inputs[index], key: inputs[index].contentHash)
                        if Self.visible(layout, Self.concurrentBounds) != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == tasks * rounds)
        #expect(statistics.builds == statistics.misses)
        #expect(statistics.bytes <= budget)
        #expect(statistics.entries <= inputs.count)
    }

    @Test func concurrentThreadsGetTheSameLayouts() {
        let inputs = Self.concurrentInputs
        let expected = inputs.map { Self.visible(BaseLayout($0), Self.concurrentBounds) }
        let budget = 2 * inputs.map { BaseLayout($0).storedByteCount }.max()!
        let cache = LayoutCache(byteBudget: budget)
        let mismatches = LockedValueBox(0)
        let iterations = 2000
        DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
            let index = (iteration * 5) % inputs.count
            let layout: BaseLayout
            if iteration % 10 == 0 {
                // Some threads store layouts built elsewhere, or drop them, while others read.
                layout = BaseLayout(inputs[index])
                cache.insert(layout, for: inputs[index].contentHash)
                if iteration % 20 == 0 { cache.remove(inputs[(index + 1) % inputs.count].contentHash) }
            } else {
                layout = cache.layout(for: inputs[index], key: inputs[index].contentHash).layout
            }
            if Self.visible(layout, Self.concurrentBounds) != expected[index] {
                mismatches.withLockedValue { $0 += 1 }
            }
        }
        #expect(mismatches.withLockedValue { $0 } == 0)
        let statistics = cache.statistics
        #expect(statistics.hits + statistics.misses == iterations - iterations / 10)
        #expect(statistics.bytes <= budget)
        #expect(statistics.entries >= 0 && statistics.entries <= 2)
    }
}
