@testable import FlowLayout

/// A plain reading of the compositional rules (issue 42, point 1, with the interpretations the tests
/// state), written from the rules alone and not from the engine: every element of every compositional
/// section, in the visible query's order (cells section by section in item order, then headers, then
/// footers, then section backgrounds), mirrored and rounded for a viewport.
///
/// Recursive and obvious on purpose: each group is filled slot by slot, each section group by group.
/// Flow sections (without `compositional`) are not laid out here: their lengths along the scroll axis
/// are taken as given (`flowLengths`), their elements are not answered.
///
/// Interpretations where the rules say less: under `count` the subitem's length along the axis is
/// replaced by the share, as an absolute length (so an item is inset there, a nested group is the
/// share long); the share is not clamped; a top-level group takes at most
/// `CompositionalSection.maximumCellsPerGroup` cells (§23.13): it is filled as if the section's cells
/// ended there.
enum CompositionalReference {
    /// A cell of a section: its measured size, or nil while it is unmeasured.
    typealias Cell = Size?

    /// One cell placed in a group or section: its frame and whether it is at an estimate.
    struct Placed: Equatable {
        var item: Int
        var frame: Rect
        var isEstimated: Bool
    }

    /// What a section lays out, left to right and unrounded, in content coordinates.
    struct Section {
        var cells: [Placed] = []
        var header: Rect?
        var footer: Rect?
        var headerPins = false
        var footerPins = false
        var background: Rect?
        var start = 0.0
        var length = 0.0
        /// The row's content width of an orthogonal section.
        var orthogonalWidth: Double?
    }

    struct Layout {
        var sections: [Int: Section] = [:]
        var contentSize = Size(width: 0, height: 0)
        /// Each orthogonal section's content width, by section index.
        var orthogonalWidths: [(section: Int, width: Double)] = []
    }

    // MARK: Cells and dimensions

    /// A section's cells: a counted section's are all unmeasured; a listed one is unmeasured where
    /// `estimated` says so, else measured at its size.
    static func cells(of section: FlowSection) -> [Cell] {
        switch section.items {
        case .count(let count):
            return Array(repeating: nil, count: count)
        case .sizes(let sizes):
            return sizes.indices.map { index in
                let unmeasured = section.estimated.map { index < $0.count && $0[index] } ?? false
                return unmeasured ? nil : sizes[index]
            }
        }
    }

    /// A dimension in a container of `width` × `height`; `measured` is read only when it is
    /// estimated. Never below 0.
    static func resolve(_ dimension: CompositionalDimension, _ width: Double, _ height: Double, measured: Double? = nil) -> Double {
        let value: Double
        switch dimension.kind {
        case .absolute: value = dimension.value
        case .fractionalWidth: value = dimension.value * width
        case .fractionalHeight: value = dimension.value * height
        case .estimated: value = measured ?? dimension.value
        }
        return max(0, value)
    }

    static func amount(_ spacing: CompositionalSpacing?) -> Double {
        switch spacing {
        case .fixed(let value)?, .flexible(let value)?: return value
        case nil: return 0
        }
    }

    static func isFlexible(_ spacing: CompositionalSpacing?) -> Bool {
        if case .flexible? = spacing { return true }
        return false
    }

    // MARK: Groups

    /// What filling a group gives: its cells relative to the group's origin, and its actual size.
    struct Fill {
        var cells: [Placed]
        var width: Double
        var height: Double
    }

    /// One slot of a group: its lengths along and across the group's axis, its edges, what it holds.
    private struct Slot {
        var lead: CompositionalSpacing?
        var trail: CompositionalSpacing?
        var top: CompositionalSpacing?
        var bottom: CompositionalSpacing?
        var along: Double
        var across: Double
        /// The cells, relative to the slot's origin (an item's already inset).
        var cells: [Placed]
    }

