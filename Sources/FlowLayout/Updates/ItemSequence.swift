/// A section's items as runs of equal items in an implicit treap (keyed by position): a range is
/// replaced in O(log n + runs given), an item read in O(log n), and nothing is broken into lines.
/// What a batch of updates edits once re-breaking lines after each operation would cost more than
/// breaking the result once (docs/flow-layout.md §16); the lines are then broken from `forEachRun`.
///
/// Nodes live in one array and refer to each other by index: no allocation per node, and the
/// sequence is dropped whole. A value type, used by one update at a time.
struct ItemSequence {
    private struct Node {
        var item: FlowItem
        var count: Int
        var left = -1
        var right = -1
        var priority: UInt64
        /// Items in this subtree.
        var total: Int
    }

    private var nodes: [Node] = []
    private var root = -1
    private var priorities: PriorityStream

    /// The items `runs` hands over, in order. O(runs): the treap is built on a stack (a Cartesian tree
    /// of the random priorities), not by n insertions.
    init(seed: UInt64, runs: ((FlowItem, Int) -> Void) -> Void) {
        priorities = PriorityStream(seed: seed)
        var spine: [Int] = []
        runs { item, count in
            guard count > 0 else { return }
            let index = nodes.count
            nodes.append(Node(item: item, count: count, priority: priorities.next(), total: count))
            var last = -1
            while let top = spine.last, nodes[top].priority < nodes[index].priority {
                last = spine.removeLast()
                update(last)
            }
            nodes[index].left = last
            if let top = spine.last { nodes[top].right = index }
            spine.append(index)
        }
        // The root is the node of highest priority: the bottom of the spine.
        root = spine.first ?? -1
        while let top = spine.popLast() { update(top) }
    }

    /// Items in the sequence. O(1).
    var count: Int { root < 0 ? 0 : nodes[root].total }

    /// Item `index` (below `count`). O(log n).
    func item(_ index: Int, work: inout Int) -> FlowItem {
        var node = root
        var offset = index
        while true {
            work += 1
            let left = nodes[node].left
            let before = left < 0 ? 0 : nodes[left].total
            if offset < before {
                node = left
            } else if offset < before + nodes[node].count {
                return nodes[node].item
            } else {
                offset -= before + nodes[node].count
                node = nodes[node].right
            }
        }
    }

    /// Items `range` replaced by `runs`. O(log n + runs), expected.
    mutating func replace(_ range: Range<Int>, with runs: [(item: FlowItem, count: Int)], work: inout Int) {
        let (head, rest) = split(root, at: range.lowerBound, work: &work)
        let (_, tail) = split(rest, at: range.count, work: &work)
        var middle = -1
        for run in runs where run.count > 0 {
            nodes.append(Node(item: run.item, count: run.count, priority: priorities.next(), total: run.count))
            middle = merge(middle, nodes.count - 1, work: &work)
        }
        root = merge(merge(head, middle, work: &work), tail, work: &work)
    }

    /// Hands `body` the items in order, a node's run as one call. O(runs), without recursion.
    func forEachRun(_ body: (FlowItem, Int) -> Void) {
        var stack: [Int] = []
        var node = root
        while node >= 0 || !stack.isEmpty {
            while node >= 0 {
                stack.append(node)
                node = nodes[node].left
            }
            node = stack.removeLast()
            body(nodes[node].item, nodes[node].count)
            node = nodes[node].right
        }
    }

    private mutating func update(_ node: Int) {
        let left = nodes[node].left
        let right = nodes[node].right
        nodes[node].total = nodes[node].count + (left < 0 ? 0 : nodes[left].total) + (right < 0 ? 0 : nodes[right].total)
    }

    /// The first `position` items and the rest; a run straddling the cut is split in two.
    private mutating func split(_ node: Int, at position: Int, work: inout Int) -> (Int, Int) {
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
        // The cut falls inside this node's run: its second part becomes a node of its own, first in
        // the right subtree.
        let kept = position - before
        let moved = Node(item: nodes[node].item, count: nodes[node].count - kept, priority: priorities.next(), total: 0)
        nodes.append(moved)
        let second = nodes.count - 1
        update(second)
        let right = merge(second, nodes[node].right, work: &work)
        nodes[node].count = kept
        nodes[node].right = -1
        update(node)
        return (node, right)
    }

    private mutating func merge(_ a: Int, _ b: Int, work: inout Int) -> Int {
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
