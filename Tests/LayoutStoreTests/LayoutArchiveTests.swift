@_spi(WorkCounting) import FlowLayout
import SeededRandom
import XCTest

@testable import LayoutStore

/// The archive without Redis: what a store keeps of a layout rebuilds the same layout, identical
/// items give identical nodes, an update changes O(change) nodes, and a damaged value is refused.
final class LayoutArchiveTests: XCTestCase {
    /// Every node of an archive, rebuilt through its bytes, as a store would read them back.
    private func rebuilt(_ archive: LayoutArchive) throws -> BaseLayout {
        var nodes: [ContentHash: ArchiveNode] = [:]
        for (key, bytes) in archive.nodeBytes { nodes[key] = try ArchiveNode(bytes: bytes, key: key) }
        return try StoredRoot(bytes: archive.root, id: archive.id, maxSections: 10_000).layout(nodes: nodes)
    }

    private func attributes(_ layout: BaseLayout, _ bounds: Rect, scale: Double? = nil) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        _ = layout.attributes(in: Viewport(bounds: bounds, scale: scale), into: &result)
        return result
    }

    /// Format 3 (docs/flow-layout.md §23): every part of a compositional description, an orthogonal
    /// row, measured and unmeasured cells, the spacing between sections and the viewport's length.
    func testCompositionalLayoutsRebuildToTheSameIdAndFrames() throws {
        let leaf = CompositionalItem(
            size: CompositionalSize(width: .fractionalWidth(0.5), height: .estimated(40)),
            contentInsets: DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
            edgeSpacing: CompositionalEdgeSpacing(leading: .flexible(2), top: .fixed(1)))
        let nested = CompositionalGroup(
            axis: .vertical, size: CompositionalSize(width: .fractionalWidth(0.5), height: .fractionalHeight(1)),
            subitems: [.item(CompositionalItem(size: CompositionalSize(width: .absolute(10), height: .absolute(10))))], count: 2,
            interItemSpacing: .flexible(3))
        let group = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(80)),
            subitems: [.item(leaf), .group(nested)], interItemSpacing: .fixed(5), contentInsets: DirectionalInsets(leading: 3))
        var settings = FlowLayoutSettings()
        settings.interSectionSpacing = 12
        settings.compositional = CompositionalSection(
            group: group, interGroupSpacing: 7, contentInsets: DirectionalInsets(top: 4, leading: 8),
            header: CompositionalBoundaryItem(size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(30)), pinToVisibleBounds: true),
            footer: CompositionalBoundaryItem(size: CompositionalSize(width: .absolute(100), height: .estimated(20))),
            background: DirectionalInsets(bottom: 2))
        let row = CompositionalSection(group: nested, interGroupSpacing: 9, orthogonalScrolling: .groupPagingCentered)
        let input = FlowLayoutInput(
            settings: settings,
            sections: [
                FlowSection(items: .sizes([Size(width: 10, height: 60), .zero, Size(width: 20, height: 90)]), estimated: [false, true, false]),
                FlowSection(items: .count(40), compositional: row),
                FlowSection(items: .count(7)),
            ],
            crossAxisLength: 390, scrollAxisLength: 844)
        let layout = BaseLayout(input)
        let archive = LayoutArchive(layout)
        XCTAssertEqual(archive.root.first, 3, "a compositional layout is written as format 3")
        let copy = try rebuilt(archive)
        XCTAssertEqual(copy.contentHash, layout.contentHash)
        XCTAssertEqual(copy.contentSize, layout.contentSize)
        let everything = Rect(x: -100, y: -100, width: 4000, height: layout.contentSize.height + 200)
        XCTAssertEqual(attributes(copy, everything, scale: 3), attributes(layout, everything, scale: 3))
        XCTAssertEqual(copy.orthogonalContentWidths.map(\.width), layout.orthogonalContentWidths.map(\.width))
        // A layout without any of it keeps its older format, which older replicas read.
        XCTAssertEqual(LayoutArchive(BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .count(3))], crossAxisLength: 100))).root.first, 1)
    }

    func testRandomLayoutsRebuildToTheSameIdAndFrames() throws {
        for seed in 0..<300 as Range<UInt64> {
            let input = RandomInput.make(seed: seed)
            let layout = BaseLayout(input)
            let archive = LayoutArchive(layout)
            XCTAssertEqual(archive.id, input.contentHash)
            let copy = try rebuilt(archive)
            XCTAssertEqual(copy.contentHash, layout.contentHash, "seed \(seed)")
            XCTAssertEqual(copy.contentSize, layout.contentSize, "seed \(seed)")
            XCTAssertEqual(copy.itemCount, layout.itemCount, "seed \(seed)")
            let everything = Rect(x: -2000, y: -2000, width: layout.contentSize.width + 4000, height: layout.contentSize.height + 4000)
            XCTAssertEqual(attributes(copy, everything, scale: 2), attributes(layout, everything, scale: 2), "seed \(seed)")
            for section in 0..<layout.sectionCount {
                for item in 0..<min(layout.itemCount(inSection: section), 50) {
                    XCTAssertEqual(copy.isEstimated(section: section, item: item), layout.isEstimated(section: section, item: item))
                    XCTAssertEqual(copy.parallaxDepth(section: section, item: item), layout.parallaxDepth(section: section, item: item))
                }
            }
            // The same items, however the engine holds them, give the same archive.
            XCTAssertEqual(LayoutArchive(copy).root, archive.root, "seed \(seed)")
            XCTAssertEqual(Set(LayoutArchive(copy).nodeBytes.keys), Set(archive.nodeBytes.keys), "seed \(seed)")
        }
    }

    /// A layout with nothing masonry is written in format 1, which replicas from before masonry read;
    /// one with masonry settings or roles in format 2. Both read back as the same layout.
    func testRootsWithoutMasonryKeepTheFormatBeforeIt() throws {
        for seed in 0..<100 as Range<UInt64> {
            var input = RandomInput.make(seed: seed)
            let withMasonry = LayoutArchive(BaseLayout(input))
            input.settings.masonry = nil
            for index in input.sections.indices { (input.sections[index].masonry, input.sections[index].masonryRoles) = (nil, nil) }
            let without = LayoutArchive(BaseLayout(input))
            XCTAssertEqual(without.root.first, 1, "seed \(seed)")
            XCTAssertEqual(try rebuilt(without).contentHash, input.contentHash, "seed \(seed)")
            if withMasonry.id != without.id {
                XCTAssertEqual(withMasonry.root.first, 2, "seed \(seed)")
            }
        }
    }

    func testAnUpdatedLayoutArchivesAsItsFreshRegistration() throws {
        var random = SplitMix64(seed: 7)
        let sizes = (0..<5_000).map { _ in Size(width: Double(20 + random.next() % 150), height: Double(20 + random.next() % 90)) }
        let layout = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 390))
        var work = 0
        let inserted = [FlowItem(size: Size(width: 77, height: 33))]
        let (updated, _) = try layout.updated(by: [.insertItems(section: 0, at: 1_234, items: inserted)], work: &work)
        var expected = sizes
        expected.insert(Size(width: 77, height: 33), at: 1_234)
        let fresh = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(expected))], crossAxisLength: 390))
        XCTAssertEqual(LayoutArchive(updated).root, LayoutArchive(fresh).root)
        XCTAssertEqual(Set(LayoutArchive(updated).nodeBytes.keys), Set(LayoutArchive(fresh).nodeBytes.keys))
    }

    /// Bytes of the nodes `after` has and `before` has not: what a save of `after` writes.
    private func newBytes(_ before: LayoutArchive, _ after: LayoutArchive) -> (bytes: Int, nodes: Int) {
        after.nodeBytes.filter { before.nodeBytes[$0.key] == nil }.reduce((0, 0)) { ($0.0 + $1.value.count, $0.1 + 1) }
    }

    func testAMillionItemsChangeByTheChange() throws {
        var random = SplitMix64(seed: 11)
        let sizes = (0..<1_000_000).map { _ in Size(width: 390, height: Double(40 + random.next() % 400)) }
        let layout = BaseLayout(FlowLayoutInput(sections: [FlowSection(items: .sizes(sizes))], crossAxisLength: 390))
        let archive = LayoutArchive(layout)
        let total = archive.nodeBytes.values.reduce(0) { $0 + $1.count }
        XCTAssertLessThan(total, 1_000_000 * 20, "about 17 bytes an item")
        var work = 0
        let page = (0..<100).map { FlowItem(size: Size(width: 390, height: Double(50 + $0))) }
        let (appended, _) = try layout.updated(by: [.appendItems(section: 0, items: page)], work: &work)
        let append = newBytes(archive, LayoutArchive(appended))
        XCTAssertLessThanOrEqual(append.bytes, total / 100, "appending 100 items writes at most 1% of the layout")
        let (resized, _) = try layout.updated(by: [.resizeItems(section: 0, at: 500_000, sizes: [Size(width: 390, height: 1)])], work: &work)
        let resize = newBytes(archive, LayoutArchive(resized))
        XCTAssertLessThanOrEqual(resize.nodes, 6, "a resize writes a leaf or two and their paths to the top")
        XCTAssertLessThan(resize.bytes, 64 * 1024)
        let (inserted, _) = try layout.updated(by: [.insertItems(section: 0, at: 3, items: page)], work: &work)
        XCTAssertLessThanOrEqual(newBytes(archive, LayoutArchive(inserted)).nodes, 8, "an insert near the start moves no later leaf")
    }

    func testACountedSectionIsOneRunWhateverItsCount() {
        let input = FlowLayoutInput(sections: [FlowSection(items: .count(2_000_000_000))], crossAxisLength: 390)
        let archive = LayoutArchive(BaseLayout(input))
        XCTAssertEqual(archive.nodeBytes.count, 1)
        XCTAssertLessThan(archive.nodeBytes.values.first!.count, 40)
    }

    func testADamagedValueIsRefused() throws {
        let archive = LayoutArchive(BaseLayout(RandomInput.make(seed: 3)))
        let (key, bytes) = archive.nodeBytes.first!
        for index in [0, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x10
            XCTAssertThrowsError(try ArchiveNode(bytes: damaged, key: key))
        }
        XCTAssertThrowsError(try ArchiveNode(bytes: bytes, key: ContentHash(high: key.high, low: key.low ^ 1)))
        XCTAssertThrowsError(try StoredRoot(bytes: archive.root, id: ContentHash(high: 1, low: 2), maxSections: 100))
        XCTAssertThrowsError(try StoredRoot(bytes: Array(archive.root.dropLast()), id: archive.id, maxSections: 100))
        // Nodes that decode but make another layout than the root's id are refused too.
        let other = LayoutArchive(BaseLayout(RandomInput.make(seed: 4)))
        var nodes: [ContentHash: ArchiveNode] = [:]
        for (key, bytes) in other.nodeBytes { nodes[key] = try ArchiveNode(bytes: bytes, key: key) }
        let root = try StoredRoot(bytes: archive.root, id: archive.id, maxSections: 100)
        XCTAssertThrowsError(try root.layout(nodes: nodes))
    }
}