    /// Fills `group`, resolved to `width` × `height`, with `cells` from `start` on (there is at least
    /// one).
    static func fill(_ group: CompositionalGroup, width: Double, height: Double, cells: [Cell], from start: Int) -> Fill {
        let insets = group.contentInsets
        let boxWidth = max(0, width - insets.leading - insets.trailing)
        let boxHeight = max(0, height - insets.top - insets.bottom)
        let horizontal = group.axis == .horizontal
        let contentAlong = horizontal ? boxWidth : boxHeight
        let contentAcross = horizontal ? boxHeight : boxWidth
        let spacing = group.interItemSpacing.minimum

        // An item in a slot: its resolved size, its frame inset on each axis whose dimension is not
        // estimated.
        func itemSlot(_ item: CompositionalItem, cell index: Int, alongOverride: Double?, lead: CompositionalSpacing?, trail: CompositionalSpacing?) -> Slot {
            let measured = cells[index]
            var itemWidth = resolve(item.size.width, boxWidth, boxHeight, measured: measured?.width)
            var itemHeight = resolve(item.size.height, boxWidth, boxHeight, measured: measured?.height)
            var widthEstimated = item.size.width.isEstimated
            var heightEstimated = item.size.height.isEstimated
            if let alongOverride {
                // Under `count` the item's own length along the axis is replaced.
                if horizontal { itemWidth = alongOverride; widthEstimated = false } else { itemHeight = alongOverride; heightEstimated = false }
            }
            var frame = Rect(x: 0, y: 0, width: itemWidth, height: itemHeight)
            if !widthEstimated {
                frame.origin.x = item.contentInsets.leading
                frame.size.width = max(0, itemWidth - item.contentInsets.leading - item.contentInsets.trailing)
            }
            if !heightEstimated {
                frame.origin.y = item.contentInsets.top
                frame.size.height = max(0, itemHeight - item.contentInsets.top - item.contentInsets.bottom)
            }
            let estimated = measured == nil && (item.size.width.isEstimated || item.size.height.isEstimated)
            let edges = item.edgeSpacing
            return Slot(
                lead: lead, trail: trail, top: horizontal ? edges.top : edges.leading, bottom: horizontal ? edges.bottom : edges.trailing,
                along: horizontal ? itemWidth : itemHeight, across: horizontal ? itemHeight : itemWidth,
                cells: [Placed(item: index, frame: frame, isEstimated: estimated)])
        }

        func groupSlot(_ nested: CompositionalGroup, width nestedWidth: Double, height nestedHeight: Double, from index: Int) -> Slot {
            let filled = fill(nested, width: nestedWidth, height: nestedHeight, cells: cells, from: index)
            return Slot(
                lead: nil, trail: nil, top: nil, bottom: nil, along: horizontal ? filled.width : filled.height,
                across: horizontal ? filled.height : filled.width, cells: filled.cells)
        }

        var slots: [Slot] = []
        var cursor = start
        if let count = group.count {
            // `count` n: n slots of (C − s·(n − 1)) / n along; edge spacing along the axis ignored.
            let length = (contentAlong - spacing * Double(count - 1)) / Double(count)
            for _ in 0..<count {
                guard cursor < cells.count else { break }
                switch group.subitems[0] {
                case .item(let item):
                    slots.append(itemSlot(item, cell: cursor, alongOverride: length, lead: nil, trail: nil))
                    cursor += 1
                case .group(var nested):
                    let across = resolve(nested.size.across(group.axis), boxWidth, boxHeight)
                    if horizontal { nested.size.width = .absolute(length) } else { nested.size.height = .absolute(length) }
                    let slot = horizontal
                        ? groupSlot(nested, width: length, height: across, from: cursor)
                        : groupSlot(nested, width: across, height: length, from: cursor)
                    cursor += slot.cells.count
                    slots.append(slot)
                }
            }
        } else {
            var position = 0.0
            var k = 0
            filling: while cursor < cells.count {
                let subitem = group.subitems[k % group.subitems.count]
                let slot: Slot
                switch subitem {
                case .item(let item):
                    let lead = horizontal ? item.edgeSpacing.leading : item.edgeSpacing.top
                    let trail = horizontal ? item.edgeSpacing.trailing : item.edgeSpacing.bottom
                    let measured = cells[cursor].map { horizontal ? $0.width : $0.height }
                    let fit = resolve(item.size.along(group.axis), boxWidth, boxHeight, measured: measured)
                    if k > 0, !(position + amount(lead) + fit + amount(trail) <= contentAlong + 0.0001) { break filling }
                    slot = itemSlot(item, cell: cursor, alongOverride: nil, lead: lead, trail: trail)
                case .group(let nested):
                    let fit = resolve(nested.size.along(group.axis), boxWidth, boxHeight)
                    if k > 0, !(position + fit <= contentAlong + 0.0001) { break filling }
                    slot = groupSlot(
                        nested, width: resolve(nested.size.width, boxWidth, boxHeight),
                        height: resolve(nested.size.height, boxWidth, boxHeight), from: cursor)
                }
                cursor += slot.cells.count
                position += amount(slot.lead) + slot.along + amount(slot.trail) + spacing
                slots.append(slot)
                k += 1
            }
        }

        // The leftover along the axis: to the flexible edges, else to a flexible spacing's gaps.
        let alongEstimated = group.size.along(group.axis).isEstimated
        var edgeShare = 0.0
        var gapShare = 0.0
        if !alongEstimated {
            var used = 0.0
            for slot in slots { used += amount(slot.lead) + slot.along + amount(slot.trail) }
            used += spacing * Double(max(0, slots.count - 1))
            let leftover = max(0, contentAlong - used)
            let flexibleEdges = slots.reduce(0) { $0 + (isFlexible($1.lead) ? 1 : 0) + (isFlexible($1.trail) ? 1 : 0) }
            if flexibleEdges > 0 {
                edgeShare = leftover / Double(flexibleEdges)
            } else if group.interItemSpacing.isFlexible, slots.count > 1 {
                gapShare = leftover / Double(slots.count - 1)
            }
        }

        // Across: the room a slot has, from the group's content or, estimated, its largest slot.
        let acrossEstimated = group.size.across(group.axis).isEstimated
        let room = acrossEstimated
            ? slots.map { amount($0.top) + $0.across + amount($0.bottom) }.max() ?? 0 : contentAcross

        var placed: [Placed] = []
        var p = 0.0
        var end = 0.0
        for slot in slots {
            p += amount(slot.lead)
            if isFlexible(slot.lead) { p += edgeShare }
            let alongStart = p
            p += slot.along
            p += amount(slot.trail)
            if isFlexible(slot.trail) { p += edgeShare }
            end = p
            p += spacing
            p += gapShare
            let free = max(0, room - (amount(slot.top) + slot.across + amount(slot.bottom)))
            var acrossStart = amount(slot.top)
            if isFlexible(slot.top) { acrossStart += isFlexible(slot.bottom) ? free / 2 : free }
            let originX = horizontal ? insets.leading + alongStart : insets.leading + acrossStart
            let originY = horizontal ? insets.top + acrossStart : insets.top + alongStart
            for cell in slot.cells {
                var moved = cell
                moved.frame.origin = Point(x: originX + cell.frame.minX, y: originY + cell.frame.minY)
                placed.append(moved)
            }
        }
        let alongLength = alongEstimated ? end + insets.lead(group.axis) + insets.trail(group.axis) : (horizontal ? width : height)
        let acrossLength = acrossEstimated
            ? room + (horizontal ? insets.top + insets.bottom : insets.leading + insets.trailing) : (horizontal ? height : width)
        return Fill(cells: placed, width: horizontal ? alongLength : acrossLength, height: horizontal ? acrossLength : alongLength)
    }

