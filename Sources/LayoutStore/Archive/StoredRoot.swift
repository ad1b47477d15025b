import FlowLayout

/// A root read back: the layout's id, its inputs but the items, and per section how many items it
/// holds and the key of its top node.
package struct StoredRoot: Sendable {
    let id: ContentHash
    let input: FlowLayoutInput
    package let sections: [(itemCount: Int, top: ContentHash?)]

    /// The root stored under `id`: refused unless it decodes whole, is of this format and engine, and
    /// names `id` itself.
    package init(bytes: [UInt8], id: ContentHash, maxSections: Int) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        let format = try reader.byte()
        guard LayoutArchive.readableFormats.contains(format) else { throw .corrupt("a root of another format") }
        guard try reader.count(max: .max) == FlowLayoutInput.algorithmVersion else {
            throw .corrupt("a root of another engine version")
        }
        guard try reader.hash() == id else { throw .corrupt("a root names another layout") }
        let input = try reader.input(maxSections: maxSections, format: format)
        var sections: [(itemCount: Int, top: ContentHash?)] = []
        sections.reserveCapacity(input.sections.count)
        for _ in input.sections {
            let count = try reader.count(max: BaseLayout.maxItemsInASection)
            sections.append((count, count > 0 ? try reader.hash() : nil))
        }
        guard reader.isAtEnd else { throw .corrupt("a root has bytes after its end") }
        self.id = id
        self.input = input
        self.sections = sections
    }

    /// The layout these nodes make: refused when a node's height or item count disagrees with its
    /// parent's claim, or the result's content hash is not the id. `nodes` must hold every node under
    /// the tops. O(runs + listed items).
    package func layout(nodes: [ContentHash: ArchiveNode]) throws(ArchiveError) -> BaseLayout {
        // Checked before anything is laid out: every count and height along the tree agrees.
        for section in sections {
            guard let top = section.top else { continue }
            guard let node = nodes[top] else { throw .corrupt("a node is missing") }
            try Self.check(node, itemCount: section.itemCount, height: node.height, nodes: nodes)
        }
        let layout = BaseLayout(input) { index, feed in
            guard let top = sections[index].top else { return }
            Self.forEachRun(under: top, nodes: nodes, feed)
        }
        guard layout.contentHash == id else { throw .corrupt("the stored items do not make the layout their id names") }
        return layout
    }

    private static func check(
        _ node: ArchiveNode, itemCount: Int, height: Int, nodes: [ContentHash: ArchiveNode]
    ) throws(ArchiveError) {
        guard node.height == height, node.itemCount == itemCount else { throw .corrupt("a node disagrees with its parent") }
        guard case .interior(_, let children) = node else { return }
        for child in children {
            guard let next = nodes[child.key] else { throw .corrupt("a node is missing") }
            try check(next, itemCount: child.itemCount, height: height - 1, nodes: nodes)
        }
    }

    private static func forEachRun(under key: ContentHash, nodes: [ContentHash: ArchiveNode], _ feed: (FlowItem, Int) -> Void) {
        switch nodes[key]! {
        case .leaf(let runs):
            for run in runs { feed(run.item, run.count) }
        case .interior(_, let children):
            for child in children { forEachRun(under: child.key, nodes: nodes, feed) }
        }
    }
}
