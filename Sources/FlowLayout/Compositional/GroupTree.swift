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

    private init(_ left: GroupNode?, _ chunk: GroupChunk, own: GroupSummary, _ right: GroupNode?, priority: UInt64) {
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

/// Groups in order: `count` alike ones (an unmeasured stretch of a section), or groups listed one by one.
struct GroupChunk: Sendable {
    enum Kind {
        case alike(count: Int, AlikeGroup)
        case listed(ListedGroups)
    }

    // Optionals rather than an enum of payloads with references, as `LineChunk`: an enum may keep its
    // case in a pointer's spare bits, which hides the pointer from leak checkers.
    private let alikeGroup: AlikeGroup?
    private let alikeCount: Int
    private let listedGroups: ListedGroups?

    static func alike(count: Int, _ group: AlikeGroup) -> GroupChunk {
        GroupChunk(alikeGroup: group, alikeCount: count, listedGroups: nil)
    }

    static func listed(_ groups: ListedGroups) -> GroupChunk { GroupChunk(alikeGroup: nil, alikeCount: 0, listedGroups: groups) }

    @inline(__always)
    var kind: Kind {
        if let listedGroups { return .listed(listedGroups) }
        return .alike(count: alikeCount, alikeGroup!)
    }

    var groupCount: Int {
        switch kind {
        case .alike(let count, _): return count
        case .listed(let groups): return groups.groups.count
        }
    }

    var cellCount: Int {
        switch kind {
        case .alike(let count, let group): return count * group.template.count
        case .listed(let groups): return groups.cells.count
        }
    }

    /// Group `g`'s start from the chunk's, and its length.
    func span(ofGroup g: Int, _ axes: GroupAxes) -> (start: FixedLength, length: Double) {
        switch kind {
        case .alike(_, let group): return (axes.stride(group.length) * g, group.length)
        case .listed(let groups): return (groups.start(ofGroup: g, axes), groups.groups[g].length)
        }
    }

    /// Group `g`'s length along the axis.
    @inline(__always)
    func length(ofGroup g: Int) -> Double {
        switch kind {
        case .alike(_, let group): return group.length
        case .listed(let groups): return groups.groups[g].length
        }
    }

    /// How far the cells reach beyond their group's span along the axis (`ListedGroups.reach`).
    var reach: (low: Double, high: Double) {
        switch kind {
        case .alike(_, let group): return group.reach
        case .listed(let groups): return groups.reach
        }
    }

    /// Group `g`'s first cell (from the chunk's) and frames.
    @inline(__always)
    func cells(ofGroup g: Int) -> (first: Int, frames: ArraySlice<CompositionalCell>) {
        switch kind {
        case .alike(_, let group): return (g * group.template.count, group.template[...])
        case .listed(let groups):
            let range = groups.cellRange(ofGroup: g)
            return (range.lowerBound, groups.cells[range])
        }
    }

    /// The group holding cell `cell` (from the chunk's first).
    func group(holdingCell cell: Int) -> Int {
        switch kind {
        case .alike(_, let group): return cell / Swift.max(1, group.template.count)
        case .listed(let groups):
            var (low, high) = (0, groups.groups.count - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if Int(groups.groups[middle].firstCell) <= cell { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// The first `g` groups and the rest (both non-empty: 0 < g < groupCount).
    func split(atGroup g: Int, _ axes: GroupAxes) -> (GroupChunk, GroupChunk) {
        switch kind {
        case .alike(let count, let group):
            return (.alike(count: g, group), .alike(count: count - g, group))
        case .listed(let groups):
            return (.listed(groups.slice(0..<g, axes)), .listed(groups.slice(g..<groups.groups.count, axes)))
        }
    }

    /// Bytes a node keeps alive besides its chunk's storage: its object, its fields.
    static let nodeBytes = 16 + 16 + 8 * 3 + 2 * 16 + 8 + MemoryLayout<GroupChunk>.size + 2 * MemoryLayout<GroupSummary>.stride

    func summary(_ axes: GroupAxes) -> GroupSummary {
        var summary = GroupSummary()
        summary.groupCount = groupCount
        summary.cellCount = cellCount
        summary.reachLow = reach.low
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
        let bytes = Self.nodeBytes
        switch kind {
        case .alike(let count, let group):
            let stride = axes.stride(group.length)
            summary.advance = stride * count
            note(group.template, start: .zero, into: &summary)
            note(group.template, start: stride * (count - 1), into: &summary)
            summary.thickness = group.thickness
            summary.bytes = bytes
        case .listed(let listed):
            var start = FixedLength.zero
            for (g, group) in listed.groups.enumerated() {
                summary.thickness = Swift.max(summary.thickness, listed.thicknesses[g])
                note(listed.cells[listed.cellRange(ofGroup: g)], start: start, into: &summary)
                start += axes.stride(group.length)
            }
            summary.advance = listed.advance
            summary.bytes = bytes + listed.heapByteCount
        }
        return summary
    }
}

/// Groups listed one by one: each one's length and first cell (from the chunk's first), its
/// thickness, and every cell's frame in its group. A group's start is the sum of the strides before
/// it, from the fence before it: as `ListedLines`, a search reads at most 16 groups in a row rather
/// than probing scattered starts. A value held in its node: a query reads the node, the groups and
/// the cells, three places.
struct ListedGroups: Sendable {
    struct Group {
        var length: Double
        var firstCell: Int32
    }

    let groups: [Group]
    let thicknesses: [Double]
    let cells: [CompositionalCell]
    /// Where groups 16, 32 and 48 start, from the chunk's first. Inline: no allocation.
    let fences: (FixedLength, FixedLength, FixedLength)
    static let fenceStride = 16
    /// Where the group after the last would start: the chunk's advance.
    let advance: FixedLength
    /// How far the cells reach beyond their group's span along the axis, before (≤ 0) and after
    /// (≥ 0): what a search for the groups touching a span adds to it.
    let reach: (low: Double, high: Double)

    init(
        lengths: [Double], thicknesses: [Double], firstCells: [Int32], cells: [CompositionalCell], reach: (low: Double, high: Double),
        axes: GroupAxes
    ) {
        precondition(lengths.count <= 4 * Self.fenceStride, "a listed chunk holds at most 64 groups")
        self.groups = zip(lengths, firstCells).map { Group(length: $0, firstCell: $1) }
        (self.thicknesses, self.cells, self.reach) = (thicknesses, cells, reach)
        var fences = [FixedLength](repeating: .zero, count: 3)
        var start = FixedLength.zero
        for (g, length) in lengths.enumerated() {
            if g > 0, g % Self.fenceStride == 0 { fences[g / Self.fenceStride - 1] = start }
            start += axes.stride(length)
        }
        self.fences = (fences[0], fences[1], fences[2])
        self.advance = start
    }

    /// The last fenced group (0, 16, 32, 48) at or before `g`, and its start.
    @inline(__always)
    func fence(atOrBefore g: Int) -> (group: Int, start: FixedLength) {
        switch g / Self.fenceStride {
        case 0: return (0, .zero)
        case 1: return (16, fences.0)
        case 2: return (32, fences.1)
        default: return (48, fences.2)
        }
    }

    /// The last fenced group whose start is below `bound`, and that start, for groups that never go
    /// backwards.
    @inline(__always)
    func fencedGroup(startingBelow bound: FixedLength) -> (group: Int, start: FixedLength) {
        let count = groups.count
        if count > 48, fences.2 < bound { return (48, fences.2) }
        if count > 32, fences.1 < bound { return (32, fences.1) }
        if count > 16, fences.0 < bound { return (16, fences.0) }
        return (0, .zero)
    }

    /// Group `g`'s start, from the chunk's first.
    func start(ofGroup g: Int, _ axes: GroupAxes) -> FixedLength {
        var (group, start) = fence(atOrBefore: g)
        while group < g {
            start += axes.stride(groups[group].length)
            group += 1
        }
        return start
    }

    /// Group `g`'s cells.
    @inline(__always)
    func cellRange(ofGroup g: Int) -> Range<Int> {
        Int(groups[g].firstCell)..<(g + 1 < groups.count ? Int(groups[g + 1].firstCell) : cells.count)
    }

    /// Groups `range` as a chunk of their own, their first cells from the first of them; the reach
    /// of the whole bounds theirs.
    func slice(_ range: Range<Int>, _ axes: GroupAxes) -> ListedGroups {
        let firstCell = groups[range.lowerBound].firstCell
        let cellEnd = range.upperBound < groups.count ? Int(groups[range.upperBound].firstCell) : cells.count
        return ListedGroups(
            lengths: groups[range].map(\.length), thicknesses: Array(thicknesses[range]),
            firstCells: groups[range].map { $0.firstCell - firstCell }, cells: Array(cells[Int(firstCell)..<cellEnd]), reach: reach,
            axes: axes)
    }

    var heapByteCount: Int {
        3 * 32 + groups.count * (MemoryLayout<Group>.stride + 8) + cells.count * MemoryLayout<CompositionalCell>.stride
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
        if case .listed = node.chunk.kind { work += node.own.cellCount } else { work += 1 }
        let head = GroupNode(first, priority: node.priority, axes: axes)
        let tail = GroupNode(second, priority: node.priority, axes: axes)
        return (merge(node.left, head, work: &work), merge(tail, node.right, work: &work))
    }

    /// A tree of `chunks` in order, with their summaries, in O(chunks): the Cartesian tree of their
    /// priorities.
    static func build(_ chunks: [(chunk: GroupChunk, own: GroupSummary)], priorities: inout PriorityStream) -> GroupNode? {
        var spine: [GroupNode] = []
        for (chunk, own) in chunks {
            var node = GroupNode(chunk, own: own, priority: priorities.next())
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

/// Groups filled one after another, gathered into listed chunks of at most `chunkGroups` (what a
/// split copies), then built into a tree.
struct GroupChunkBuilder {
    static let chunkGroups = 64
    let axes: GroupAxes
    private var chunks: [(chunk: GroupChunk, own: GroupSummary)] = []
    private var lengths: [Double] = []
    private var thicknesses: [Double] = []
    private var firstCells: [Int32] = []
    private var cells: [CompositionalCell] = []
    private var reach = (low: 0.0, high: 0.0)
    /// The chunk's summary as its groups come, and where the next group starts in it.
    private var summary = GroupSummary()
    private var position = FixedLength.zero

    init(axes: GroupAxes) { self.axes = axes }

    /// Adds a group: `fill` appends its cells to the array it is handed and answers its size.
    mutating func addGroup(_ fill: (inout [CompositionalCell]) -> Size) {
        if lengths.isEmpty { reserve() }
        let first = cells.count
        let size = fill(&cells)
        let (length, across) = axes.alongX ? (size.width, size.height) : (size.height, size.width)
        lengths.append(length)
        thicknesses.append(across)
        firstCells.append(Int32(first))
        // The chunk's summary (`GroupChunk.summary`), gathered here in the pass that places the cells.
        var (low, high) = (Double.infinity, -Double.infinity)
        for index in first..<cells.count {
            let frame = cells[index].frame
            let (alongLow, alongHigh) = axes.along(frame)
            let (acrossLow, acrossHigh) = axes.across(frame)
            (low, high) = (Swift.min(low, alongLow), Swift.max(high, alongHigh))
            summary.acrossLow = Swift.min(summary.acrossLow, acrossLow)
            summary.acrossHigh = Swift.max(summary.acrossHigh, acrossHigh)
        }
        if low <= high {
            reach = (Swift.min(reach.low, low), Swift.max(reach.high, high - length))
            summary.minStart = FixedLength.min(summary.minStart, position + FixedLength(converting: low))
            summary.maxEnd = FixedLength.max(summary.maxEnd, position + FixedLength(converting: high))
        }
        summary.thickness = Swift.max(summary.thickness, across)
        position += axes.stride(length)
        if lengths.count == Self.chunkGroups { flush() }
    }

    /// Room for a whole chunk, its cells as many a group as the last chunk's: arrays grown by
    /// doubling would be copied six times a chunk.
    private mutating func reserve() {
        lengths.reserveCapacity(Self.chunkGroups)
        thicknesses.reserveCapacity(Self.chunkGroups)
        firstCells.reserveCapacity(Self.chunkGroups)
        cells.reserveCapacity(cellsPerChunk)
    }

    /// Cells the last chunk held, what the next one reserves.
    private var cellsPerChunk = Self.chunkGroups

    /// Adds a chunk made before, after the groups added so far.
    mutating func add(_ chunk: GroupChunk) {
        flush()
        chunks.append((chunk, chunk.summary(axes)))
    }

    private mutating func flush() {
        guard !lengths.isEmpty else { return }
        let listed = ListedGroups(lengths: lengths, thicknesses: thicknesses, firstCells: firstCells, cells: cells, reach: reach, axes: axes)
        summary.groupCount = lengths.count
        summary.cellCount = cells.count
        summary.advance = position
        summary.reachLow = reach.low
        summary.bytes = GroupChunk.nodeBytes + listed.heapByteCount
        chunks.append((.listed(listed), summary))
        cellsPerChunk = cells.count
        (lengths, thicknesses, firstCells, cells) = ([], [], [], [])
        (reach, summary, position) = ((0, 0), GroupSummary(), .zero)
    }

    /// The tree of every group added, its priorities drawn from `seed`.
    mutating func finish(seed: UInt64) -> GroupNode? {
        flush()
        var priorities = PriorityStream(seed: seed)
        return GroupTree.build(chunks, priorities: &priorities)
    }
}
