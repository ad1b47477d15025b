/// A compositional section laid out in the content (docs/flow-layout.md §23.9 to §23.12): its groups,
/// its header and footer across the scroll axis, its background. A class, immutable: a section's
/// slot in the layout's array stays one reference wide, as large as the other kinds' bodies.
final class CompositionalBody: Sendable {
    let section: CompositionalSection
    let placement: CompositionalPlacement
    /// Where the groups' origin is across the scroll axis: the leading inset (vertical) or the top one;
    /// an orthogonal row's leading inset, grown when it centres its groups (§23.15).
    let groupsLead: Double
    /// An orthogonal row's trailing inset, likewise; the section's otherwise.
    let rowTrail: Double
    /// A header's and a footer's start and length across the scroll axis (left to right); their
    /// thickness along it is the section's `headerLength` and `footerLength`.
    let headerAcross: (start: Double, length: Double)
    let footerAcross: (start: Double, length: Double)

    init(
        section: CompositionalSection, placement: CompositionalPlacement, groupsLead: Double, rowTrail: Double,
        headerAcross: (start: Double, length: Double), footerAcross: (start: Double, length: Double), isOrthogonal: Bool
    ) {
        self.rowTrail = rowTrail
        self.isOrthogonal = isOrthogonal
        self.section = section
        self.placement = placement
        self.groupsLead = groupsLead
        self.headerAcross = headerAcross
        self.footerAcross = footerAcross
    }

    /// Whether its groups form one row that scrolls sideways: only in a vertical layout (§23.11).
    let isOrthogonal: Bool

    /// Bytes kept alive: the object, the description's arrays (a few nodes) and the placement's.
    var heapByteCount: Int {
        16 + MemoryLayout<CompositionalSection>.size + 48 + 32 + section.group.nodeCount * 96 + placement.heapByteCount
    }

    /// An orthogonal section's content width: its groups between its leading and trailing insets (§23.11).
    var orthogonalContentWidth: Double {
        groupsLead + placement.extent + rowTrail
    }

    /// A row that pages centring its groups grows its insets so that its first and last groups can
    /// be centred in a viewport `width` wide: each to (width − that group's length) / 2, when larger
    /// (§23.15, UIKit's `groupPagingCentered`).
    static func rowInsets(
        _ section: CompositionalSection, placement: CompositionalPlacement, isOrthogonal: Bool, width: Double
    ) -> (leading: Double, trailing: Double) {
        let insets = section.contentInsets
        guard isOrthogonal, section.orthogonalScrolling == .groupPagingCentered, placement.groupCount > 0 else {
            return (insets.leading, insets.trailing)
        }
        let first = placement.groupSpan(0).length
        let last = placement.groupSpan(placement.groupCount - 1).length
        return (Swift.max(insets.leading, (width - first) / 2), Swift.max(insets.trailing, (width - last) / 2))
    }

    /// The cells' frames' origin in the content (left to right) for a section starting at `start`,
    /// whose groups start `linesStart` into it; an orthogonal row's offset is subtracted after it
    /// (`CompositionalCells`), so that a cell's x at any offset is its x at 0 less the offset.
    func groupsOrigin(sectionStart start: Double, linesStart: Double, direction: ScrollDirection) -> Point {
        direction == .vertical
            ? Point(x: groupsLead, y: start + linesStart)
            : Point(x: start + linesStart, y: groupsLead)
    }
}

/// Cell measurements read from a section's lines, keeping the chunk of lines that held the cell read
/// last: cells read in order (as groups fill) cost O(1) each and a walk down the lines' tree a chunk,
/// any other O(log n). Nothing is gathered: a registration reads its items where they are.
final class LineMeasurements: CellMeasurements {
    private let lines: SectionLines
    // Only the fill reading it touches it, one read at a time: no dynamic exclusivity check. The
    // chunk's arrays, not the chunk: reading through it would retain its object a cell.
    @exclusivity(unchecked) private var sizes: [Size] = []
    @exclusivity(unchecked) private var marks: [UInt16]?
    @exclusivity(unchecked) private var runItem: FlowItem?
    @exclusivity(unchecked) private var items = 0..<0

    init(_ lines: SectionLines) { self.lines = lines }

    /// Whether any cell of the section is measured. O(1).
    var hasMeasurements: Bool { lines.summary.estimatedCount < lines.itemCount }

    @inline(__always)
    func size(of cell: Int) -> Size? {
        if !items.contains(cell) { enter(chunkHolding: cell) }
        if let runItem { return runItem.isEstimated ? nil : runItem.size }
        let index = cell - items.lowerBound
        // A mark's low bit is the item's estimate flag (`ListedLines.marks`).
        if let marks, marks[index] & 1 != 0 { return nil }
        return sizes[index]
    }