    // MARK: Sections

    /// Section `section` laid out from `offset` along the scroll axis, left to right, unrounded,
    /// orthogonal offset applied.
    static func section(
        _ compositional: CompositionalSection, cells: [Cell], input: FlowLayoutInput, offset: Double, dimension: Double,
        orthogonalOffset: Double
    ) -> Section {
        let vertical = input.settings.scrollDirection == .vertical
        let inset = input.contentInset
        let ins = compositional.contentInsets
        let containerWidth = max(0, (vertical ? input.crossAxisLength : input.scrollAxisLength) - inset.left - inset.right - ins.leading - ins.trailing)
        let containerHeight = max(0, (vertical ? input.scrollAxisLength : input.crossAxisLength) - inset.top - inset.bottom - ins.top - ins.bottom)
        var result = Section(start: offset)

        // The groups, each filled from where the last left off.
        var groups: [Fill] = []
        var cursor = 0
        while cursor < cells.count {
            let group = compositional.group
            let taken = Array(cells.prefix(cursor + CompositionalSection.maximumCellsPerGroup))
            let filled = fill(
                group, width: resolve(group.size.width, containerWidth, containerHeight),
                height: resolve(group.size.height, containerWidth, containerHeight), cells: taken, from: cursor)
            cursor += filled.cells.count
            groups.append(filled)
        }

        func place(_ fill: Fill, x: Double, y: Double) {
            for cell in fill.cells {
                var moved = cell
                moved.frame.origin = Point(x: x + cell.frame.minX, y: y + cell.frame.minY)
                result.cells.append(moved)
            }
        }

        if !vertical {
            // Groups along x from the leading inset, at y = the top inset; no headers or footers.
            var x = ins.leading
            for (index, group) in groups.enumerated() {
                if index > 0 { x += compositional.interGroupSpacing }
                place(group, x: offset + x, y: ins.top)
                x += group.width
            }
            result.length = x + ins.trailing
            if let background = compositional.background {
                result.background = Rect(
                    x: offset + background.leading, y: background.top,
                    width: max(0, result.length - background.leading - background.trailing),
                    height: max(0, dimension - background.top - background.bottom))
            }
            return result
        }

        var y = 0.0
        if let header = compositional.header {
            let headerHeight = resolve(header.size.height, containerWidth, containerHeight)
            result.header = Rect(
                x: ins.leading, y: offset, width: resolve(header.size.width, containerWidth, containerHeight), height: headerHeight)
            y += headerHeight
            result.headerPins = header.pinToVisibleBounds
        }
        y += ins.top
        if compositional.orthogonalScrolling != nil {
            // One row along x from the leading inset, moved by the section's orthogonal offset; a row
            // that centres its groups grows its insets so its first and last group can be centred (§23.15).
            let centres = compositional.orthogonalScrolling == .groupPagingCentered && !groups.isEmpty
            let lead = centres ? max(ins.leading, (dimension - groups[0].width) / 2) : ins.leading
            let trail = centres ? max(ins.trailing, (dimension - groups[groups.count - 1].width) / 2) : ins.trailing
            var x = lead
            var tallest = 0.0
            for (index, group) in groups.enumerated() {
                if index > 0 { x += compositional.interGroupSpacing }
                place(group, x: x - orthogonalOffset, y: offset + y)
                x += group.width
                tallest = max(tallest, group.height)
            }
            result.orthogonalWidth = x + trail
            y += tallest
        } else {
            for (index, group) in groups.enumerated() {
                if index > 0 { y += compositional.interGroupSpacing }
                place(group, x: ins.leading, y: offset + y)
                y += group.height
            }
        }
        y += ins.bottom
        if let footer = compositional.footer {
            let footerHeight = resolve(footer.size.height, containerWidth, containerHeight)
            result.footer = Rect(
                x: ins.leading, y: offset + y, width: resolve(footer.size.width, containerWidth, containerHeight), height: footerHeight)
            y += footerHeight
            result.footerPins = footer.pinToVisibleBounds
        }
        result.length = y
        if let background = compositional.background {
            result.background = Rect(
                x: background.leading, y: offset + background.top,
                width: max(0, dimension - background.leading - background.trailing),
                height: max(0, result.length - background.top - background.bottom))
        }
        return result
    }

