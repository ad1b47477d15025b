/// Reads a tree's chunks in order from the first one whose lines reach a given offset, for lines that
/// never go backwards (a non-negative line spacing): one walk down, then each next chunk in O(1)
/// amortised. A query reads the lines in view this way: O(log n + k).
struct LineCursor {
    /// A node still to come, unretained: the tree's root keeps every node alive while the cursor runs,
    /// and a trivial entry costs no reference counting on the stack.
    struct Pending {
        var node: Unmanaged<LineNode>
        var items: Int
        var lines: Int
        var start: FixedLength
    }
    /// Nodes whose own chunk and right subtree are still to come, each with where its subtree starts:
    /// on storage the caller lends (a query's stack), never the heap.
    private let stack: UnsafeMutableBufferPointer<Pending>
    private var count = 0
    /// Set when the tree was deeper than the stack: the caller reads the chunks another way.
    private(set) var overflowed = false

    /// Stack entries for a tree of about a million items (a treap's depth is about 1.4 log2 of its
    /// chunks, some 20 there), small enough for the stack (40 bytes an entry); a deeper walk
    /// overflows and the caller reads the chunks recursively instead.
    static let stackCapacity = 24

    private mutating func push(_ entry: Pending) {
        guard count < stack.count else {
            overflowed = true
            return
        }
        stack.baseAddress!.advanced(by: count).initialize(to: entry)
        count += 1
    }

    private mutating func pop() -> Pending? {
        guard count > 0, !overflowed else { return nil }
        count -= 1
        return stack[count]
    }

    /// A cursor at the first chunk holding a line that ends at or after `low` (relative to the first
    /// line's start, lines moved by `slope` each as CSS `align-content` moves them). `work` counts the
    /// nodes looked at.
    init(
        _ root: LineNode?, reaching low: FixedLength, spacing: FixedLength, slope: FixedLength,
        stack: UnsafeMutableBufferPointer<Pending>, work: inout some WorkCounter
    ) {
        self.stack = stack
        var node = root
        var items = 0
        var lines = 0
        var start = FixedLength.zero
        let sloped = slope != .zero
        while let current = node {
            work += 1
            // The left subtree's lines reach `low`: the first chunk is there (its facts are kept in
            // this node, so the left child is read only when the walk goes there).
            if current.left != nil {
                // Lines that never go backwards: the left subtree's last line ends a spacing before
                // its extent.
                var end = start + current.leftExtent - spacing
                if sloped { end += slope * (lines + current.leftLines) }
                if end >= low {
                    push(Pending(node: Unmanaged.passUnretained(current), items: items, lines: lines, start: start))
                    node = current.left
                    continue
                }
            }
            let ownStart = start + current.leftExtent
            let ownLines = lines + current.leftLines
            var ownEnd = ownStart + current.own.maxEnd
            if sloped { ownEnd += slope * (ownLines + current.own.lineCount) }
            if ownEnd >= low {
                push(Pending(node: Unmanaged.passUnretained(current), items: items, lines: lines, start: start))
                return
            }
            items += current.leftItems + current.own.itemCount
            lines = ownLines + current.own.lineCount
            start = ownStart + current.own.extent
            node = current.right
        }
    }

    /// The next chunk and where it sits, or nil past the last.
    mutating func next(work: inout some WorkCounter) -> LineTree.Position? {
        guard let entry = pop() else { return nil }
        work += 1
        let node = entry.node.takeUnretainedValue()
        let (items, lines, start) = (entry.items, entry.lines, entry.start)
        let position = LineTree.Position(
            node: node, firstItem: items + node.leftItems, firstLine: lines + node.leftLines, start: start + node.leftExtent)
        // The right subtree's leftmost chunks come next.
        var child = node.right
        let rightItems = position.firstItem + node.own.itemCount
        let rightLines = position.firstLine + node.own.lineCount
        let rightStart = position.start + node.own.extent
        while let current = child {
            push(Pending(node: Unmanaged.passUnretained(current), items: rightItems, lines: rightLines, start: rightStart))
            child = current.left
        }
        return position
    }
}
