/// One cell as its group places it: its frame in the group's coordinates, and whether the leaf that
/// holds it has an estimated dimension (only such a cell is reported `estimated` while unmeasured).
struct CompositionalCell: Hashable, Sendable {
    var frame: Rect
    var hasEstimatedLeaf: Bool
}

/// Fills one group with cells by the rules of docs/flow-layout.md §23.3 to §23.7: the slots along
/// its axis, their spacing and edge spacing, the estimated sizes, the items' content insets. One fill
/// serves a whole section: its slots live on one stack, reused from group to group.
struct GroupFill<Measured: CellMeasurements> {
    let measured: Measured
    private let stack = SlotStack()

    init(measured: Measured) { self.measured = measured }

    private static var filling: [CompositionalSubitem] {
        [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))]
    }

    /// Places `group`, sized `declared` (its dimensions resolved in its container, estimates at their
    /// value), from cell `next` on, up to cell `end` (excluded); appends its cells' frames relative to
    /// the group's origin and answers the group's size. Takes at least one cell when `next < end`.
    func fill(_ group: CompositionalGroup, declared: Size, next: inout Int, end: Int, into cells: inout [CompositionalCell]) -> Size {
        let axis = group.axis
        let insets = group.contentInsets
        let content = Size(
            width: Swift.max(0, declared.width - insets.leading - insets.trailing),
            height: Swift.max(0, declared.height - insets.top - insets.bottom))
        let contentAlong = axis.along(content)
        let contentAcross = axis.across(content)
        let spacing = group.interItemSpacing.minimum
        // This group's slots are the stack's from `base` on; a nested group's go above and are gone
        // when it returns.
        let base = stack.slots.count
        defer { stack.slots.removeLast(stack.slots.count - base) }
        // A group without subitems (which the service refuses) holds one item that fills it, so that
        // every group takes a cell and any description lays out.
        let subitems = group.subitems.isEmpty ? Self.filling : group.subitems
        if let given = group.count, let subitem = subitems.first {
            // §23.4: exactly `count` slots sharing the length; the subitem's own length is ignored.
            let count = Swift.max(1, given)
            let length = (contentAlong - spacing * Double(count - 1)) / Double(count)
            for _ in 0..<count where next < end {
                var slot = place(subitem, along: length, in: content, axis: axis, next: &next, end: end, cells: &cells)
                // The slots fill the length exactly, whatever an estimated subitem holds (a share below
                // 0 places them so, though no frame is smaller than 0): edge spacing has no room.
                slot.along = length
                (slot.leadEdge, slot.trailEdge, slot.leadIsFlexible, slot.trailIsFlexible) = (0, 0, false, false)
                stack.slots.append(slot)
            }
        } else {
            // §23.3: subitems repeat while the next slot, with its edges, ends within the content.
            var position = 0.0
            var index = 0
            while next < end {
                let subitem = subitems[index % subitems.count]
                let lead = subitem.edgeSpacing.lead(axis)?.minimum ?? 0
                let trail = subitem.edgeSpacing.trail(axis)?.minimum ?? 0
                let length = declaredLength(of: subitem, along: axis, in: content, cell: next)
                if index > 0 && position + lead + length + trail > contentAlong + 0.0001 { break }
                let slot = place(subitem, along: nil, in: content, axis: axis, next: &next, end: end, cells: &cells)
                position += lead + slot.along + trail + spacing
                stack.slots.append(slot)
                index += 1
            }
        }
        // §23.7: an estimated group is as large as what it holds on that axis.
        let alongIsEstimated = group.size.along(axis).isEstimated
        let acrossIsEstimated = group.size.across(axis).isEstimated
        let slots = stack.slots[base...]
        var widest = 0.0
        var used = spacing * Double(Swift.max(0, slots.count - 1))
        var flexibleEdges = 0
        for slot in slots {
            widest = Swift.max(widest, slot.acrossExtent)
            used += slot.leadEdge + slot.along + slot.trailEdge
            flexibleEdges += (slot.leadIsFlexible ? 1 : 0) + (slot.trailIsFlexible ? 1 : 0)
        }
        let across = acrossIsEstimated ? widest : contentAcross
        // §23.5: what is left along the axis goes to the flexible edges, else to a flexible spacing.
        let leftover = alongIsEstimated ? 0 : Swift.max(0, contentAlong - used)
        let edgeShare = flexibleEdges > 0 ? leftover / Double(flexibleEdges) : 0
        let gapShare = flexibleEdges == 0 && group.interItemSpacing.isFlexible && slots.count > 1
            ? leftover / Double(slots.count - 1) : 0
        var position = 0.0
        for slot in slots {
            position += slot.leadEdge + (slot.leadIsFlexible ? edgeShare : 0)
            // §23.6: across, from the fixed top edge; flexible top and bottom edges share what is left.
            let room = Swift.max(0, across - slot.acrossExtent)
            let acrossStart = slot.topEdge + (slot.topIsFlexible ? (slot.bottomIsFlexible ? room / 2 : room) : 0)
            let origin = axis.point(along: insets.lead(axis) + position, across: insets.lead(axis.other) + acrossStart)
            for index in slot.cells {
                cells[index].frame.origin.x += origin.x
                cells[index].frame.origin.y += origin.y
            }
            position += slot.along + slot.trailEdge + (slot.trailIsFlexible ? edgeShare : 0) + spacing + gapShare
        }
        let alongEnd = slots.isEmpty ? 0 : position - spacing - gapShare
        let alongSize = alongIsEstimated ? alongEnd + insets.lead(axis) + insets.trail(axis) : axis.along(declared)
        let acrossSize = acrossIsEstimated ? across + insets.lead(axis.other) + insets.trail(axis.other) : axis.across(declared)
        return axis.size(along: alongSize, across: acrossSize)
    }


    /// The length a slot is measured by for the fit (§23.3): a nested group's declared length, an
    /// item's on its axis (the cell's measured one where estimated).
    private func declaredLength(of subitem: CompositionalSubitem, along axis: GroupAxis, in content: Size, cell: Int) -> Double {
        let dimension = subitem.size.along(axis)
        guard case .item = subitem, dimension.isEstimated else { return Swift.max(0, dimension.resolved(in: content)) }
        return Swift.max(0, dimension.resolved(in: content, measured: measured.size(of: cell).map { axis.along($0) }))
    }

    /// Places `subitem` in a slot (`along` overrides its length under `count`): an item takes the
    /// next cell, a group fills itself.
    private func place(
        _ subitem: CompositionalSubitem, along override: Double?, in content: Size, axis: GroupAxis, next: inout Int, end: Int,
        cells: inout [CompositionalCell]
    ) -> GroupSlot {
        let edges = subitem.edgeSpacing
        let other = axis.other
        let first = cells.count
        var size: Size
        switch subitem {
        case .item(let item):
            let cell = measured.size(of: next)
            size = Size(
                width: Swift.max(0, item.size.width.resolved(in: content, measured: cell?.width)),
                height: Swift.max(0, item.size.height.resolved(in: content, measured: cell?.height)))
            if let override { size = axis.size(along: Swift.max(0, override), across: axis.across(size)) }
            // §23.7: the frame is the slot inset by the item's content insets on each axis not estimated.
            var frame = Rect(origin: .zero, size: size)
            if !item.size.width.isEstimated {
                frame.origin.x = item.contentInsets.leading
                frame.size.width = Swift.max(0, size.width - item.contentInsets.leading - item.contentInsets.trailing)
            }
            if !item.size.height.isEstimated {
                frame.origin.y = item.contentInsets.top
                frame.size.height = Swift.max(0, size.height - item.contentInsets.top - item.contentInsets.bottom)
            }
            cells.append(CompositionalCell(frame: frame, hasEstimatedLeaf: item.size.width.isEstimated || item.size.height.isEstimated))
            next += 1
        case .group(let nested):
            var declared = Size(
                width: Swift.max(0, nested.size.width.resolved(in: content)),
                height: Swift.max(0, nested.size.height.resolved(in: content)))
            if let override { declared = axis.size(along: Swift.max(0, override), across: axis.across(declared)) }
            size = fill(nested, declared: declared, next: &next, end: end, into: &cells)
        }
        return GroupSlot(
            along: axis.along(size), across: axis.across(size),
            leadEdge: edges.lead(axis)?.minimum ?? 0, trailEdge: edges.trail(axis)?.minimum ?? 0,
            topEdge: edges.lead(other)?.minimum ?? 0, bottomEdge: edges.trail(other)?.minimum ?? 0,
            leadIsFlexible: edges.lead(axis)?.isFlexible ?? false, trailIsFlexible: edges.trail(axis)?.isFlexible ?? false,
            topIsFlexible: edges.lead(other)?.isFlexible ?? false, bottomIsFlexible: edges.trail(other)?.isFlexible ?? false,
            cells: first..<cells.count)
    }
}

