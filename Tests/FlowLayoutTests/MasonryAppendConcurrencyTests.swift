import Foundation
import FlowLayout
import Locking
import Testing

/// Layouts made by appending to one masonry layout share its storage (docs/flow-layout.md §22.5): the
/// first to claim its tip extends it in place, the others copy. Many threads appending to the same
/// layout at once each get the layout of their own items, and the layout they appended to stays as
/// it was. `make test-tsan` runs this suite under the thread sanitizer.
@Suite("Concurrency: appends to one masonry layout from many threads")
struct MasonryAppendConcurrencyTests {
    static func input(pages: [[Size]]) -> FlowLayoutInput {
        var settings = FlowLayoutSettings()
        settings.masonry = MasonryColumns(count: .fixed(3))
        settings.minimumLineSpacing = 4
        var sizes: [Size] = (0..<2000).map { index in Self.size(across: 60 + index % 50, along: 40 + (index * 37) % 160) }
        for page in pages { sizes += page }
        return FlowLayoutInput(settings: settings, sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 390)
    }

    static func size(across width: Int, along height: Int) -> Size {
        Size(width: Double(width), height: Double(height))
    }

    static func answers(_ layout: BaseLayout) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        layout.attributes(in: Viewport(bounds: Rect(x: 0, y: -1, width: 390, height: layout.contentSize.height + 2)), into: &found)
        return found
    }

    @Test func everyThreadGetsTheLayoutOfItsOwnItems() {
        let base = BaseLayout(Self.input(pages: []))
        let before = Self.answers(base)
        let threads = 8
        let pages: [[Size]] = (0..<threads).map { thread in
            (0..<20 + thread).map { index in Self.size(across: 50 + thread * 7 + index, along: 30 + thread * 11) }
        }
        let results = LockedValueBox<[Int: BaseLayout]>([:])
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let update = LayoutUpdate.appendItems(section: 0, items: pages[thread].map { FlowItem(size: $0) })
            let layout = try! base.updated(by: [update]).layout
            results.withLockedValue { $0[thread] = layout }
        }
        let layouts = results.withLockedValue { $0 }
        for thread in 0..<threads {
            let fresh = BaseLayout(Self.input(pages: [pages[thread]]))
            #expect(layouts[thread]?.contentHash == fresh.contentHash, "thread \(thread)")
            #expect(layouts[thread].map(Self.answers) == Self.answers(fresh), "thread \(thread)")
        }
        #expect(Self.answers(base) == before)
    }
}
