extension BaseLayout {
    /// The content offsets a view of `viewSize` can rest at (docs/flow-layout.md §21.2): from
    /// −inset.top to contentHeight + inset.bottom − viewHeight, and likewise along x, with the layout's
    /// content inset. When the content and insets are shorter than the view the lower end is both ends:
    /// the content rests at its start.
    public func restingOffsets(viewSize: Size) -> (min: Point, max: Point) {
        let inset = contentInset
        let low = Point(x: -inset.left, y: -inset.top)
        let high = Point(
            x: Swift.max(low.x, contentSize.width + inset.right - viewSize.width),
            y: Swift.max(low.y, contentSize.height + inset.bottom - viewSize.height))
        return (low, high)
    }

    /// `offset` moved into `restingOffsets(viewSize:)` on each axis.
    public func clampedOffset(_ offset: Point, viewSize: Size) -> Point {
        let (low, high) = restingOffsets(viewSize: viewSize)
        return Point(x: Swift.min(Swift.max(offset.x, low.x), high.x), y: Swift.min(Swift.max(offset.y, low.y), high.y))
    }

    /// How many times the search for snap candidates doubles its window before it settles for the
    /// nearest it has (§21.3): 2¹⁰ viewports around the projection.
    static let snapWidenings = 10

    /// The offset along the scroll axis nearest `offset` among the candidates of `snap` (`line`,
    /// `item` or `center`) and the ends `low` and `high` of the resting offsets; the smaller on a tie
    /// (§21.3). Candidates are read from the cells the visible query finds in a window centred on where
    /// a candidate for `offset` would sit, as long as the viewport to start with: a cell it does not
    /// find lies wholly outside it, so its candidate is farther than half the window, and a candidate
    /// within half the window is the nearest there is. Until one is, the window doubles (up to
    /// `snapWidenings` times), its half never longer than the distance to the nearest candidate so far
    /// (the ends are candidates from the start). `across` is the view's extent across the scroll axis (only cells inside it count); the
    /// viewport gives the scale and direction the frames are rounded and mirrored for, and its bounds'
    /// length along the scroll axis. O(log n + k) for k cells in the windows; `work` counts the queries
    /// and what they examine.
    func nearestSnapOffset(
        to offset: Double, snap: FlingSnap, viewport: Viewport, across: (origin: Double, length: Double), low: Double, high: Double,
        work: inout some WorkCounter
    ) -> Double {
        let direction = scrollDirection
        let length = direction.across(viewport.bounds.size)
        let lead = direction.scrollLead(contentInset)
        let trail = direction.scrollTrail(contentInset)
        // A candidate c is the offset c − shift: an edge at the top of the area inside the inset, or a
        // centre at that area's centre.
        let shift = snap == .center ? lead + (length - lead - trail) / 2 : lead
        var best = low
        var bestDistance = (low - offset).magnitude
        func consider(_ candidate: Double) {
            let distance = (candidate - offset).magnitude
            if distance < bestDistance || (distance == bestDistance && candidate < best) { (best, bestDistance) = (candidate, distance) }
        }
        consider(high)
        guard bestDistance > 0 else { return best }
        let centre = offset + shift
        var half = Swift.max(length, 1) / 2
        var found: [LayoutAttributes] = []
        for _ in 0...Self.snapWidenings {
            let window = direction.rect(along: across.origin, scroll: centre - half, alongLength: across.length, scrollLength: 2 * half)
            found.removeAll(keepingCapacity: true)
            work += 1
            attributes(
                in: Viewport(bounds: window, contentInset: contentInset, scale: viewport.scale, layoutDirection: viewport.layoutDirection),
                into: &found, work: &work)
            Self.forEachSnapCandidate(of: found, snap: snap, direction: direction) { consider($0 - shift) }
            if bestDistance <= half { break }
            half = Swift.min(2 * half, bestDistance)
        }
        return best
    }

    /// The candidates of `snap` among `attributes` (a query's answer, in its order), along the scroll
    /// axis: each cell's leading edge (`item`), its centre (`center`), or each line's leading edge
    /// (`line`): the smallest edge of its cells. The query lists a section's cells line by line, and the
    /// cells of one line overlap along the scroll axis while those of the next start at or after the
    /// line's end, so a line ends at the first cell that does not overlap it.
    static func forEachSnapCandidate(
        of attributes: [LayoutAttributes], snap: FlingSnap, direction: ScrollDirection, _ body: (Double) -> Void
    ) {
        var line: (section: Int, low: Double, high: Double)?
        for element in attributes where element.kind == .cell {
            let low = direction.scrollMin(element.frame)
            let high = direction.scrollMax(element.frame)
            switch snap {
            case .item: body(low)
            case .center: body((low + high) / 2)
            case .line:
                if let current = line, current.section == element.section, low < current.high, high > current.low {
                    line = (current.section, Swift.min(current.low, low), Swift.max(current.high, high))
                } else {
                    if let current = line { body(current.low) }
                    line = (element.section, low, high)
                }
            case .none, .page: return
            }
        }
        if let line { body(line.low) }
    }
}
