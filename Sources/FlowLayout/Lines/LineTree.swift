/// A section's lines as a persistent treap of `LineChunk`s in line order, each node keeping its
/// chunk's and its subtree's `LineSummary`. Immutable: an update builds new nodes along the paths it
/// changes and shares every other node with the layout it came from, which keeps answering
/// (docs/flow-layout.md §16).
///
/// Positions are relative: a line's start is the sum of the extents before it, found on the way down,
/// so inserting lines moves everything after them without touching it. Splits and merges cost the
/// tree's depth, O(log n) expected; priorities only shape the tree, never what it holds.
final class LineNode: Sendable {
    let left: LineNode?
    let chunk: LineChunk
    let right: LineNode?
    let priority: UInt64
    /// The chunk's own summary, and the whole subtree's (left, chunk, right).
    let own: LineSummary
    let summary: LineSummary
    /// Where this node's chunk starts within its subtree: kept here so that a walk down reads one
    /// node a level, not its left child too (a cache miss a level on a large layout).
    private let leftItemCount: Int32
    private let leftLineCount: Int32
    let leftExtent: FixedLength
    var leftItems: Int { Int(leftItemCount) }
    var leftLines: Int { Int(leftLineCount) }

    private init(_ left: LineNode?, _ chunk: LineChunk, own: LineSummary, _ right: LineNode?, priority: UInt64) {
        self.left = left
        self.chunk = chunk
        self.right = right
        self.priority = priority
        self.own = own
        let before = left?.summary ?? LineSummary()
        self.summary = before + own + (right?.summary ?? LineSummary())
        self.leftItemCount = Int32(before.itemCount)
        self.leftLineCount = Int32(before.lineCount)
        self.leftExtent = before.extent
    }

    /// A node of one chunk, without children.
    convenience init(_ chunk: LineChunk, priority: UInt64, lineSpacing: FixedLength) {
        var own = LineSummary(chunk, lineSpacing: lineSpacing)
        own.bytes = Self.byteCount(of: chunk)
        self.init(nil, chunk, own: own, nil, priority: priority)
    }

    /// This node's chunk under other children.
    func with(left: LineNode?, right: LineNode?) -> LineNode {
        LineNode(left, chunk, own: own, right, priority: priority)
    }

    /// The last fenced line of this node's listed chunk starting below `bound` (see
    /// `ListedLines.fencedLine`); line 0 for a run.
    @inline(__always)
    func listedFence(startingBelow bound: FixedLength) -> (line: Int, start: FixedLength) {
        guard case .listed(let lines) = chunk.kind else { return (0, .zero) }
        return lines.fencedLine(startingBelow: bound)
    }

    /// Bytes one node keeps alive: its object (a header, its fields, the allocator's header) and its
    /// chunk's storage.
    static func byteCount(of chunk: LineChunk) -> Int {
        16 + 16 + MemoryLayout<LineNode?>.size * 2 + MemoryLayout<LineChunk>.size + 8 + MemoryLayout<LineSummary>.stride * 2
            + 2 * 4 + MemoryLayout<FixedLength>.size + chunk.heapByteCount
    }
}

/// The operations on a tree of lines; `nil` is the empty tree.
enum LineTree {
    /// `a`'s lines followed by `b`'s.
    static func merge(_ a: LineNode?, _ b: LineNode?, work: inout some WorkCounter) -> LineNode? {
        guard let a else { return b }
        guard let b else { return a }
        work += 1
        if a.priority >= b.priority {
            return a.with(left: a.left, right: merge(a.right, b, work: &work))
        }
        return b.with(left: merge(a, b.left, work: &work), right: b.right)
    }

    /// The first `lines` lines and the rest; a chunk straddling the cut is split in two.
    static func split(_ node: LineNode?, atLine lines: Int, lineSpacing: FixedLength, work: inout some WorkCounter)
        -> (LineNode?, LineNode?)
    {
        guard let node else { return (nil, nil) }
        work += 1
        let leftLines = node.left?.summary.lineCount ?? 0
        let chunkLines = node.own.lineCount
        if lines <= leftLines {
            let (head, tail) = split(node.left, atLine: lines, lineSpacing: lineSpacing, work: &work)
            return (head, node.with(left: tail, right: node.right))
        }
        if lines >= leftLines + chunkLines {
            let (head, tail) = split(node.right, atLine: lines - leftLines - chunkLines, lineSpacing: lineSpacing, work: &work)
            return (node.with(left: node.left, right: head), tail)
        }
        let (first, second) = node.chunk.split(atLine: lines - leftLines, lineSpacing: lineSpacing)
        if case .listed = node.chunk.kind { work += node.own.itemCount } else { work += 1 }
        let head = LineNode(first, priority: node.priority, lineSpacing: lineSpacing)
        let tail = LineNode(second, priority: node.priority, lineSpacing: lineSpacing)
        return (merge(node.left, head, work: &work), merge(tail, node.right, work: &work))
    }

    /// A tree of `chunks` in order, in O(chunks): the Cartesian tree of their priorities.
    static func build(_ chunks: [LineChunk], priorities: inout PriorityStream, lineSpacing: FixedLength) -> LineNode? {
        // The right spine, bottom last; each new chunk takes over the nodes of lower priority.
        var spine: [LineNode] = []
        for chunk in chunks {
            var node = LineNode(chunk, priority: priorities.next(), lineSpacing: lineSpacing)
            var taken: LineNode?
            while let last = spine.last, last.priority < node.priority {
                spine.removeLast()
                taken = last.with(left: last.left, right: taken)
            }
            node = node.with(left: taken, right: nil)
            spine.append(node)
        }
        var root: LineNode?
        while let last = spine.popLast() { root = last.with(left: last.left, right: root) }
        return root
    }

