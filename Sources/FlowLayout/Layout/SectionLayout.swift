/// One laid-out section: where it sits along the scroll axis, its header and footer, and its items.
struct SectionLayout: Sendable {
    enum Body: Sendable {
        /// Every item has one size: the uniform path's arithmetic (docs/flow-layout.md §5).
        case uniform(UniformGrid)
        /// The row path (§6), read from the lines.
        case rows(SectionLines)
        /// Columns (§22): the frames from the placement; the lines hold the items (their estimate flags,
        /// depths and roles), not the geometry.
        case masonry(MasonryPlacement)
        /// A compositional section (§23): the frames from its groups; the lines hold its cells.
        case compositional(CompositionalBody)
    }

    /// The section as given, without its items (they are in `lines`).
    var overrides: FlowSection
    /// Absolute scroll-axis offset of the section's start.
    var offset: Double
    /// Scroll-axis length: header, insets, lines and footer.
    var length: Double
    /// Header and footer thickness along the scroll axis; 0 means there is none.
    var headerLength: Double
    var footerLength: Double
    /// Section-relative scroll offset of the footer.
    var footerStart: Double
    /// Section-relative scroll extent of the lines: after the header and leading inset, before the
    /// trailing inset and footer.
    var linesStart: Double
    var linesEnd: Double
    /// The items broken into lines by the row path's rules: the section's items in every case, and its
    /// geometry when `body` is `.rows`. A masonry section keeps its items here too, so that updates,
    /// hashes and the store read every kind of section alike.
    var lines: SectionLines
    var body: Body

    var itemCount: Int { lines.itemCount }
    var end: Double { offset + length }

    /// The section's hash in the layout's id: its overrides, then its items' `SequenceHash`.
    var contentHash: (FlowSection, Int, SequenceHash) { (overrides, lines.itemCount, lines.summary.hash) }

    /// Section-relative scroll-axis span of the section and everything in it: `0...length`, grown to
    /// the lines that negative insets or spacings (or CSS lines overflowing `crossSize`) put outside
    /// it. O(1): the tree keeps its lines' extremes.
    var scrollExtent: (min: Double, max: Double) {
        var low = Swift.min(0, length, footerStart)
        var high = Swift.max(length, headerLength, footerStart + footerLength)
        switch body {
        case .uniform(let grid):
            guard grid.lineCount > 0 else { break }
            if grid.lineStride >= 0 {
                low = Swift.min(low, grid.firstLineStart)
                high = Swift.max(high, grid.endOfLines)
            } else {
                low = Swift.min(low, grid.scrollOrigin(line: grid.lineCount - 1))
                high = Swift.max(high, grid.firstLineStart + grid.acrossLength)
            }
        case .rows(let lines):
            guard lines.lineCount > 0 else { break }
            let summary = lines.summary
            let lastLine = summary.lineCount - 1
            low = Swift.min(low, (lines.base + summary.minStart).doubleValue)
            high = Swift.max(high, (lines.base + summary.maxEnd + lines.slope * lastLine + FixedLength(lines.grow)).doubleValue)
        case .masonry(let placement):
            low = Swift.min(low, linesStart + placement.reach.low)
            high = Swift.max(high, linesStart + placement.reach.high)
        case .compositional(let body):
            let placement = body.placement
            let alongScroll = !body.isOrthogonal
            guard placement.groupCount > 0 else { break }
            low = Swift.min(low, linesStart + (alongScroll ? placement.reach.low : placement.acrossReach.low))
            high = Swift.max(high, linesStart + (alongScroll ? placement.extent + placement.reach.high : placement.acrossReach.high))
        }
        return (low, high)
    }

    /// Whether everything in the section lies in `0...length` (true unless insets or spacings are
    /// negative, or CSS lines overflow their container).
    var staysInItsSpan: Bool {
        let extent = scrollExtent
        return extent.min == 0 && extent.max == length
    }

    /// Bytes the section keeps alive besides its slot in the layout's array.
    var heapByteCount: Int {
        switch body {
        case .masonry(let placement): return lines.heapByteCount + placement.heapByteCount
        case .compositional(let body): return lines.heapByteCount + body.heapByteCount
        case .uniform, .rows: return lines.heapByteCount
        }
    }

