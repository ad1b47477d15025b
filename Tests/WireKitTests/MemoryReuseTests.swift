import FlowLayout
import Testing

@testable import WireKit

@Suite("Memory reused across answers")
struct MemoryReuseTests {
    @Test func aBufferGoesBackToItsThreadAndComesOutAgain() {
        // Buffers on the shelf are taken last in, first out, and come out empty.
        let buffer = BodyBlocks.take()
        buffer.count = 100
        BodyBlocks.give(buffer)
        let again = BodyBlocks.take()
        #expect(again === buffer && again.count == 0)
        BodyBlocks.give(again)
    }

    @Test func theShelfKeepsOnlySoManyBuffers() {
        let buffers = (0..<(BodyBlocks.kept + 3)).map { _ in BodyBlocks.take() }
        #expect(Set(buffers.map(ObjectIdentifier.init)).count == buffers.count)
        for buffer in buffers { BodyBlocks.give(buffer) }
        let again = (0..<(BodyBlocks.kept + 3)).map { _ in BodyBlocks.take() }
        // Taking them all emptied the shelf; the first `kept` given back were kept and the rest freed.
        #expect(Set(again.prefix(BodyBlocks.kept).map(ObjectIdentifier.init)) == Set(buffers.prefix(BodyBlocks.kept).map(ObjectIdentifier.init)))
        for buffer in again { BodyBlocks.give(buffer) }
    }

    /// A body written as the service writes an answer's.
    private func body(_ text: StaticString = "{}") -> ResponseBody {
        var writer = JSONWriter(capacity: 2000)
        writer.raw(text)
        return writer.body
    }

    /// Runs `test` with no whole buffers on this thread's shelf, whatever other tests left on it.
    private func withEmptyShelf(_ test: () -> Void) {
        let emptied = (0..<BodyBlocks.kept).map { _ in BodyBlocks.take() }
        test()
        emptied.forEach(BodyBlocks.give)
    }

    @Test func aSentBodyIsKeptOnlyWhenNobodyElseHoldsIt() {
        withEmptyShelf {
            // Answers made and dropped in functions of their own, as the server's handler does, and
            // buffers compared by address: a reference held here would be one more holder.
            func lend() -> UnsafeMutableRawPointer { body("{\"sent\":1}").retainedBytes().context }
            func nextBuffer() -> UnsafeMutableRawPointer { Unmanaged.passUnretained(body().buffer).toOpaque() }
            // Let go of by the server last, as after a real send: kept, and the next answer's buffer.
            let sent = lend()
            ResponseBody.release(sent)
            #expect(nextBuffer() == sent)
            // Still held by the answer when the server lets go: not kept, but freed with the answer.
            let held = body()
            ResponseBody.release(held.retainedBytes().context)
            #expect(nextBuffer() != Unmanaged.passUnretained(held.buffer).toOpaque())
            #expect(String(decoding: held, as: UTF8.self) == "{}")
        }
    }

    @Test func aDroppedAnswersBlockIsKeptForTheNextBuffer() {
        withEmptyShelf {
            // An answer dropped without being sent (in process): its buffer is freed, its block kept.
            func dropped() -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(body().buffer.base) }
            let block = dropped()
            // A block of the same size asked of malloc meanwhile: had the block been freed, this
            // would most likely be it.
            let decoy = UnsafeMutablePointer<UInt8>.allocate(capacity: BodyBlocks.size)
            defer { decoy.deallocate() }
            #expect(UnsafeMutableRawPointer(BodyBlocks.take().base) == block)
        }
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
