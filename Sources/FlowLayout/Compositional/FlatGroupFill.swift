/// A group whose measurements can change only its extent across its axis (docs/flow-layout.md §23.7):
/// its subitems are items, and neither it nor any item is estimated along the axis. Then every full
/// group holds the same cells at the same places along the axis (the fit and the leftover read
/// lengths only, §23.3 to §23.5), and a group of measured cells is its template with each cell's
/// across length measured, its flexible top and bottom edges shared again (§23.6) and, when the
/// group is estimated across, its thickness the largest slot's (§23.7). What `GroupFill` would
/// answer, without walking the description a cell: a registration of self-sizing rows is a loop over
/// their cells. A class: the closures that fill groups capture it by reference, not by copy.
final class FlatGroupFill {
    /// One slot's constants across the axis.
    struct Slot {
        var top: Double
        var bottom: Double
        var topIsFlexible: Bool
        var bottomIsFlexible: Bool
        /// Whether the item is estimated across: then its length is the cell's measured one or
        /// `estimate`, and its frame is not inset.
        var isEstimated: Bool
        var estimate: Double
        /// The item's length across when not estimated, and its content insets across.
        var fixed: Double
        var innerLead: Double
        var innerTrail: Double
    }

    let axis: GroupAxis
    /// A full group's frames at the estimates, one cell a slot.
    let template: [CompositionalCell]
    let slots: [Slot]
    let isEstimatedAcross: Bool
    /// The group's content length across (declared less insets), its insets across, and its declared size.
    let contentAcross: Double
    let insetLead: Double
    let insetTrail: Double
    let declared: Size

    /// The template's cells' extremes along the group's axis, from its origin: the same in every group.
    let alongExtremes: (low: Double, high: Double)

    var period: Int { template.count }

    /// The fill of `group` sized `declared`, or nil when measurements could move cells along its axis.
    init?(_ group: CompositionalGroup, declared: Size) {
        let axis = group.axis
        guard !group.subitems.isEmpty, !group.size.along(axis).isEstimated else { return nil }
        var items: [CompositionalItem] = []
        for subitem in group.subitems {
            guard case .item(let item) = subitem, !item.size.along(axis).isEstimated else { return nil }
            items.append(item)
        }
        var template: [CompositionalCell] = []
        var taken = 0
        _ = GroupFill(measured: NoMeasurements()).fill(
            group, declared: declared, next: &taken, end: CompositionalSection.maximumCellsPerGroup, into: &template)
        guard taken == template.count, taken > 0 else { return nil }
        let other = axis.other
        let content = Size(
            width: Swift.max(0, declared.width - group.contentInsets.leading - group.contentInsets.trailing),
            height: Swift.max(0, declared.height - group.contentInsets.top - group.contentInsets.bottom))
        slots = (0..<taken).map { index in
            // As `GroupFill`: `count` repeats its one subitem, else the subitems repeat in order.
            let item = group.count != nil ? items[0] : items[index % items.count]
            let dimension = item.size.across(axis)
            return Slot(
                top: item.edgeSpacing.lead(other)?.minimum ?? 0, bottom: item.edgeSpacing.trail(other)?.minimum ?? 0,
                topIsFlexible: item.edgeSpacing.lead(other)?.isFlexible ?? false,
                bottomIsFlexible: item.edgeSpacing.trail(other)?.isFlexible ?? false,
                isEstimated: dimension.isEstimated, estimate: dimension.value, fixed: Swift.max(0, dimension.resolved(in: content)),
                innerLead: item.contentInsets.lead(other), innerTrail: item.contentInsets.trail(other))
        }
        self.axis = axis
        self.template = template
        self.alongExtremes = template.reduce((Double.infinity, -Double.infinity)) { extremes, cell in
            let (low, high) = axis == .horizontal ? (cell.frame.minX, cell.frame.maxX) : (cell.frame.minY, cell.frame.maxY)
            return (Swift.min(extremes.0, low), Swift.max(extremes.1, high))
        }
        self.isEstimatedAcross = group.size.across(axis).isEstimated
        self.contentAcross = axis.across(content)
        self.insetLead = group.contentInsets.lead(other)
        self.insetTrail = group.contentInsets.trail(other)
        self.declared = declared
    }

    /// Calls `body` with the slots, lent as a buffer for a loop over groups.
    @inline(__always)
    func withSlots<Result>(_ body: (UnsafeBufferPointer<Slot>) -> Result) -> Result {
        slots.withUnsafeBufferPointer(body)
    }

    /// Writes the spans of a full group's cells across the axis to `spans` (`period` long,
    /// uninitialized), their lengths across as `measured` has them (nil: at the estimate), and
    /// answers the group's size and its cells' extremes across the axis. `slots` are `flat`'s own,
    /// lent by `withSlots`.
    @inline(__always)
    static func fill(
        _ flat: FlatGroupFill, slots: UnsafeBufferPointer<Slot>, measured: UnsafePointer<Double?>, into spans: UnsafeMutablePointer<AcrossSpan>
    ) -> (size: Size, acrossLow: Double, acrossHigh: Double) {
        // First each slot's length across; then the group's thickness places them.
        var widest = 0.0
        for index in 0..<slots.count {
            let slot = slots[index]
            var length = slot.fixed
            if slot.isEstimated { length = Swift.max(0, measured[index] ?? slot.estimate) }
            widest = Swift.max(widest, slot.top + length + slot.bottom)
            (spans + index).initialize(to: AcrossSpan(origin: 0, length: length))
        }
        let across = flat.isEstimatedAcross ? widest : flat.contentAcross
        let insetLead = flat.insetLead
        var (acrossLow, acrossHigh) = (Double.infinity, -Double.infinity)
        for index in 0..<slots.count {
            let slot = slots[index]
            let length = spans[index].length
            let room = Swift.max(0, across - (slot.top + length + slot.bottom))
            let start = slot.top + (slot.topIsFlexible ? (slot.bottomIsFlexible ? room / 2 : room) : 0)
            let origin = insetLead + start + (slot.isEstimated ? 0 : slot.innerLead)
            let size = slot.isEstimated ? length : Swift.max(0, length - slot.innerLead - slot.innerTrail)
            spans[index] = AcrossSpan(origin: origin, length: size)
            (acrossLow, acrossHigh) = (Swift.min(acrossLow, origin), Swift.max(acrossHigh, origin + size))
        }
        let thickness = flat.isEstimatedAcross ? widest + insetLead + flat.insetTrail : flat.axis.across(flat.declared)
        return (flat.axis.size(along: flat.axis.along(flat.declared), across: thickness), acrossLow, acrossHigh)
    }

    /// Full groups' cells whose spans `fill` wrote, as a chunk's: the spans with this template.
    func cells(_ spans: [AcrossSpan]) -> ChunkCells { ChunkCells(frames: template, spans: spans, spansAlongY: axis == .horizontal) }
}
