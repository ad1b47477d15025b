/// A compositional section laid out in the content (docs/flow-layout.md §23.9 to §23.12): its groups,
/// its header and footer across the scroll axis, its background. A class, immutable: a section's
/// slot in the layout's array stays one reference wide, as large as the other kinds' bodies.
final class CompositionalBody: Sendable {
    let section: CompositionalSection
    let placement: CompositionalPlacement
    /// Where the groups' origin is across the scroll axis: the leading inset (vertical) or the top one.
    let groupsLead: Double
    /// A header's and a footer's start and length across the scroll axis (left to right); their
    /// thickness along it is the section's `headerLength` and `footerLength`.
    let headerAcross: (start: Double, length: Double)
    let footerAcross: (start: Double, length: Double)

    init(
        section: CompositionalSection, placement: CompositionalPlacement, groupsLead: Double,
        headerAcross: (start: Double, length: Double), footerAcross: (start: Double, length: Double), isOrthogonal: Bool
    ) {
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
        section.contentInsets.leading + placement.extent + section.contentInsets.trailing
    }

    /// The cells' frames' origin in the content (left to right) for a section starting at `start`,
    /// whose groups start `linesStart` into it, scrolled sideways by `orthogonalOffset`.
    func groupsOrigin(sectionStart start: Double, linesStart: Double, direction: ScrollDirection, orthogonalOffset: Double) -> Point {
        direction == .vertical
            ? Point(x: groupsLead - orthogonalOffset, y: start + linesStart)
            : Point(x: start + linesStart, y: groupsLead)
    }
}

/// Cell measurements read from a section's runs of items, from cell `first` on, in windows that
/// double: O(runs read) to gather, O(1) a cell read in order (as groups fill), O(log runs) else.
final class RunMeasurements: CellMeasurements {
    private let lines: SectionLines
    // Only the fill reading it touches it, one read at a time: no dynamic exclusivity check.
    @exclusivity(unchecked) private var ends: [Int] = []
    @exclusivity(unchecked) private var sizes: [Size?] = []
    @exclusivity(unchecked) private var gathered: Int
    @exclusivity(unchecked) private var window: Int
    /// The run of the cell read last.
    @exclusivity(unchecked) private var hint = 0

    /// Reads from cell `first` on, gathering `window` cells at first (all of them by default).
    init(_ lines: SectionLines, from first: Int = 0, window: Int = .max) {
        self.lines = lines
        self.gathered = first
        self.window = Swift.max(1, window)
        gather()
    }

    /// The next window's runs. Gathered in locals: appending to the object's own arrays in the closure
    /// checks exclusivity at run time, item by item.
    private func gather() {
        let end = window >= lines.itemCount - gathered ? lines.itemCount : gathered + window
        var uncounted = Uncounted()
        var reached = gathered
        var (ends, sizes) = (self.ends, self.sizes)
        self.ends = []
        self.sizes = []
        _ = LineTree.forEachRun(in: lines.root, items: gathered..<end, work: &uncounted) { item, count in
            reached += count
            ends.append(reached)
            sizes.append(item.isEstimated ? nil : item.size)
            return true
        }
        (self.ends, self.sizes, gathered) = (ends, sizes, end)
        window = window > Int.max / 2 ? .max : window * 2
    }

    /// Whether any cell of the section is measured. O(1).
    var hasMeasurements: Bool { lines.summary.estimatedCount < lines.itemCount }

    func size(of cell: Int) -> Size? {
        while cell >= gathered && gathered < lines.itemCount { gather() }
        for run in hint..<Swift.min(hint + 2, ends.count) where cell < ends[run] && (run == 0 || ends[run - 1] <= cell) {
            hint = run
            return sizes[run]
        }
        var low = 0
        var high = ends.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= cell { low = middle + 1 } else { high = middle }
        }
        hint = low
        return sizes[low]
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
                section, container: container, repeatsAlongX: repeatsAlongX, count: lines.itemCount, measured: RunMeasurements(lines))
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
        self.body = .compositional(CompositionalBody(
            section: section, placement: placement, groupsLead: direction == .vertical ? insets.leading : insets.top,
            headerAcross: header.across, footerAcross: footer.across, isOrthogonal: isOrthogonal))
    }
}