    /// A masonry cell's frame in content coordinates, left to right and unrounded (§22.3).
    func frame(of cell: MasonryPlacement.Cell, direction: ScrollDirection) -> Rect {
        cell.frame(lead: lines.geometry.lineLead, start: offset + linesStart, direction: direction)
    }
}

extension SectionLayout {
    /// The geometry of `section`'s lines and its header and footer lengths (docs/flow-layout.md §3).
    static func geometry(
        of section: FlowSection, settings: FlowLayoutSettings, dimension: Double, sectionInset inset: EdgeInsets
    ) -> (lines: LineGeometry, header: Double, footer: Double) {
        let direction = settings.effectiveScrollDirection
        // A header or footer exists only with a positive thickness; negative ones are ignored (§3).
        let header = Swift.max(0, direction.across(section.headerReferenceSize ?? settings.headerReferenceSize))
        let footer = Swift.max(0, direction.across(section.footerReferenceSize ?? settings.footerReferenceSize))
        var geometry = LineGeometry(
            direction: direction, dimension: dimension, lineLead: direction.lineLead(inset),
            lineTrail: direction.lineTrail(inset), inLineSpacing: 0, lineSpacing: 0,
            firstLineStart: header + direction.scrollLead(inset), placement: .uikit, crossAlignment: settings.crossAlignment,
            breaksLikeCSS: false, css: nil)
        if let css = settings.css {
            // CSS mode: one flex container per section, every item placed by the row algorithm.
            geometry.inLineSpacing = section.minimumInteritemSpacing ?? css.mainGap
            geometry.lineSpacing = section.minimumLineSpacing ?? css.crossGap
            geometry.placement = .css(css.justifyContent)
            geometry.crossAlignment = css.alignItems.crossAlignment
            geometry.breaksLikeCSS = true
            geometry.css = css
        } else {
            let lineSpacing = section.minimumLineSpacing ?? settings.minimumLineSpacing
            let interitemSpacing = section.minimumInteritemSpacing ?? settings.minimumInteritemSpacing
            // UIKit's row path swaps the two spacings when scrolling horizontally (§6.1). The opt-in
            // line alignments do not: exactly `minimumInteritemSpacing` between the items of a line
            // and `minimumLineSpacing` between lines in both directions, as on the uniform path.
            let swapsSpacings = direction == .horizontal && settings.lineAlignment == nil
            geometry.inLineSpacing = swapsSpacings ? lineSpacing : interitemSpacing
            geometry.lineSpacing = swapsSpacings ? interitemSpacing : lineSpacing
            geometry.placement = settings.lineAlignment.map(LinePlacement.aligned) ?? .uikit
        }
        geometry.keepsItems = settings.compositional(of: section) != nil
        return (geometry, header, footer)
    }

    /// Lays out one section in its own coordinates (docs/flow-layout.md §3), placed at `offset` along
    /// the scroll axis, from its items already broken into `lines`. O(1) beyond them, but for a masonry
    /// section placed here from its lines (O(n log c)) when `placement` is not given.
    init(
        _ overrides: FlowSection, lines: SectionLines, header: Double, footer: Double, settings: FlowLayoutSettings,
        offset: Double, sectionInset inset: EdgeInsets, placement given: MasonryPlacement? = nil
    ) {
        let geometry = lines.geometry
        let direction = geometry.direction
        let endOfLines: Double
        // The uniform path when every item has one size (or there are none), else the row path (§4).
        var uniformSize: Size?
        if settings.css == nil {
            switch lines.summary.sizes {
            case .none: uniformSize = settings.countedItem.size
            case .one(let size): uniformSize = size
            case .mixed: uniformSize = nil
            }
        }
        if let columns = Self.masonry(of: overrides, settings: settings) {
            let placement = given ?? Self.placement(of: lines, columns: columns, overrides: overrides, settings: settings)
            body = .masonry(placement)
            endOfLines = geometry.firstLineStart + placement.height
        } else if let uniformSize {
            let interitemSpacing = overrides.minimumInteritemSpacing ?? settings.minimumInteritemSpacing
            let lineSpacing = overrides.minimumLineSpacing ?? settings.minimumLineSpacing
            let grid = UniformGrid(
                count: lines.itemCount, itemSize: uniformSize, direction: direction, dimension: geometry.dimension,
                lineLead: geometry.lineLead, lineTrail: geometry.lineTrail, interitemSpacing: interitemSpacing,
                lineSpacing: lineSpacing, firstLineStart: geometry.firstLineStart, placement: geometry.placement)
            body = .uniform(grid)
            endOfLines = grid.endOfLines
        } else {
            body = .rows(lines)
            endOfLines = settings.css?.crossSize.map { geometry.firstLineStart + $0 } ?? lines.endOfLines
        }
        self.overrides = overrides
        self.lines = lines
        self.offset = offset
        self.headerLength = header
        self.footerLength = footer
        self.linesStart = geometry.firstLineStart
        self.linesEnd = endOfLines
        self.footerStart = endOfLines + direction.scrollTrail(inset)
        self.length = footerStart + footer
    }
}

