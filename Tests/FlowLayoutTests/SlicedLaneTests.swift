@testable import FlowLayout
import SeededRandom
import Testing

/// A lane as runs (docs/flow-layout.md §22.5) against its cells read straight from a placement's
/// storage: finds by item, the cells reaching a span, and splits joined again, for lanes cut into
/// random runs.
@Suite("Sliced lanes")
struct SlicedLaneTests {
    /// A placement of varied cells in 3 named columns, every ninth spanning them all, and its lane 1
    /// read cell by cell.
    static func placement(seed: UInt64) -> (FlatMasonry, cells: [SlicedLane.Cell]) {
        var random = SplitMix64(seed: seed)
        let items = (0..<600).map { index in
            MasonryItem(
                size: Size(width: 100, height: Double(random.next() % 400) / 4),
                role: index % 9 == 8 ? .fullSpan : .column(Int(random.next() % 3)))
        }
        let placement = FlatMasonry(
            items: items, columns: MasonryColumns(count: .fixed(3), itemSizing: .height), width: 320, interitemSpacing: 10, lineSpacing: 6)
        let cells = (0..<placement.storedCount(lane: 1)).map { position in
            let stored = placement.storedCell(lane: 1, position: position)
            return SlicedLane.Cell(item: stored.item, top: stored.top, height: stored.height)
        }
        return (placement, cells)
    }

    /// Lane 1 of `placement` as one run, then cut at random items and joined again, run by run.
    static func lane(of placement: FlatMasonry, cuts: Int, _ random: inout SplitMix64) -> SlicedLane {
        let spacing = FixedLength(6)
        let first = placement.storedCell(lane: 1, position: 0)
        let whole = LaneSlice(source: placement, lane: 1, positions: 0..<placement.storedCount(lane: 1), lead: first.top, itemLead: first.item + 1)
        var lane = SlicedLane(root: SliceNode(whole, spacing: spacing), spacing: spacing)
        for _ in 0..<cuts {
            let (head, tail) = lane.split(before: Int(random.next() % 620))
            lane = head.joined(tail)
        }
        return lane
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func runsAnswerAsTheStorage(seed: UInt64) {
        let (placement, cells) = Self.placement(seed: seed)
        var random = SplitMix64(seed: seed &+ 1)
        let lane = Self.lane(of: placement, cuts: 40, &random)
        #expect(lane.span.nodes > 20, "the cuts leave runs")
        #expect(lane.span.cells == cells.count)
        #expect(lane.lastItem == cells.last!.item)
        var work = 0
        for item in 0..<620 {
            let first = cells.first { $0.item >= item }
            let last = cells.last { $0.item < item }
            #expect(lane.first(from: item, work: &work).map { [$0.item, $0.top, $0.height] as [AnyHashable] }
                == first.map { [$0.item, $0.top, $0.height] as [AnyHashable] }, "first from \(item)")
            #expect(lane.last(before: item, work: &work).map { [$0.item, $0.top] as [AnyHashable] }
                == last.map { [$0.item, $0.top] as [AnyHashable] }, "last before \(item)")
        }
        for _ in 0..<200 {
            let low = FixedLength(Double(random.next() % 30_000) / 8)
            let high = low + FixedLength(Double(random.next() % 800))
            var found: [Int] = []
            lane.forEachCell(reaching: low, high, work: &work) { cell in
                found.append(cell.item)
                return true
            }
            let expected = cells.filter { !($0.bottom < low) && !(high < $0.top) }.map(\.item)
            #expect(found == expected, "cells reaching \(low.doubleValue)...\(high.doubleValue)")
        }
    }

    /// A part split off keeps answering in its own numbers: the second part's items count from the
    /// first part's last cell.
    @Test func aSplitCountsItsSecondPartFromTheFirst() {
        let (placement, cells) = Self.placement(seed: 9)
        var random = SplitMix64(seed: 10)
        let lane = Self.lane(of: placement, cuts: 10, &random)
        var work = 0
        let (head, tail) = lane.split(before: 300)
        let headCells = cells.filter { $0.item < 300 }
        #expect(head.lastItem == headCells.last!.item)
        let firstOfTail = cells.first { $0.item >= 300 }!
        #expect(tail.first(from: 0, work: &work)!.item == firstOfTail.item - headCells.last!.item - 1)
        #expect(head.end + tail.first(from: 0, work: &work)!.top == firstOfTail.top)
    }
}