    /// Every compositional section of `input` laid out, left to right and unrounded; the lengths of
    /// the other sections are `flowLengths[index]` (0 when not given).
    static func layout(
        _ input: FlowLayoutInput, viewport: Viewport, offsets: [OrthogonalOffset] = [], flowLengths: [Int: Double] = [:]
    ) -> Layout {
        let vertical = input.settings.scrollDirection == .vertical
        let dimension = vertical
            ? input.crossAxisLength - input.contentInset.left - input.contentInset.right
            : input.crossAxisLength - input.contentInset.top - input.contentInset.bottom
        var result = Layout()
        var offset = 0.0
        for (index, flow) in input.sections.enumerated() {
            if index > 0 { offset += input.settings.interSectionSpacing }
            guard let compositional = input.settings.compositional(of: flow) else {
                offset += flowLengths[index] ?? 0
                continue
            }
            let laid = section(
                compositional, cells: cells(of: flow), input: input, offset: offset, dimension: dimension,
                orthogonalOffset: offsets.last { $0.section == index }?.offset ?? 0)
            if let width = laid.orthogonalWidth { result.orthogonalWidths.append((index, width)) }
            result.sections[index] = laid
            offset += laid.length
        }
        let total = max(0, offset)
        result.contentSize = vertical ? Size(width: dimension, height: total) : Size(width: total, height: dimension)
        return result
    }

