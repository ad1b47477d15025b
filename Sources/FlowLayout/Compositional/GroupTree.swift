/// The groups of a compositional section whose cells are measured (docs/flow-layout.md §23.8): a
/// persistent treap of `GroupChunk`s in group order, each node keeping its chunk's and its subtree's
/// `GroupSummary`. As `LineNode`: immutable, with relative and exact (`FixedLength`) positions, so an
/// update fills again only the groups it reached, shares every other node, and gives the frames of a
/// fresh registration bit for bit. Splits and merges cost the tree's depth, O(log n) expected.
final class GroupNode: Sendable {
    // Fields in the order a walk down reads them: the first two cache lines hold all it needs.
    let left: GroupNode?
    let right: GroupNode?
    /// Where this node's chunk starts within its subtree, and how far the cells before it reach: kept
    /// here so that a walk down reads one node a level, not its left child too (a cache miss a level
    /// on a large layout).
    let leftMaxEnd: FixedLength
    let leftAdvance: FixedLength
    private let leftGroupCount: Int32
    private let leftCellCount: Int32
    /// The chunk's own summary, and the whole subtree's (left, chunk, right).
    let own: GroupSummary
    let chunk: GroupChunk
    let priority: UInt64
    let summary: GroupSummary
    var leftGroups: Int { Int(leftGroupCount) }
    var leftCells: Int { Int(leftCellCount) }

    fileprivate init(_ left: GroupNode?, _ chunk: GroupChunk, own: GroupSummary, _ right: GroupNode?, priority: UInt64) {
        self.left = left
        self.chunk = chunk
        self.right = right
        self.priority = priority
        self.own = own
        let before = left?.summary ?? GroupSummary()
        self.summary = before + own + (right?.summary ?? GroupSummary())
        (leftGroupCount, leftCellCount) = (Int32(before.groupCount), Int32(before.cellCount))
        (leftAdvance, leftMaxEnd) = (before.advance, before.maxEnd)
    }

    convenience init(_ chunk: GroupChunk, priority: UInt64, axes: GroupAxes) {
        self.init(chunk, own: chunk.summary(axes), priority: priority)
    }

    /// A node of one chunk whose summary is known, without children.
    convenience init(_ chunk: GroupChunk, own: GroupSummary, priority: UInt64) {
        self.init(nil, chunk, own: own, nil, priority: priority)
    }

    func with(left: GroupNode?, right: GroupNode?) -> GroupNode {
        GroupNode(left, chunk, own: own, right, priority: priority)
    }
}

/// How groups follow one another: the spacing between them, and whether along x.
struct GroupAxes: Sendable {
    var spacing: Double
    var alongX: Bool

    /// A cell's extremes along the groups' axis and across it.
    @inline(__always) func along(_ frame: Rect) -> (Double, Double) { alongX ? (frame.minX, frame.maxX) : (frame.minY, frame.maxY) }
    @inline(__always) func across(_ frame: Rect) -> (Double, Double) { alongX ? (frame.minY, frame.maxY) : (frame.minX, frame.maxX) }
    /// Where a group `length` long puts the next one: the unit every start is summed in.
    @inline(__always) func stride(_ length: Double) -> FixedLength { FixedLength(length + spacing) }
}

/// What a run of groups adds up to. Combining two is O(1).
struct GroupSummary: Sendable {
    // Counts are 32-bit, as a section's items are (`LineSummary.maxItems`); the fields a walk down
    // reads come first.
    private var groups: Int32 = 0
    private var cells: Int32 = 0
    var groupCount: Int {
        get { Int(groups) }
        set { groups = Int32(newValue) }
    }
    var cellCount: Int {
        get { Int(cells) }
        set { cells = Int32(newValue) }
    }
    /// Σ (length + spacing): where the next group would start, from the first one's start.
    var advance = FixedLength.zero
    /// The cells' greatest end and least start along the groups' axis, from the first group's start.
    var maxEnd = FixedLength.least
    var minStart = FixedLength.greatest
    /// The cells' extremes across the axis, from the groups' origin, and the thickest group.
    var acrossLow = Double.infinity
    var acrossHigh = -Double.infinity
    var thickness = 0.0
    /// The least of the chunks' reaches before their groups' starts (`GroupChunk.reach`).
    var reachLow = 0.0
    var bytes = 0

