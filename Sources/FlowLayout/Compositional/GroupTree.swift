/// The groups of a compositional section whose cells are measured (docs/flow-layout.md §23.8): a
/// persistent treap of `GroupChunk`s in group order, each node keeping its chunk's and its subtree's
/// `GroupSummary`. As `LineNode`: immutable, with relative and exact (`FixedLength`) positions, so an
/// update fills again only the groups it reached, shares every other node, and gives the frames of a
/// fresh registration bit for bit. Splits and merges cost the tree's depth, O(log n) expected.
final class GroupNode: Sendable {
    let left: GroupNode?
    let chunk: GroupChunk
    let right: GroupNode?
    let priority: UInt64
    /// The chunk's own summary, and the whole subtree's (left, chunk, right).
    let own: GroupSummary
    let summary: GroupSummary

    private init(_ left: GroupNode?, _ chunk: GroupChunk, own: GroupSummary, _ right: GroupNode?, priority: UInt64) {
        self.left = left
        self.chunk = chunk
        self.right = right
        self.priority = priority
        self.own = own
        self.summary = (left?.summary ?? GroupSummary()) + own + (right?.summary ?? GroupSummary())
    }

    convenience init(_ chunk: GroupChunk, priority: UInt64, axes: GroupAxes) {
        self.init(nil, chunk, own: chunk.summary(axes), nil, priority: priority)
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
    var groupCount = 0
    var cellCount = 0
    /// Σ (length + spacing): where the next group would start, from the first one's start.
    var advance = FixedLength.zero
    /// The cells' least start and greatest end along the groups' axis, from the first group's start.
    var minStart = FixedLength.greatest
    var maxEnd = FixedLength.least
    /// The cells' extremes across the axis, from the groups' origin, and the thickest group.
    var acrossLow = Double.infinity
    var acrossHigh = -Double.infinity
    var thickness = 0.0
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
        sum.bytes += b.bytes
        return sum
    }
}

/// Groups in order: `count` alike ones (an unmeasured stretch of a section), or groups listed one by one.
enum GroupChunk: Sendable {
    case alike(count: Int, AlikeGroup)
    case listed(ListedGroups)

    var groupCount: Int {
        switch self {
        case .alike(let count, _): return count
        case .listed(let groups): return groups.lengths.count
        }
    }

    var cellCount: Int {
        switch self {
        case .alike(let count, let group): return count * group.template.count
        case .listed(let groups): return groups.cells.count
        }
    }

    /// Group `g`'s start from the chunk's, and its length.
    func span(ofGroup g: Int, _ axes: GroupAxes) -> (start: FixedLength, length: Double) {
        switch self {
        case .alike(_, let group): return (axes.stride(group.length) * g, group.length)
        case .listed(let groups): return (groups.starts[g], groups.lengths[g])
        }
    }

    /// How far the cells reach beyond their group's span along the axis (`ListedGroups.reach`).
    var reach: (low: Double, high: Double) {
        switch self {
        case .alike(_, let group): return group.reach
        case .listed(let groups): return groups.reach
        }
    }

    /// Group `g`'s first cell (from the chunk's) and frames.
    @inline(__always)
    func cells(ofGroup g: Int) -> (first: Int, frames: ArraySlice<CompositionalCell>) {
        switch self {
        case .alike(_, let group): return (g * group.template.count, group.template[...])
        case .listed(let groups):
            let end = g + 1 < groups.firstCells.count ? Int(groups.firstCells[g + 1]) : groups.cells.count
            let first = Int(groups.firstCells[g])
            return (first, groups.cells[first..<end])
        }
    }