/// A slot: one subitem placed at the origin of its own coordinates, with its cells' range.
struct GroupSlot {
    var along: Double
    var across: Double
    var leadEdge: Double
    var trailEdge: Double
    var topEdge: Double
    var bottomEdge: Double
    var leadIsFlexible: Bool
    var trailIsFlexible: Bool
    var topIsFlexible: Bool
    var bottomIsFlexible: Bool
    var cells: Range<Int>

    /// The slot's length across the group with its edges.
    var acrossExtent: Double { topEdge + across + bottomEdge }
}

/// The slots of the groups being filled, nested ones above their parent's. Only the fill that made it
/// touches it, one access at a time: no dynamic exclusivity check (a third of a fill's time).
final class SlotStack {
    @exclusivity(unchecked) var slots: [GroupSlot] = []
}

/// The cells' measured sizes by their index in the section (§23.7).
protocol CellMeasurements {
    /// Cell `cell`'s measured size; nil while it is at its estimate.
    func size(of cell: Int) -> Size?
    /// Whether any cell is measured: without one, every group fills alike (§23.8).
    var hasMeasurements: Bool { get }
    /// Writes each of cells `cells`' measured height (`heights`) or width to `lengths`, nil while the
    /// cell is at its estimate: what `size(of:)` answers, for a run of cells in one pass.
    func measuredLengths(_ cells: Range<Int>, heights: Bool, into lengths: UnsafeMutablePointer<Double?>)
}

/// No cell is read: a section without estimated dimensions or measured cells (§23.8).
struct NoMeasurements: CellMeasurements {
    func size(of cell: Int) -> Size? { nil }
    var hasMeasurements: Bool { false }
    func measuredLengths(_ cells: Range<Int>, heights: Bool, into lengths: UnsafeMutablePointer<Double?>) {
        lengths.initialize(repeating: nil, count: cells.count)
    }
}

extension GroupAxis {
    var other: GroupAxis { self == .horizontal ? .vertical : .horizontal }
    @inline(__always) func along(_ size: Size) -> Double { self == .horizontal ? size.width : size.height }
    @inline(__always) func across(_ size: Size) -> Double { self == .horizontal ? size.height : size.width }
    @inline(__always) func size(along: Double, across: Double) -> Size {
        self == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
    @inline(__always) func point(along: Double, across: Double) -> Point {
        self == .horizontal ? Point(x: along, y: across) : Point(x: across, y: along)
    }
}