    static func + (a: GroupSummary, b: GroupSummary) -> GroupSummary {
        var sum = a
        sum.groupCount += b.groupCount
        sum.cellCount += b.cellCount
        sum.advance = a.advance + b.advance
        if b.groupCount > 0 {
            sum.minStart = FixedLength.min(a.minStart, a.advance + b.minStart)
            sum.maxEnd = FixedLength.max(a.maxEnd, a.advance + b.maxEnd)
        }
        sum.acrossLow = Swift.min(a.acrossLow, b.acrossLow)
        sum.acrossHigh = Swift.max(a.acrossHigh, b.acrossHigh)
        sum.thickness = Swift.max(a.thickness, b.thickness)
        sum.reachLow = Swift.min(a.reachLow, b.reachLow)
        sum.bytes += b.bytes
        return sum
    }
}

/// The operations on a tree of groups; `nil` is the empty tree.
enum GroupTree {
    /// `a`'s groups followed by `b`'s.
    static func merge(_ a: GroupNode?, _ b: GroupNode?, work: inout some WorkCounter) -> GroupNode? {
        guard let a else { return b }
        guard let b else { return a }
        work += 1
        if a.priority >= b.priority { return a.with(left: a.left, right: merge(a.right, b, work: &work)) }
        return b.with(left: merge(a, b.left, work: &work), right: b.right)
    }

    /// The first `groups` groups and the rest; a chunk straddling the cut is split in two.
    static func split(_ node: GroupNode?, atGroup groups: Int, axes: GroupAxes, work: inout some WorkCounter) -> (GroupNode?, GroupNode?) {
        guard let node else { return (nil, nil) }
        work += 1
        let leftGroups = node.left?.summary.groupCount ?? 0
        let chunkGroups = node.own.groupCount
        if groups <= leftGroups {
            let (head, tail) = split(node.left, atGroup: groups, axes: axes, work: &work)
            return (head, node.with(left: tail, right: node.right))
        }
        if groups >= leftGroups + chunkGroups {
            let (head, tail) = split(node.right, atGroup: groups - leftGroups - chunkGroups, axes: axes, work: &work)
            return (node.with(left: node.left, right: head), tail)
        }
        let (first, second) = node.chunk.split(atGroup: groups - leftGroups, axes)
        // A listed chunk's arrays are copied; alike groups are counted, not copied.
        if case .listed = node.chunk.kind { work += node.own.cellCount } else { work += 1 }
        let head = GroupNode(first, priority: node.priority, axes: axes)
        let tail = GroupNode(second, priority: node.priority, axes: axes)
        return (merge(node.left, head, work: &work), merge(tail, node.right, work: &work))
    }

    /// A tree of `chunks` in order, with their summaries, in O(chunks): the Cartesian tree of their
    /// priorities (a parent's at least its children's; of two equal ones, the later is below), its
    /// shape found first so that each node is made once, children before parents.
    static func build(_ chunks: [(chunk: GroupChunk, own: GroupSummary)], priorities stream: inout PriorityStream) -> GroupNode? {
        guard !chunks.isEmpty else { return nil }
        let priorities = chunks.map { _ in stream.next() }
        var left = [Int](repeating: -1, count: chunks.count)
        var right = left
        var spine: [Int] = []
        for index in chunks.indices {
            var taken = -1
            while let last = spine.last, priorities[last] < priorities[index] { taken = spine.removeLast() }
            left[index] = taken
            if let last = spine.last { right[last] = index }
            spine.append(index)
        }
        func node(_ index: Int) -> GroupNode? {
            guard index >= 0 else { return nil }
            return GroupNode(node(left[index]), chunks[index].chunk, own: chunks[index].own, node(right[index]), priority: priorities[index])
        }
        return node(spine[0])
    }

    /// Where a chunk sits in its tree: its first group and cell, and its start from the tree's first group.
    struct Position {
        var node: GroupNode
        var firstGroup: Int
        var firstCell: Int
        var start: FixedLength
    }