    /// Every element of the compositional sections as `viewport` answers them, in the query's order
    /// (whatever its bounds), mirrored and rounded.
    /// Each compositional section's unrounded frame, left to right: its span along the scroll axis,
    /// the content's extent (`0...dimension`) across. A query looks at a section only through it
    /// (docs/flow-layout.md §9): an element rounding carries past it, or that overflows it across, is
    /// not answered for bounds that meet the element but not the section.
    static func sectionFrames(_ input: FlowLayoutInput, viewport: Viewport, flowLengths: [Int: Double] = [:]) -> [Int: Rect] {
        let laid = layout(input, viewport: viewport, flowLengths: flowLengths)
        let vertical = input.settings.scrollDirection == .vertical
        return laid.sections.mapValues { section in
            vertical
                ? Rect(x: 0, y: section.start, width: laid.contentSize.width, height: section.length)
                : Rect(x: section.start, y: 0, width: section.length, height: laid.contentSize.height)
        }
    }

    /// Whether a query for `bounds` looks at `attributes`' section: its frame (`sectionFrames`) touches
    /// the bounds, mirrored back for a horizontal layout right to left.
    static func isLookedAt(
        _ attributes: LayoutAttributes, bounds: Rect, frames: [Int: Rect], input: FlowLayoutInput, viewport: Viewport, contentWidth: Double
    ) -> Bool {
        var unmapped = bounds
        if input.settings.scrollDirection == .horizontal, viewport.layoutDirection == .rightToLeft {
            unmapped.origin.x = contentWidth - bounds.maxX
        }
        // Sections are culled by their frames (docs/flow-layout.md §23.9), and the reference sums a
        // section's offset in another order than the engine: where its frame touches the bounds only
        // within that rounding, the section may or may not be looked at.
        let rounding = 1e-9 * Swift.max(1, abs(unmapped.maxX), abs(unmapped.maxY))
        return frames[attributes.section].map { $0.touches(unmapped.outset(by: -rounding)) } ?? true
    }

