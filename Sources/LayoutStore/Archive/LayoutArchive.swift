import FlowLayout

/// A layout as the store keeps it: a root naming the layout's settings and, per section, the top of
/// a tree of content-addressed nodes holding its items as runs of equal items.
///
/// The tree is a function of the items alone, not of how the layout was reached: a leaf closes after
/// a run whose hash matches a mask (or at `maxRuns`), an interior node after a child whose key does
/// (or at `maxChildren`), as content-defined chunking does. So the same items give the same nodes on
/// every replica, identical stretches are stored once, and an update that changes k runs changes
/// only the leaves around them and their paths to the top: O(k + log n) new nodes, the rest shared.
public struct LayoutArchive: Sendable {
    /// Bumped when the stored bytes change meaning; a root of another version is not read. 2: masonry
    /// settings in the root, masonry roles in the runs; a layout with neither is still written as 1.
    /// 3: compositional sections, the spacing between sections and the scroll-axis length; a layout
    /// with none of them is still written as 2 or 1.
    static let formatVersion: UInt8 = 3
    /// Formats a root may be read from: 1 is 2 without anything masonry, 2 is 3 without anything
    /// compositional.
    static let readableFormats: ClosedRange<UInt8> = 1...formatVersion
    /// A leaf closes after about `1 << leafBits` runs on average, an interior node after about
    /// `1 << fanoutBits` children.
    static let leafBits = 8
    static let fanoutBits = 6
    static let maxRuns = 1024
    static let maxChildren = 256

    /// The layout's id: the key its root is stored under.
    public let id: ContentHash
    /// The root's bytes.
    public let root: [UInt8]
    /// Each section's top node, nil for a section without items.
    package let tops: [ContentHash?]
    /// Every node of every section, once each, by key.
    package let nodes: [ContentHash: ArchiveNode]
    /// The same nodes' bytes.
    package let nodeBytes: [ContentHash: [UInt8]]

    /// The archive of `layout`: O(runs + listed items).
    public init(_ layout: BaseLayout) {
        var nodes: [ContentHash: ArchiveNode] = [:]
        var nodeBytes: [ContentHash: [UInt8]] = [:]
        func keep(_ node: ArchiveNode) -> ChildReference {
            let bytes = node.bytes
            let key = ArchiveNode.key(of: bytes)
            if nodes[key] == nil {
                nodes[key] = node
                nodeBytes[key] = bytes
            }
            return ChildReference(key: key, itemCount: node.itemCount)
        }
        var tops: [ContentHash?] = []
        var sectionItems: [Int] = []
        let input = layout.inputWithoutItems
        // Format 1 while nothing is masonry, so replicas that read only it still read these roots.
        var format: UInt8 = input.settings.masonry != nil || input.sections.contains { $0.masonry != nil } ? 2 : 1
        if input.settings.compositional != nil || input.settings.interSectionSpacing != 0 || input.scrollAxisLength != 0
            || input.sections.contains(where: { $0.compositional != nil })
        {
            format = 3
        }
        for section in 0..<layout.sectionCount {
            var leaves: [ChildReference] = []
            var chunker = RunChunker()
            layout.forEachRun(inSection: section) { item, count in
                if item.masonryRole != .byRule { format = Swift.max(format, 2) }
                if let leaf = chunker.add(item, count: count) { leaves.append(keep(.leaf(leaf))) }
            }
            if let leaf = chunker.finish() { leaves.append(keep(.leaf(leaf))) }
            var level = leaves
            var height = 1
            while level.count > 1 {
                var parents: [ChildReference] = []
                var children: [ChildReference] = []
                for child in level {
                    children.append(child)
                    if children.count == Self.maxChildren || Self.closes(child.key.low, bits: Self.fanoutBits) {
                        parents.append(keep(.interior(height: height, children: children)))
                        children = []
                    }
                }
                if !children.isEmpty { parents.append(keep(.interior(height: height, children: children))) }
                level = parents
                height += 1
            }
            tops.append(level.first?.key)
            sectionItems.append(layout.itemCount(inSection: section))
        }
        var writer = ArchiveWriter(capacity: 256 + 40 * tops.count)
        writer.byte(format)
        writer.count(FlowLayoutInput.algorithmVersion)
        writer.hash(layout.contentHash)
        writer.input(input, format: format)
        for (top, count) in zip(tops, sectionItems) {
            writer.count(count)
            if let top { writer.hash(top) }
        }
        self.id = layout.contentHash
        self.root = writer.bytes
        self.tops = tops
        self.nodes = nodes
        self.nodeBytes = nodeBytes
    }

    /// The layout as any replica rebuilds it from the store (`LayoutStore.load`), the same object
    /// structure whatever requests made `layout`: so a replica that keeps this answers with the same
    /// bytes as one that fetched it, cost figures (`bytes`) included. O(runs + listed items).
    public func rebuilt() throws(ArchiveError) -> BaseLayout {
        try StoredRoot(bytes: root, id: id, maxSections: .max).layout(nodes: nodes)
    }

    /// The children a node names (none for a leaf).
    package static func children(of node: ArchiveNode) -> [ContentHash] {
        guard case .interior(_, let children) = node else { return [] }
        return children.map(\.key)
    }

    /// Whether a chunk closes after a value whose hash is `hash`: true for 1 in 2^bits hashes.
    @inline(__always)
    static func closes(_ hash: UInt64, bits: Int) -> Bool { hash & (1 << bits - 1) == 0 }
}

/// Groups runs into leaves: consecutive equal items are merged into one run first, so how the engine
/// happened to hold them (one by one, or as runs) never changes the leaves.
private struct RunChunker {
    private var runs: [ItemRun] = []
    private var open: ItemRun?

    /// Takes `count` copies of `item`; returns a leaf's runs when one closes.
    mutating func add(_ item: FlowItem, count: Int) -> [ItemRun]? {
        if open?.item == item {
            open!.count += count
            return nil
        }
        let closed = open.flatMap { close($0) }
        open = ItemRun(item, count: count)
        return closed
    }

    mutating func finish() -> [ItemRun]? {
        let closed = open.flatMap { close($0) }
        open = nil
        if closed != nil { return closed }
        defer { runs = [] }
        return runs.isEmpty ? nil : runs
    }

    private mutating func close(_ run: ItemRun) -> [ItemRun]? {
        runs.append(run)
        guard runs.count == LayoutArchive.maxRuns || LayoutArchive.closes(Self.hash(run), bits: LayoutArchive.leafBits) else {
            return nil
        }
        defer { runs = [] }
        return runs
    }

    private static func hash(_ run: ItemRun) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(run.item.size.width)
        hasher.combine(run.item.size.height)
        hasher.combine(run.item.isEstimated)
        hasher.combine(run.item.parallaxDepth ?? .nan)
        hasher.combine(Int(run.item.masonryRole.code))
        hasher.combine(run.count)
        return hasher.finalize().low
    }
}