    /// The chunk holding cell `index` (below the tree's cell count), or group `index` (`byCells` false).
    static func chunk(holding index: Int, byCells: Bool, in root: GroupNode, work: inout some WorkCounter) -> Position {
        var node = root
        var (groups, cells, start) = (0, 0, FixedLength.zero)
        while true {
            work += 1
            let here = (groups + node.leftGroups, cells + node.leftCells, start + node.leftAdvance)
            let units = byCells ? here.1 : here.0
            if index < units, let child = node.left {
                node = child
                continue
            }
            if index < units + (byCells ? node.own.cellCount : node.own.groupCount) || node.right == nil {
                return Position(node: node, firstGroup: here.0, firstCell: here.1, start: here.2)
            }
            (groups, cells, start) = (here.0 + node.own.groupCount, here.1 + node.own.cellCount, here.2 + node.own.advance)
            node = node.right!
        }
    }

    /// Calls `visit` with each chunk in order whose cells may reach `low...high` (from the first
    /// group's start); stops when `visit` says so. O(depth + chunks visited).
    @discardableResult
    static func forEachChunk<Counter: WorkCounter>(
        in node: GroupNode?, low: FixedLength, high: FixedLength, work: inout Counter,
        before: (groups: Int, cells: Int, start: FixedLength) = (0, 0, .zero), _ visit: (Position, inout Counter) -> Bool
    ) -> Bool {
        guard let node else { return true }
        work += 1
        if before.start + node.summary.minStart > high || before.start + node.summary.maxEnd < low { return true }
        guard forEachChunk(in: node.left, low: low, high: high, work: &work, before: before, visit) else { return false }
        let here = Self.position(of: node, before: before)
        if !(here.start + node.own.minStart > high || here.start + node.own.maxEnd < low) {
            guard visit(here, &work) else { return false }
        }
        return forEachChunk(in: node.right, low: low, high: high, work: &work, before: Self.after(here), visit)
    }

    /// `forEachChunk` for groups whose starts and ends never go backwards (a spacing of at least 0):
    /// a left subtree is entered only when its cells reach `low` (its reach is kept in the node, so a
    /// pruned child is never read), and the walk ends at the first chunk whose groups start past
    /// `high` (less `reachLow`, the most any cell reaches before its group). O(depth + chunks
    /// visited); false once the walk is done.
    @discardableResult
    static func forEachChunkInOrder<Counter: WorkCounter>(
        in node: GroupNode?, low: FixedLength, high: FixedLength, reachLow: FixedLength, work: inout Counter,
        before: (groups: Int, cells: Int, start: FixedLength) = (0, 0, .zero), _ visit: (Position, inout Counter) -> Bool
    ) -> Bool {
        guard let node else { return true }
        work += 1
        if node.left != nil && !(before.start + node.leftMaxEnd < low) {
            guard forEachChunkInOrder(in: node.left, low: low, high: high, reachLow: reachLow, work: &work, before: before, visit) else {
                return false
            }
        }
        let here = position(of: node, before: before)
        if here.start + reachLow > high { return false }
        if !(here.start + node.own.maxEnd < low) {
            guard visit(here, &work) else { return false }
        }
        return forEachChunkInOrder(in: node.right, low: low, high: high, reachLow: reachLow, work: &work, before: after(here), visit)
    }

    /// A node's chunk's position, its subtree starting at `before`.
    @inline(__always)
    private static func position(of node: GroupNode, before: (groups: Int, cells: Int, start: FixedLength)) -> Position {
        Position(
            node: node, firstGroup: before.groups + node.leftGroups, firstCell: before.cells + node.leftCells,
            start: before.start + node.leftAdvance)
    }

    /// Where the groups after a chunk's start: its right subtree's `before`.
    @inline(__always)
    private static func after(_ here: Position) -> (groups: Int, cells: Int, start: FixedLength) {
        (here.firstGroup + here.node.own.groupCount, here.firstCell + here.node.own.cellCount, here.start + here.node.own.advance)
    }
}