    /// `rounding: false` gives the frames mirrored but not rounded (to tell a rounding tie).
    static func attributes(
        _ input: FlowLayoutInput, viewport: Viewport, offsets: [OrthogonalOffset] = [], flowLengths: [Int: Double] = [:],
        rounding: Bool = true
    ) -> [LayoutAttributes] {
        let laid = layout(input, viewport: viewport, offsets: offsets, flowLengths: flowLengths)
        let mirrorWidth = laid.contentSize.width
        func answer(_ frame: Rect) -> Rect {
            var frame = frame
            if viewport.layoutDirection == .rightToLeft { frame.origin.x = mirrorWidth - frame.minX - frame.size.width }
            if rounding, let scale = viewport.scale {
                frame.origin = Point(x: roundToPixel(frame.minX, scale: scale), y: roundToPixel(frame.minY, scale: scale))
            }
            return frame
        }
        let order = laid.sections.keys.sorted()
        var result: [LayoutAttributes] = []
        for index in order {
            for cell in laid.sections[index]!.cells {
                result.append(LayoutAttributes(
                    kind: .cell, section: index, item: cell.item, frame: answer(cell.frame), zIndex: 0, isEstimated: cell.isEstimated))
            }
        }
        // Pinned headers and footers (vertical only, §10): inside the bounds less the viewport's
        // content inset, within their section's span; mirrored, pinned, then rounded.
        let visibleTop = viewport.bounds.minY + viewport.contentInset.top
        let visibleBottom = viewport.bounds.maxY - viewport.contentInset.bottom
        for index in order {
            let section = laid.sections[index]!
            if var header = section.header {
                if section.headerPins {
                    let footerHeight = section.footer?.size.height ?? 0
                    header.origin.y = max(header.minY, visibleTop)
                    if header.minY + header.size.height + footerHeight > section.start + section.length {
                        header.origin.y = section.start + section.length - footerHeight - header.size.height
                    }
                }
                result.append(LayoutAttributes(kind: .header, section: index, item: 0, frame: answer(header), zIndex: 10))
            }
        }
        for index in order {
            let section = laid.sections[index]!
            if var footer = section.footer {
                if section.footerPins {
                    let headerHeight = section.header?.size.height ?? 0
                    if visibleBottom < footer.maxY { footer.origin.y = visibleBottom - footer.size.height }
                    if footer.minY - headerHeight < section.start { footer.origin.y = section.start + headerHeight }
                }
                result.append(LayoutAttributes(kind: .footer, section: index, item: 0, frame: answer(footer), zIndex: 10))
            }
        }
        for index in order {
            if let background = laid.sections[index]!.background {
                result.append(LayoutAttributes(kind: .sectionBackground, section: index, item: 0, frame: answer(background), zIndex: -1))
            }
        }
        return result
    }

    /// Whether `answered` is `expected` (`raw`: the same, unrounded), each frame within `tolerance` of
    /// the reference's (summation order may differ in the last bits), an origin one pixel off where the
    /// reference's unrounded coordinate is a rounding tie. With `bounds`, `expected` is the whole
    /// layout: what touches the bounds must be answered, what touches them only within the tolerance
    /// may be, and so may what `considered` rules out. Returns a description of the first difference,
    /// or nil.
    static func difference(
        _ answered: [LayoutAttributes], _ expected: [LayoutAttributes], raw: [LayoutAttributes], scale: Double?,
        bounds: Rect? = nil, tolerance: Double = 1e-9, considered: (LayoutAttributes) -> Bool = { _ in true }
    ) -> String? {
        func near(_ a: Double, _ e: Double, _ raw: Double?) -> Bool {
            if abs(a - e) <= tolerance { return true }
            guard let scale, let raw else { return false }
            let scaled = abs(raw * scale)
            return abs(scaled - scaled.rounded(.down) - 0.5) < 1e-6 && abs(a - e) <= 1 / scale + tolerance
        }
        func same(_ a: LayoutAttributes, _ e: LayoutAttributes, _ r: LayoutAttributes) -> Bool {
            a.kind == e.kind && a.section == e.section && a.item == e.item && a.zIndex == e.zIndex && a.isEstimated == e.isEstimated
                && near(a.frame.minX, e.frame.minX, r.frame.minX) && near(a.frame.minY, e.frame.minY, r.frame.minY)
                && near(a.frame.size.width, e.frame.size.width, nil) && near(a.frame.size.height, e.frame.size.height, nil)
        }
        func text(_ a: LayoutAttributes) -> String {
            "\(a.kind) \(a.section).\(a.item) z \(a.zIndex) \(a.frame) est \(a.isEstimated)"
        }
        let slack = (scale.map { 1 / $0 } ?? 0) + 1e-6
        var next = 0
        for (e, r) in zip(expected, raw) {
            var required = true
            if let bounds {
                guard e.frame.touches(bounds.outset(by: slack)) else { continue }
                required = e.frame.touches(bounds.outset(by: -slack)) && considered(e)
            }
            if next < answered.count, same(answered[next], e, r) {
                next += 1
            } else if required {
                return "engine \(next < answered.count ? text(answered[next]) : "nothing") at \(next) of \(answered.count)\n  reference \(text(e))"
            }
        }
        if next < answered.count { return "engine \(text(answered[next])) at \(next) of \(answered.count), not in the reference" }
        return nil
    }
}
