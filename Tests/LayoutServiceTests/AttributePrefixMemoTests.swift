import FlowLayout
import Testing

@testable import LayoutService
@testable import WireKit

@Suite("Attribute prefix memo")
struct AttributePrefixMemoTests {
    /// An attribute's JSON written through this thread's memo.
    private func memoized(_ attributes: LayoutAttributes) -> String {
        var writer = JSONWriter()
        writer.attributes(attributes, memo: .current)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The same attribute's JSON written member by member, without the memo.
    private func direct(_ attributes: LayoutAttributes) -> String {
        var writer = JSONWriter()
        writer.attributePrefix(attributes)
        writer.attributeSuffix(attributes)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func cell(_ item: Int, y: Double, parallax: Double) -> LayoutAttributes {
        LayoutAttributes(
            kind: .cell, section: item % 3, item: item,
            frame: Rect(x: Double(item % 4) * 97.5, y: y, width: 92 + Double(item % 7) / 3, height: 120),
            zIndex: 0, parallaxOffset: Point(x: 0, y: parallax))
    }

    @Test func hitsAreTheBytesAMissWrites() {
        // Far more attributes than the table holds, written twice, so the second pass mixes hits,
        // evictions and slots reused by other keys: every answer must still be the direct spelling.
        let attributes = (0..<2000).map { cell($0, y: Double($0) * 128 + 1 / 3, parallax: Double($0) * 0.37 - 11) }
        for _ in 0..<2 {
            for attribute in attributes { #expect(memoized(attribute) == direct(attribute)) }
        }
    }

    @Test func theOffsetMovesWhileTheRememberedMembersStay() {
        let first = cell(7, y: 20030 + 2.0 / 3, parallax: 15.35483870967736)
        var scrolled = first
        scrolled.parallaxOffset = Point(x: 0, y: -2.484375)
        #expect(memoized(first) == direct(first))
        #expect(memoized(scrolled) == direct(scrolled))
        #expect(memoized(scrolled).contains("\"parallaxOffset\":{\"x\":0,\"y\":-2.484375}"))
    }

    @Test func anyKeyFieldChangesTheAnswer() {
        let base = cell(11, y: 500, parallax: 1)
        var variants = [base]
        var header = base
        header.kind = .header
        variants.append(header)
        var otherSection = base
        otherSection.section += 1
        variants.append(otherSection)
        var otherItem = base
        otherItem.item += 1
        variants.append(otherItem)
        var raised = base
        raised.zIndex = 10
        variants.append(raised)
        for change in [(1.0, 0.0, 0.0, 0.0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)] {
            var moved = base
            moved.frame = Rect(
                x: base.frame.minX + change.0, y: base.frame.minY + change.1,
                width: base.frame.size.width + change.2, height: base.frame.size.height + change.3)
            variants.append(moved)
        }
        _ = variants.map(memoized)
        let answers = variants.map(memoized)
        #expect(answers == variants.map(direct))
        #expect(Set(answers).count == variants.count)
    }

    @Test func aSlotHoldsACellAtThirdsOfAPoint() {
        // At @3x an origin and a centre that are all thirds are four 17-digit numbers: the usual
        // worst case of a scroll answer, which must be remembered, not written every time.
        let cell = LayoutAttributes(
            kind: .cell, section: 12, item: 123_456,
            frame: Rect(x: 161 + 2.0 / 3, y: 19_982 + 2.0 / 3, width: 83, height: 97), zIndex: 0)
        var writer = JSONWriter()
        writer.attributePrefix(cell)
        #expect(writer.count > 184, "longer than a 256-byte slot held, which wrote these every time")
        #expect(writer.count <= AttributePrefixMemo.capacity)
    }

    @Test func prefixesTooLongForASlotAreWrittenEveryTime() {
        let long = LayoutAttributes(
            kind: .cell, section: 9_123_456_789_012_345_678, item: 9_012_345_678_901_234_567,
            frame: Rect(x: 123_456.33333333333, y: 9_876_543.333333333, width: 1_234.3333333333333, height: 4_321.333333333333),
            zIndex: -9_123_456_789_012_345_678)
        #expect(direct(long).utf8.count > AttributePrefixMemo.capacity)
        #expect(memoized(long) == direct(long))
        #expect(memoized(long) == direct(long))
    }
}