extension SectionLayout {
    /// The columns `overrides` lays its cells in, if any: its own `masonry` or the layout's, never in
    /// CSS mode (§22).
    static func masonry(of overrides: FlowSection, settings: FlowLayoutSettings) -> MasonryColumns? {
        settings.css == nil && settings.compositional(of: overrides) == nil ? overrides.masonry ?? settings.masonry : nil
    }

    /// A placer for the section's columns (docs/flow-layout.md §22): the width inside its insets and its
    /// own spacings, never swapped (§22.1).
    private static func placer(
        _ columns: MasonryColumns, overrides: FlowSection, settings: FlowLayoutSettings, geometry: LineGeometry, capacity: Int
    ) -> MasonryPlacer {
        MasonryPlacer(
            columns: columns, width: Swift.max(0, geometry.available),
            interitemSpacing: overrides.minimumInteritemSpacing ?? settings.minimumInteritemSpacing,
            lineSpacing: overrides.minimumLineSpacing ?? settings.minimumLineSpacing, capacity: capacity)
    }

    /// The section's items placed in its columns, read from its lines. O(n log c).
    static func placement(
        of lines: SectionLines, columns: MasonryColumns, overrides: FlowSection, settings: FlowLayoutSettings
    ) -> MasonryPlacement {
        let direction = lines.geometry.direction
        var placer = placer(columns, overrides: overrides, settings: settings, geometry: lines.geometry, capacity: lines.itemCount)
        var uncounted = Uncounted()
        _ = LineTree.forEachRun(in: lines.root, items: 0..<lines.itemCount, work: &uncounted) { item, count in
            placer.place(MasonryItem(item, direction: direction), count: count)
            return true
        }
        return .flat(FlatMasonry(placer))
    }

    /// `section`'s items placed in its columns, read from the section as given: what a registration
    /// places, without walking the lines it has just built. O(n log c).
    static func placement(
        of section: FlowSection, columns: MasonryColumns, settings: FlowLayoutSettings, geometry: LineGeometry
    ) -> MasonryPlacement {
        let direction = geometry.direction
        if case .sizes(let sizes) = section.items, section.masonryRoles == nil {
            // Arrays made to measure as it places: none reserved beforehand.
            var placer = placer(columns, overrides: section, settings: settings, geometry: geometry, capacity: 0)
            sizes.withUnsafeBufferPointer { placer.placeByRule($0, direction: direction) }
            return .flat(FlatMasonry(placer))
        }
        var placer = placer(columns, overrides: section, settings: settings, geometry: geometry, capacity: section.items.count)
        if case .sizes(let sizes) = section.items {
            let roles = section.masonryRoles
            for index in sizes.indices {
                let size = sizes[index]
                let role = roles.map { index < $0.count ? $0[index] : .byRule } ?? .byRule
                placer.place(MasonryItem(FlowItem(size: size, masonryRole: role), direction: direction), count: 1)
            }
        } else if section.masonryRoles == nil {
            placer.place(MasonryItem(settings.countedItem, direction: direction), count: section.items.count)
        } else {
            for index in 0..<section.items.count {
                placer.place(MasonryItem(section.item(index, countedItem: settings.countedItem), direction: direction), count: 1)
            }
        }
        return .flat(FlatMasonry(placer))
    }
}

extension MasonryItem {
    /// `item` as its section's columns take it: across the scroll axis as its width, along it as its
    /// height, so a horizontal section is a vertical one transposed (§22).
    init(_ item: FlowItem, direction: ScrollDirection) {
        self.init(size: Size(width: direction.along(item.size), height: direction.across(item.size)), role: item.masonryRole)
    }
}
