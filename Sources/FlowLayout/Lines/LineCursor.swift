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
    init(_ root: LineNode?, reaching low: FixedLength, slope: FixedLength, stack: UnsafeMutableBufferPointer<Pending>, work: inout Int) {
        self.stack = stack
        var node = root
        var items = 0
        var lines = 0
        var start = FixedLength.zero
        let sloped = slope != .zero
        while let current = node {
            work += 1
            if let left = current.left {
                var end = start + left.summary.maxEnd
                if sloped { end += slope * (lines + left.summary.lineCount) }
                if end >= low {
                    push(Pending(node: Unmanaged.passUnretained(current), items: items, lines: lines, start: start))
                    node = left
                    continue
                }
            }
            let before = current.left?.summary
            let ownStart = start + (before?.extent ?? .zero)
            let ownLines = lines + (before?.lineCount ?? 0)
            var ownEnd = ownStart + current.own.maxEnd
            if sloped { ownEnd += slope * (ownLines + current.own.lineCount) }
            if ownEnd >= low {
                push(Pending(node: Unmanaged.passUnretained(current), items: items, lines: lines, start: start))
                return
            }
            items += (before?.itemCount ?? 0) + current.own.itemCount
            lines = ownLines + current.own.lineCount
            start = ownStart + current.own.extent
            node = current.right
        }
    }

    /// The next chunk and where it sits, or nil past the last.
    mutating func next(work: inout Int) -> LineTree.Position? {
        guard let entry = pop() else { return nil }
        work += 1
        let node = entry.node.takeUnretainedValue()
        let (items, lines, start) = (entry.items, entry.lines, entry.start)
        let before = node.left?.summary
        let position = LineTree.Position(
            node: node, firstItem: items + (before?.itemCount ?? 0), firstLine: lines + (before?.lineCount ?? 0),
            start: start + (before?.extent ?? .zero))
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