    func measuredLengths(_ cells: Range<Int>, heights: Bool, into lengths: UnsafeMutablePointer<Double?>) {
        var cell = cells.lowerBound
        while cell < cells.upperBound {
            if !items.contains(cell) { enter(chunkHolding: cell) }
            let end = Swift.min(cells.upperBound, items.upperBound)
            let out = lengths + (cell - cells.lowerBound)
            if let runItem {
                let length = runItem.isEstimated ? nil : heights ? runItem.size.height : runItem.size.width
                out.initialize(repeating: length, count: end - cell)
            } else {
                // A mark's low bit is the item's estimate flag (`ListedLines.marks`).
                sizes.withUnsafeBufferPointer { sizes in
                    let first = cell - items.lowerBound
                    for index in 0..<(end - cell) {
                        let size = sizes[first + index]
                        (out + index).initialize(to: heights ? size.height : size.width)
                    }
                }
                if let marks {
                    for index in 0..<(end - cell) where marks[cell - items.lowerBound + index] & 1 != 0 { out[index] = nil }
                }
            }
            cell = end
        }
    }

    private func enter(chunkHolding cell: Int) {
        var uncounted = Uncounted()
        let position = LineTree.chunk(holdingItem: cell, in: lines.root!, work: &uncounted)
        items = position.firstItem..<position.firstItem + position.node.own.itemCount
        switch position.node.chunk.kind {
        case .listed(let listed): (sizes, marks, runItem) = (listed.sizes, listed.marks, nil)
        case .run(let run): (sizes, marks, runItem) = ([], nil, run.item)
        }
    }
}

extension SectionLayout {
    /// Lays out a compositional section in its own coordinates (§23.9), placed at `offset` along the
    /// scroll axis, from its items in `lines`, or with its groups placed already (`placement`).
    /// O(size of the group tree) without estimated dimensions or measured cells, else O(n).
    init(
        _ overrides: FlowSection, compositional section: CompositionalSection, lines: SectionLines, environment: LayoutEnvironment,
        offset: Double, placement given: CompositionalPlacement? = nil
    ) {
        let direction = environment.direction
        let container = environment.container(of: section)
        let insets = section.contentInsets
        // A horizontal layout has no orthogonal rows (the service refuses them there): its groups follow x anyway.
        let isOrthogonal = direction == .vertical && section.orthogonalScrolling != nil
        let repeatsAlongX = direction == .horizontal || isOrthogonal
        // Measurements are gathered only where a dimension is estimated: no other reads them (§23.7).
        let placement = given ?? (section.group.hasEstimatedDimension && lines.summary.estimatedCount < lines.itemCount
            ? CompositionalPlacement(
                section, container: container, repeatsAlongX: repeatsAlongX, count: lines.itemCount, measured: LineMeasurements(lines))
            : CompositionalPlacement(
                section, container: container, repeatsAlongX: repeatsAlongX, count: lines.itemCount, measured: NoMeasurements()))
        // §23.9: headers and footers resolve against the container, at the leading inset.
        // Horizontal layouts have none: the service refuses them there (§23.9).
        func boundary(_ item: CompositionalBoundaryItem?) -> (thickness: Double, across: (start: Double, length: Double)) {
            guard let item, direction == .vertical else { return (0, (0, 0)) }
            let width = Swift.max(0, item.size.width.resolved(in: container))
            let height = Swift.max(0, item.size.height.resolved(in: container))
            return (height, (insets.leading, width))
        }
        let header = boundary(section.header)
        let footer = boundary(section.footer)
        let scrollLead = direction == .vertical ? insets.top : insets.leading
        let scrollTrail = direction == .vertical ? insets.bottom : insets.trailing
        let groupsLength = isOrthogonal ? placement.thickness : placement.extent
        self.overrides = overrides
        self.lines = lines
        self.offset = offset
        self.headerLength = header.thickness
        self.footerLength = footer.thickness
        self.linesStart = header.thickness + scrollLead
        self.linesEnd = linesStart + groupsLength
        self.footerStart = linesEnd + scrollTrail
        self.length = footerStart + footer.thickness
        let row = CompositionalBody.rowInsets(section, placement: placement, isOrthogonal: isOrthogonal, width: environment.dimension)
        self.body = .compositional(CompositionalBody(
            section: section, placement: placement, groupsLead: direction == .vertical ? row.leading : insets.top, rowTrail: row.trailing,
            headerAcross: header.across, footerAcross: footer.across, isOrthogonal: isOrthogonal))
    }
}