    /// Where a chunk sits in its tree: its first item and line, and its first line's start relative to
    /// the tree's first line.
    struct Position {
        var node: LineNode
        var firstItem: Int
        var firstLine: Int
        var start: FixedLength
    }

    /// The chunk holding item `index` (`index` below the tree's item count).
    static func chunk(holdingItem index: Int, in root: LineNode, work: inout some WorkCounter) -> Position {
        chunk(holding: index, byItems: true, in: root, work: &work)
    }

    /// The chunk holding line `index` (`index` below the tree's line count).
    static func chunk(holdingLine index: Int, in root: LineNode, work: inout some WorkCounter) -> Position {
        chunk(holding: index, byItems: false, in: root, work: &work)
    }

    /// Walks down to the chunk holding unit `index`, counting items or lines (a flag, not a key path:
    /// projecting one costs a call a level).
    private static func chunk(holding index: Int, byItems: Bool, in root: LineNode, work: inout some WorkCounter) -> Position {
        var node = root
        var (items, lines, start) = (0, 0, FixedLength.zero)
        while true {
            work += 1
            let here = (items + node.leftItems, lines + node.leftLines, start + node.leftExtent)
            let units = byItems ? here.0 : here.1
            if index < units, let child = node.left {
                node = child
                continue
            }
            if index < units + (byItems ? node.own.itemCount : node.own.lineCount) || node.right == nil {
                return Position(node: node, firstItem: here.0, firstLine: here.1, start: here.2)
            }
            (items, lines, start) = (here.0 + node.own.itemCount, here.1 + node.own.lineCount, here.2 + node.own.extent)
            node = node.right!
        }
    }

    /// Calls `visit` with each chunk in order whose lines may reach `low...high` (relative to the first
    /// line's start, grown by `slope` a line: CSS `align-content`'s share), with its position; stops
    /// when `visit` says so. O(depth + chunks visited).
    @discardableResult
    static func forEachChunk<Counter: WorkCounter>(
        in node: LineNode?, low: FixedLength, high: FixedLength, slope: FixedLength = .zero, work: inout Counter,
        before: (items: Int, lines: Int, start: FixedLength) = (0, 0, .zero),
        _ visit: (Position, inout Counter) -> Bool
    ) -> Bool {
        guard let node else { return true }
        work += 1
        switch reach(node.summary, start: before.start, line: before.lines, low: low, high: high, slope: slope) {
        case .after: return false
        case .before: return true
        case .within: break
        }
        guard forEachChunk(in: node.left, low: low, high: high, slope: slope, work: &work, before: before, visit) else {
            return false
        }
        let (here, after) = positions(of: node, before: before)
        // The chunk itself only when its own lines may reach `low` (on the way down to a later chunk
        // they all end before it).
        switch reach(node.own, start: here.start, line: here.firstLine, low: low, high: high, slope: slope) {
        case .after: return false
        case .within: guard visit(here, &work) else { return false }
        case .before: break
        }
        return forEachChunk(in: node.right, low: low, high: high, slope: slope, work: &work, before: after, visit)
    }

    /// `forEachChunk`'s chunks from the last to the first, for a search that wants the last line
    /// holding something (a hit test): subtrees whose lines all miss `low...high` are skipped whole,
    /// and `visit` answering false ends the walk. O(depth + chunks visited).
    @discardableResult
    static func forEachChunkBackwards<Counter: WorkCounter>(
        in node: LineNode?, low: FixedLength, high: FixedLength, slope: FixedLength = .zero, work: inout Counter,
        before: (items: Int, lines: Int, start: FixedLength) = (0, 0, .zero),
        _ visit: (Position, inout Counter) -> Bool
    ) -> Bool {
        guard let node else { return true }
        work += 1
        guard reach(node.summary, start: before.start, line: before.lines, low: low, high: high, slope: slope) == .within else {
            return true
        }
        let (here, after) = positions(of: node, before: before)
        guard forEachChunkBackwards(in: node.right, low: low, high: high, slope: slope, work: &work, before: after, visit) else {
            return false
        }
        if reach(node.own, start: here.start, line: here.firstLine, low: low, high: high, slope: slope) == .within {
            guard visit(here, &work) else { return false }
        }
        return forEachChunkBackwards(in: node.left, low: low, high: high, slope: slope, work: &work, before: before, visit)
    }

    /// Where lines summed by `summary`, the first starting at `start` (line `line` of the section),
    /// lie against `low...high`: all end before it, all start after it, or some may reach it.
    private enum Reach { case before, within, after }

    private static func reach(
        _ summary: LineSummary, start: FixedLength, line: Int, low: FixedLength, high: FixedLength, slope: FixedLength
    ) -> Reach {
        let shift = slope * line
        if start + summary.minStart + shift > high { return .after }
        if start + summary.maxEnd + shift + slope * summary.lineCount < low { return .before }
        return .within
    }

    /// A node's chunk's position, its subtree starting at `before`, and where its right subtree starts.
    private static func positions(
        of node: LineNode, before: (items: Int, lines: Int, start: FixedLength)
    ) -> (here: Position, after: (items: Int, lines: Int, start: FixedLength)) {
        let here = Position(
            node: node, firstItem: before.items + node.leftItems, firstLine: before.lines + node.leftLines,
            start: before.start + node.leftExtent)
        return (here, (here.firstItem + node.own.itemCount, here.firstLine + node.own.lineCount, here.start + node.own.extent))
    }
}

/// Priorities for new nodes: a SplitMix64 sequence from a seed that depends on what is being built, so
/// a layout is built the same way on every run, and neighbouring chunks get unrelated priorities.
struct PriorityStream {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
