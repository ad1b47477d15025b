@_spi(WorkCounting) @testable import FlowLayout
import Testing

/// The place kept on screen (`contentOffsetAdjustment`) and the transitions of an update, on a chat-like
/// feed: one message per line, 10 points apart, on a 320-point-wide screen.
@Suite("Update anchors and transitions")
struct UpdateAnchorAndTransitionTests {
    /// Message i is 300 wide and 40 + i % 7 · 10 tall; line spacing 10.
    static func height(_ index: Int) -> Double { Double(40 + (index % 7) * 10) }

    static let feed: BaseLayout = {
        let sizes = (0..<200).map { Size(width: 300, height: height($0)) }
        return BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 320))
    }()

    /// Where message i starts in the untouched feed.
    static func top(_ index: Int) -> Double { (0..<index).reduce(0) { $0 + height($1) + 10 } }

    /// A screen showing messages from about the 50th.
    static let screen = Rect(x: 0, y: top(50) + 5, width: 320, height: 600)

    func adjust(_ updates: [LayoutUpdate], anchor: Rect = screen) throws -> (Point, BaseLayout, UpdateMapping) {
        var work = 0
        let (new, mapping) = try Self.feed.updated(by: updates, work: &work)
        return (Self.feed.contentOffsetAdjustment(to: new, mapping: mapping, anchor: anchor), new, mapping)
    }

    /// The anchor cell (the first visible survivor) is where it was once the adjustment is applied.
    func expectAnchorStays(_ adjustment: Point, _ new: BaseLayout, _ mapping: UpdateMapping, first old: ItemPath) {
        let before = Self.feed.attributes(ofItem: old)!.frame
        let after = new.attributes(ofItem: mapping.newPath(of: old)!)!.frame
        #expect(after.minY - adjustment.y == before.minY)
        #expect(adjustment.x == 0)
    }

    @Test func aPrependOfOlderMessagesKeepsTheReadMessageInPlace() throws {
        let older = (0..<12).map { FlowItem(size: Size(width: 300, height: Double(30 + $0))) }
        let (adjustment, new, mapping) = try adjust([.insertItems(section: 0, at: 0, items: older)])
        // Twelve lines of 30...41 points, each followed by the 10-point spacing.
        let lines: Double = (0..<12).reduce(0) { $0 + Double(30 + $1) + 10 }
        #expect(adjustment.y == lines)
        expectAnchorStays(adjustment, new, mapping, first: ItemPath(section: 0, item: 50))
    }

    @Test func insertsAndDeletesAboveTheScreenMoveItByTheirLines() throws {
        let (inserted, _, _) = try adjust([.insertItems(section: 0, at: 20, items: [FlowItem(size: Size(width: 300, height: 77))])])
        #expect(inserted.y == 87)
        let (deleted, new, mapping) = try adjust([.deleteItems(section: 0, at: 10, count: 3)])
        let lines: Double = Self.height(10) + Self.height(11) + Self.height(12) + 30
        #expect(deleted.y == -lines)
        expectAnchorStays(deleted, new, mapping, first: ItemPath(section: 0, item: 50))
    }

    @Test func aResizeMovesThePlaceOnlyWhenItIsAbove() throws {
        let above = try adjust([.resizeItems(section: 0, at: 30, sizes: [Size(width: 300, height: Self.height(30) + 25)])])
        #expect(above.0.y == 25)
        // Message 50 straddles the screen's top edge: it is the first visible, and growing a later one
        // (inside the screen) or one below it moves nothing above.
        let inside = try adjust([.resizeItems(section: 0, at: 53, sizes: [Size(width: 300, height: 200)])])
        #expect(inside.0 == Point(x: 0, y: 0))
        let below = try adjust([.resizeItems(section: 0, at: 150, sizes: [Size(width: 300, height: 5)])])
        #expect(below.0 == Point(x: 0, y: 0))
        // The first visible one itself grows: its top stays.
        let itself = try adjust([.resizeItems(section: 0, at: 50, sizes: [Size(width: 300, height: 300)])])
        #expect(itself.0 == Point(x: 0, y: 0))
    }

    @Test func theFirstSurvivorAnchorsWhenTheFirstVisibleIsDeleted() throws {
        let (adjustment, new, mapping) = try adjust([.deleteItems(section: 0, at: 45, count: 6)])
        // Messages 45...50 are gone; 51 is the first visible survivor and moved up by their lines.
        let lines: Double = (45...50).reduce(0) { $0 + Self.height($1) + 10 }
        #expect(adjustment.y == -lines)
        expectAnchorStays(adjustment, new, mapping, first: ItemPath(section: 0, item: 51))
    }

    @Test func nothingSurvivingMeansNoAdjustment() throws {
        let (adjustment, _, _) = try adjust([.deleteItems(section: 0, at: 0, count: 200)])
        #expect(adjustment == Point(x: 0, y: 0))
    }

    @Test func transitionsFollowEachElementAcrossAMove() throws {
        let bounds = Rect(x: 0, y: 0, width: 320, height: 300)
        let new = FlowItem(size: Size(width: 300, height: 60))
        var work = 0
        let (layout, mapping) = try Self.feed.updated(
            by: [
                .moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 3)),
                .deleteItems(section: 0, at: 0, count: 1),
                .insertItems(section: 0, at: 0, items: [new]),
            ],
            work: &work)
        let transitions = try #require(Self.feed.transitions(to: layout, mapping: mapping, bounds: bounds))
        func find(before: ItemPath?, after: ItemPath?) -> ElementTransition? {
            transitions.first { $0.before == before && $0.after == after }
        }
        // Old message 0 is deleted: it disappears.
        let gone = try #require(find(before: ItemPath(section: 0, item: 0), after: nil))
        #expect(gone.from == Self.feed.attributes(ofItem: ItemPath(section: 0, item: 0))!.frame && gone.to == nil)
        // The new first message appears.
        let appeared = try #require(find(before: nil, after: ItemPath(section: 0, item: 0)))
        #expect(appeared.from == nil && appeared.to == Rect(x: 10, y: 0, width: 300, height: 60))
        // Old message 1 moved after old 3, old 0 went and a new one came first: it is item 3 now, the
        // same item.
        let moved = try #require(find(before: ItemPath(section: 0, item: 1), after: ItemPath(section: 0, item: 3)))
        #expect(moved.from == Rect(x: 10, y: Self.top(1), width: 300, height: Self.height(1)))
        #expect(moved.to == layout.attributes(ofItem: ItemPath(section: 0, item: 3))!.frame)
        let above: Double = 60 + 10 + Self.height(2) + 10 + Self.height(3) + 10
        #expect(moved.to!.minY == above)
        // Every element in the bounds on either side is listed once.
        var olds: [LayoutAttributes] = []
        var news: [LayoutAttributes] = []
        Self.feed.attributes(in: Viewport(bounds: bounds), into: &olds)
        layout.attributes(in: Viewport(bounds: bounds), into: &news)
        #expect(transitions.filter { $0.from != nil && $0.from!.touches(bounds) }.count == olds.count)
        #expect(transitions.filter { $0.to != nil && $0.to!.touches(bounds) }.count == news.count)
    }

    @Test func anElementPushedOutOfTheBoundsKeepsItsFrameAfter() throws {
        let bounds = Rect(x: 0, y: 0, width: 320, height: 200)
        var work = 0
        let big = FlowItem(size: Size(width: 300, height: 400))
        let (layout, mapping) = try Self.feed.updated(by: [.insertItems(section: 0, at: 0, items: [big])], work: &work)
        let transitions = try #require(Self.feed.transitions(to: layout, mapping: mapping, bounds: bounds))
        let first = try #require(transitions.first { $0.before == ItemPath(section: 0, item: 0) })
        #expect(first.after == ItemPath(section: 0, item: 1))
        #expect(first.to == Rect(x: 10, y: 410, width: 300, height: Self.height(0)))
    }

    @Test func anInsertedSectionsHeaderAppears() throws {
        var settings = FlowLayoutSettings()
        settings.headerReferenceSize = Size(width: 0, height: 30)
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(4))], crossAxisLength: 320))
        var work = 0
        let (new, mapping) = try layout.updated(by: [.insertSections(at: 0, sections: [FlowSection(items: .count(2))])], work: &work)
        let transitions = try #require(layout.transitions(to: new, mapping: mapping, bounds: Rect(x: 0, y: 0, width: 320, height: 400)))
        let header = try #require(transitions.first { $0.kind == .header && $0.before == nil })
        #expect(header.after == ItemPath(section: 0, item: 0) && header.from == nil && header.to?.minY == 0)
        let moved = try #require(transitions.first { $0.kind == .header && $0.before == ItemPath(section: 0, item: 0) })
        #expect(moved.after == ItemPath(section: 1, item: 0))
        // The new section: its header and one line of two 50-point items.
        let sectionLength: Double = 30 + 50
        #expect(moved.to?.minY == sectionLength)
    }

    @Test func transitionsPastTheLimitAreRefused() throws {
        var work = 0
        let (layout, mapping) = try Self.feed.updated(by: [.deleteItems(section: 0, at: 0, count: 1)], work: &work)
        let bounds = Rect(x: 0, y: 0, width: 320, height: 600)
        let all = try #require(Self.feed.transitions(to: layout, mapping: mapping, bounds: bounds))
        var inView: [LayoutAttributes] = []
        Self.feed.attributes(in: Viewport(bounds: bounds), into: &inView)
        #expect(Self.feed.transitions(to: layout, mapping: mapping, bounds: bounds, limit: inView.count - 1) == nil)
        #expect(Self.feed.transitions(to: layout, mapping: mapping, bounds: bounds, limit: inView.count + 1) == all)
    }

    @Test(arguments: [false, true]) func cellsMovedOutOfViewAreFoundLineByLine(listed: Bool) throws {
        // 4,000 one-point items on one very long line (counted: the uniform path; listed: the row path),
        // all pushed out of the view by a tall item inserted first: each cell's frame after is found
        // by querying its line, once for the line, not once for each of its 4,000 cells.
        let count = 4_000
        let items: FlowSection.Items = listed ? .sizes(Array(repeating: Size(width: 1, height: 1), count: count)) : .count(count)
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 1, height: 1)
        settings.minimumInteritemSpacing = 0
        let layout = BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: items)], crossAxisLength: 10_000))
        var work = 0
        let (new, mapping) = try layout.updated(
            by: [.insertItems(section: 0, at: 0, items: [FlowItem(size: Size(width: 10_000, height: 500))])], work: &work)
        work = 0
        let bounds = Rect(x: 0, y: 0, width: 10_000, height: 100)
        let transitions = try #require(layout.transitions(to: new, mapping: mapping, bounds: bounds, work: &work))
        #expect(transitions.count == count + 1)
        let moved = try #require(transitions.first { $0.before == ItemPath(section: 0, item: 1234) })
        #expect(moved.to == new.attributes(ofItem: ItemPath(section: 0, item: 1235))?.frame)
        #expect(work < 10 * count, "\(work) elements looked at for \(count) cells")
    }
}
