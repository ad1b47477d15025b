import FlowLayout
import Testing

@testable import LayoutService

@Suite("Memory reused across answers")
struct MemoryReuseTests {
    @Test func aBodyBlockGoesBackToItsThreadAndComesOutAgain() {
        // Blocks on the shelf are taken last in, first out.
        let block = BodyBlocks.take()
        BodyBlocks.give(block)
        #expect(BodyBlocks.take() == block)
        BodyBlocks.give(block)
    }

    @Test func theShelfKeepsOnlySoManyBlocks() {
        let blocks = (0..<(BodyBlocks.kept + 3)).map { _ in BodyBlocks.take() }
        #expect(Set(blocks).count == blocks.count)
        for block in blocks { BodyBlocks.give(block) }
        let again = (0..<(BodyBlocks.kept + 3)).map { _ in BodyBlocks.take() }
        // Taking them all emptied the shelf; the first `kept` given back were kept and the rest freed.
        #expect(Set(again.prefix(BodyBlocks.kept)) == Set(blocks.prefix(BodyBlocks.kept)))
        for block in again { BodyBlocks.give(block) }
    }

    @Test func answersWrittenInReusedBlocksAreWhole() {
        // Two answers alive at once never share a block, and a block given back is written afresh.
        var first = JSONWriter(capacity: 2000)
        first.raw("{\"first\":1}")
        var second = JSONWriter(capacity: 2000)
        second.raw("{\"second\":2}")
        let bodies = (first.body, second.body)
        #expect(String(decoding: bodies.0, as: UTF8.self) == "{\"first\":1}")
        #expect(String(decoding: bodies.1, as: UTF8.self) == "{\"second\":2}")
    }

    @Test func theScratchArrayIsEmptyOnEveryCall() {
        let cell = LayoutAttributes(kind: .cell, section: 0, item: 1, frame: Rect(x: 0, y: 0, width: 1, height: 1), zIndex: 0)
        let capacities = (0..<3).map { _ in
            AttributeScratch.with { attributes in
                #expect(attributes.isEmpty)
                attributes.append(contentsOf: repeatElement(cell, count: 40))
                return attributes.capacity
            }
        }
        // The same storage each time after the first.
        #expect(capacities[1] == capacities[2])
        let large = AttributeScratch.with { attributes in
            attributes.append(contentsOf: repeatElement(cell, count: AttributeScratch.keptCapacity + 1))
            return attributes.count
        }
        #expect(large == AttributeScratch.keptCapacity + 1)
        AttributeScratch.with { attributes in #expect(attributes.isEmpty && attributes.capacity < AttributeScratch.keptCapacity) }
    }
}