    /// The group holding cell `cell` (from the chunk's first).
    func group(holdingCell cell: Int) -> Int {
        switch self {
        case .alike(_, let group): return cell / Swift.max(1, group.template.count)
        case .listed(let groups):
            var (low, high) = (0, groups.firstCells.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(groups.firstCells[middle]) <= cell { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// The first `g` groups and the rest (both non-empty: 0 < g < groupCount).
    func split(atGroup g: Int, _ axes: GroupAxes) -> (GroupChunk, GroupChunk) {
        switch self {
        case .alike(let count, let group):
            return (.alike(count: g, group), .alike(count: count - g, group))
        case .listed(let groups):
            return (.listed(groups.slice(0..<g)), .listed(groups.slice(g..<groups.lengths.count)))
        }
    }

    func summary(_ axes: GroupAxes) -> GroupSummary {
        var summary = GroupSummary()
        summary.groupCount = groupCount
        summary.cellCount = cellCount
        func note(_ frames: some Sequence<CompositionalCell>, start: FixedLength, into summary: inout GroupSummary) {
            var (low, high) = (Double.infinity, -Double.infinity)
            for cell in frames {
                let (along, across) = (axes.along(cell.frame), axes.across(cell.frame))
                (low, high) = (Swift.min(low, along.0), Swift.max(high, along.1))
                summary.acrossLow = Swift.min(summary.acrossLow, across.0)
                summary.acrossHigh = Swift.max(summary.acrossHigh, across.1)
            }
            guard low <= high else { return }
            summary.minStart = FixedLength.min(summary.minStart, start + FixedLength(low))
            summary.maxEnd = FixedLength.max(summary.maxEnd, start + FixedLength(high))
        }
        let bytes = 16 + 16 + 8 * 3 + MemoryLayout<GroupChunk>.size + 2 * MemoryLayout<GroupSummary>.stride
        switch self {
        case .alike(let count, let group):
            let stride = axes.stride(group.length)
            summary.advance = stride * count
            note(group.template, start: .zero, into: &summary)
            note(group.template, start: stride * (count - 1), into: &summary)
            summary.thickness = group.thickness
            summary.bytes = bytes
        case .listed(let groups):
            for g in groups.lengths.indices {
                summary.thickness = Swift.max(summary.thickness, groups.thicknesses[g])
                note(cells(ofGroup: g).frames, start: groups.starts[g], into: &summary)
            }
            summary.advance = groups.starts[groups.starts.count - 1] + axes.stride(groups.lengths[groups.lengths.count - 1])
            summary.bytes = bytes + groups.heapByteCount
        }
        return summary
    }
}

/// Groups listed one by one: each one's start (from the first's), length, thickness and first cell,
/// and every cell's frame in its group.
final class ListedGroups: Sendable {
    let starts: [FixedLength]
    let lengths: [Double]
    let thicknesses: [Double]
    let firstCells: [Int32]
    let cells: [CompositionalCell]
    /// How far the cells reach beyond their group's span along the axis, before (≤ 0) and after
    /// (≥ 0): what a search for the groups touching a span adds to it.
    let reach: (low: Double, high: Double)

    init(
        starts: [FixedLength], lengths: [Double], thicknesses: [Double], firstCells: [Int32], cells: [CompositionalCell],
        reach: (low: Double, high: Double)
    ) {
        (self.starts, self.lengths, self.thicknesses, self.firstCells, self.cells) = (starts, lengths, thicknesses, firstCells, cells)
        self.reach = reach
    }

    /// Groups `range` as a chunk of their own, their starts and first cells from the first of them;
    /// the reach of the whole bounds theirs.
    func slice(_ range: Range<Int>) -> ListedGroups {
        let base = starts[range.lowerBound]
        let firstCell = firstCells[range.lowerBound]
        let cellEnd = range.upperBound < firstCells.count ? Int(firstCells[range.upperBound]) : cells.count
        return ListedGroups(
            starts: starts[range].map { $0 - base }, lengths: Array(lengths[range]), thicknesses: Array(thicknesses[range]),
            firstCells: firstCells[range].map { $0 - firstCell }, cells: Array(cells[Int(firstCell)..<cellEnd]), reach: reach)
    }

    var heapByteCount: Int {
        5 * 48 + starts.count * (16 + 8 + 8 + 4) + cells.count * MemoryLayout<CompositionalCell>.stride
    }
}

/// One group repeated: its length and thickness, its cells, and how far they reach beyond its span.
final class AlikeGroup: Sendable {
    let length: Double
    let thickness: Double
    let template: [CompositionalCell]
    let reach: (low: Double, high: Double)

    init(length: Double, thickness: Double, template: [CompositionalCell], alongX: Bool) {
        (self.length, self.thickness, self.template) = (length, thickness, template)
        var reach = (low: 0.0, high: 0.0)
        for cell in template {
            let (low, high) = alongX ? (cell.frame.minX, cell.frame.maxX) : (cell.frame.minY, cell.frame.maxY)
            reach = (Swift.min(reach.low, low), Swift.max(reach.high, high - length))
        }
        self.reach = reach
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
        if case .listed = node.chunk { work += node.own.cellCount } else { work += 1 }
        let head = GroupNode(first, priority: node.priority, axes: axes)
        let tail = GroupNode(second, priority: node.priority, axes: axes)
        return (merge(node.left, head, work: &work), merge(tail, node.right, work: &work))
    }

    /// A tree of `chunks` in order, in O(chunks): the Cartesian tree of their priorities.
    static func build(_ chunks: [GroupChunk], priorities: inout PriorityStream, axes: GroupAxes) -> GroupNode? {
        var spine: [GroupNode] = []
        for chunk in chunks {
            var node = GroupNode(chunk, priority: priorities.next(), axes: axes)
            var taken: GroupNode?
            while let last = spine.last, last.priority < node.priority {
                spine.removeLast()
                taken = last.with(left: last.left, right: taken)
            }
            node = node.with(left: taken, right: nil)
            spine.append(node)
        }
        var root: GroupNode?
        while let last = spine.popLast() { root = last.with(left: last.left, right: root) }
        return root
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
            let before = node.left?.summary ?? GroupSummary()
            let here = (groups + before.groupCount, cells + before.cellCount, start + before.advance)
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
        let left = node.left?.summary ?? GroupSummary()
        let here = Position(
            node: node, firstGroup: before.groups + left.groupCount, firstCell: before.cells + left.cellCount,
            start: before.start + left.advance)
        if !(here.start + node.own.minStart > high || here.start + node.own.maxEnd < low) {
            guard visit(here, &work) else { return false }
        }
        let after = (here.firstGroup + node.own.groupCount, here.firstCell + node.own.cellCount, here.start + node.own.advance)
        return forEachChunk(in: node.right, low: low, high: high, work: &work, before: after, visit)
    }
}

/// Groups filled one after another, gathered into listed chunks of at most `chunkGroups` (what a
/// split copies), then built into a tree.
struct GroupChunkBuilder {
    static let chunkGroups = 64
    let axes: GroupAxes
    private var chunks: [GroupChunk] = []
    private var starts: [FixedLength] = []
    private var lengths: [Double] = []
    private var thicknesses: [Double] = []
    private var firstCells: [Int32] = []
    private var cells: [CompositionalCell] = []
    private var position = FixedLength.zero
    private var reach = (low: 0.0, high: 0.0)

    init(axes: GroupAxes) { self.axes = axes }

    /// Adds a group: `fill` appends its cells to the array it is handed and answers its size.
    mutating func addGroup(_ fill: (inout [CompositionalCell]) -> Size) {
        let first = cells.count
        let size = fill(&cells)
        let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
        starts.append(position)
        lengths.append(length)
        thicknesses.append(across)
        firstCells.append(Int32(first))
        for index in first..<cells.count {
            let (low, high) = axes.along(cells[index].frame)
            reach = (Swift.min(reach.low, low), Swift.max(reach.high, high - length))
        }
        position += axes.stride(length)
        if lengths.count == Self.chunkGroups { flush() }
    }

    /// Adds a chunk made before, after the groups added so far.
    mutating func add(_ chunk: GroupChunk) {
        flush()
        chunks.append(chunk)
    }

    private mutating func flush() {
        guard !lengths.isEmpty else { return }
        chunks.append(.listed(ListedGroups(
            starts: starts, lengths: lengths, thicknesses: thicknesses, firstCells: firstCells, cells: cells, reach: reach)))
        (starts, lengths, thicknesses, firstCells, cells) = ([], [], [], [], [])
        (position, reach) = (.zero, (0, 0))
    }

    /// The tree of every group added, its priorities drawn from `seed`.
    mutating func finish(seed: UInt64) -> GroupNode? {
        flush()
        var priorities = PriorityStream(seed: seed)
        return GroupTree.build(chunks, priorities: &priorities, axes: axes)
    }
}
