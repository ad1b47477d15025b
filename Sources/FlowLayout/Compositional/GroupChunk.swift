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

    /// Group `g`'s cells, from the chunk's first.
    @inline(__always)
    func cellRange(ofGroup g: Int) -> Range<Int> {
        switch kind {
        case .alike(_, let group): return g * group.template.count..<(g + 1) * group.template.count
        case .listed(let groups): return groups.cellRange(ofGroup: g)
        }
    }

    /// Cell `index` (from the chunk's first) of the group whose first is `groupFirst`.
    @inline(__always)
    func cell(_ index: Int, groupFirst: Int) -> CompositionalCell {
        switch kind {
        case .alike(_, let group): return group.template[index - groupFirst]
        case .listed(let groups): return groups.cells.cell(index, groupFirst: groupFirst)
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
                let range = listed.cellRange(ofGroup: g)
                note(range.lazy.map { listed.cells.cell($0, groupFirst: range.lowerBound) }, start: start, into: &summary)
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
    let cells: ChunkCells
    /// Where groups 16, 32 and 48 start, from the chunk's first. Inline: no allocation.
    let fences: (FixedLength, FixedLength, FixedLength)
    static let fenceStride = 16
    /// Where the group after the last would start: the chunk's advance.
    let advance: FixedLength
    /// How far the cells reach beyond their group's span along the axis, before (≤ 0) and after
    /// (≥ 0): what a search for the groups touching a span adds to it.
    let reach: (low: Double, high: Double)

    /// Groups whose fences and advance are summed here.
    init(groups: [Group], thicknesses: [Double], cells: ChunkCells, reach: (low: Double, high: Double), axes: GroupAxes) {
        var fences = (FixedLength.zero, FixedLength.zero, FixedLength.zero)
        var start = FixedLength.zero
        for (g, group) in groups.enumerated() {
            Self.note(group: g, startingAt: start, in: &fences)
            start += axes.stride(group.length)
        }
        self.init(groups: groups, thicknesses: thicknesses, cells: cells, reach: reach, fences: fences, advance: start)
    }

    /// Groups whose fences and advance were summed as they were filled.
    init(
        groups: [Group], thicknesses: [Double], cells: ChunkCells, reach: (low: Double, high: Double),
        fences: (FixedLength, FixedLength, FixedLength), advance: FixedLength
    ) {
        precondition(groups.count <= 4 * Self.fenceStride, "a listed chunk holds at most 64 groups")
        (self.groups, self.thicknesses, self.cells, self.reach) = (groups, thicknesses, cells, reach)
        (self.fences, self.advance) = (fences, advance)
    }

    /// Keeps group `g`'s start in `fences` when it is a fenced one (16, 32, 48).
    @inline(__always)
    static func note(group g: Int, startingAt start: FixedLength, in fences: inout (FixedLength, FixedLength, FixedLength)) {
        switch g {
        case fenceStride: fences.0 = start
        case 2 * fenceStride: fences.1 = start
        case 3 * fenceStride: fences.2 = start
        default: break
        }
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
            groups: groups[range].map { Group(length: $0.length, firstCell: $0.firstCell - firstCell) },
            thicknesses: Array(thicknesses[range]), cells: cells.slice(Int(firstCell)..<cellEnd), reach: reach, axes: axes)
    }

    var heapByteCount: Int {
        3 * 32 + groups.count * (MemoryLayout<Group>.stride + 8) + cells.heapByteCount
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
        var reaches = Reaches()
        reaches.note(template[...], length: length, alongX: alongX)
        self.reach = reaches.along
    }
}
