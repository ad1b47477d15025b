/// A section's items while a batch edits them without breaking lines: a piece table in an implicit
/// treap (keyed by position), each piece either a stretch of the section's items before the batch
/// (by their first index there) or a run of equal items the batch gave. Made in O(1) from the section
/// (one piece), a range replaced in O(log pieces + runs given), an item found in O(log pieces); the
/// lines are broken from `forEachPiece` once, the untouched stretches read straight from the old
/// lines. What a batch of updates edits once re-breaking lines after each operation would cost more
/// than breaking the result once (docs/flow-layout.md §16).
///
/// Nodes live in one array and refer to each other by index: no allocation per node, and the
/// sequence is dropped whole. A value type, used by one update at a time.
struct ItemSequence {
    /// One piece: `count` items, from index `source` of the section before the batch, or (`source`
    /// negative) `count` copies of `item`.
    enum Piece {
        case original(Range<Int>)
        case items(FlowItem, count: Int)
    }

    private struct Node {
        var item: FlowItem
        var count: Int
        var source: Int
        var left = -1
        var right = -1
        var priority: UInt64
        /// Items in this subtree.
        var total: Int
    }

    private var nodes: [Node] = []
    private var root = -1
    private var priorities: PriorityStream
    /// Stands for the item of an original piece, which is read from the old lines instead.
    private static let placeholder = FlowItem(size: Size(width: 0, height: 0))

    /// The section's `count` items before the batch, as one piece. O(1).
    init(seed: UInt64, count: Int) {
        priorities = PriorityStream(seed: seed)
        guard count > 0 else { return }
        nodes.append(Node(item: Self.placeholder, count: count, source: 0, priority: priorities.next(), total: count))
        root = 0
    }

    /// Items in the sequence. O(1).
    var count: Int { root < 0 ? 0 : nodes[root].total }

    /// Item `index` (below `count`): the item the batch gave, or (`.original`) the index it had
    /// before the batch, as a one-item range. O(log pieces).
    func piece(holding index: Int, work: inout some WorkCounter) -> Piece {
        var node = root
        var offset = index
        while true {
            work += 1
            let left = nodes[node].left
            let before = left < 0 ? 0 : nodes[left].total
            if offset < before {
                node = left
            } else if offset < before + nodes[node].count {
                let source = nodes[node].source
                let at = offset - before
                return source < 0 ? .items(nodes[node].item, count: 1) : .original(source + at..<source + at + 1)
            } else {
                offset -= before + nodes[node].count
                node = nodes[node].right
            }
        }
    }

    /// Items `range` replaced by `runs`. O(log pieces + runs), expected.
    mutating func replace(_ range: Range<Int>, with runs: [(item: FlowItem, count: Int)], work: inout some WorkCounter) {
        let (head, rest) = split(root, at: range.lowerBound, work: &work)
        let (_, tail) = split(rest, at: range.count, work: &work)
        var middle = -1
        for run in runs where run.count > 0 {
            nodes.append(Node(item: run.item, count: run.count, source: -1, priority: priorities.next(), total: run.count))
            middle = merge(middle, nodes.count - 1, work: &work)
        }
        root = merge(merge(head, middle, work: &work), tail, work: &work)
    }

    /// Hands `body` the pieces in order. O(pieces), without recursion.
    func forEachPiece(_ body: (Piece) -> Void) {
        var stack: [Int] = []
        var node = root
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                stack.append(node)
                node = nodes[node].left
            }
            node = stack.removeLast()
            let source = nodes[node].source, count = nodes[node].count
            body(source < 0 ? .items(nodes[node].item, count: count) : .original(source..<source + count))
            node = nodes[node].right
        }
    }

    private mutating func update(_ node: Int) {
        let left = nodes[node].left
        let right = nodes[node].right
        nodes[node].total = nodes[node].count + (left < 0 ? 0 : nodes[left].total) + (right < 0 ? 0 : nodes[right].total)
    }

    /// The first `position` items and the rest; a run straddling the cut is split in two.
    private mutating func split(_ node: Int, at position: Int, work: inout some WorkCounter) -> (Int, Int) {
        guard node >= 0 else { return (-1, -1) }
        work += 1
        let left = nodes[node].left
        let before = left < 0 ? 0 : nodes[left].total
        if position <= before {
            let (a, b) = split(left, at: position, work: &work)
            nodes[node].left = b
            update(node)
            return (a, node)
        }
        if position >= before + nodes[node].count {
            let (a, b) = split(nodes[node].right, at: position - before - nodes[node].count, work: &work)
            nodes[node].right = a
            update(node)
            return (node, b)
        }
        // The cut falls inside this node's piece: its second part becomes a node of its own, first in
        // the right subtree (an original stretch's second part starts `kept` items further on).
        let kept = position - before
        let source = nodes[node].source
        let moved = Node(
            item: nodes[node].item, count: nodes[node].count - kept, source: source < 0 ? -1 : source + kept,
            priority: priorities.next(), total: 0)
        nodes.append(moved)
        let second = nodes.count - 1
        update(second)
        let right = merge(second, nodes[node].right, work: &work)
        nodes[node].count = kept
        nodes[node].right = -1
        update(node)
        return (node, right)
    }

    private mutating func merge(_ a: Int, _ b: Int, work: inout some WorkCounter) -> Int {
        guard a >= 0 else { return b }
        guard b >= 0 else { return a }
        work += 1
        if nodes[a].priority >= nodes[b].priority {
            nodes[a].right = merge(nodes[a].right, b, work: &work)
            update(a)
            return a
        }
        nodes[b].left = merge(a, nodes[b].left, work: &work)
        update(b)
        return b
    }
}
