/// Where an orthogonal section's fling comes to rest, per behaviour (docs/flow-layout.md §23.15):
/// offsets from 0 to `maximum`, and the section's snap points, one a group, in order.
struct CarouselStops {
    /// The largest offset: the section's content width less the viewport's, at least 0.
    let maximum: Double
    /// The viewport's width: a `paging` page.
    let pageLength: Double
    let snapCount: Int
    /// Snap point j, unclamped: the offset that brings group j to the leading inset, or centres it.
    let snap: (Int) -> Double

    /// An offset this close to a page is on it (rounding), as `FlingSnap.page` has it.
    private var tolerance: Double { 1e-9 * Swift.max(1, pageLength) }

    func clamped(_ offset: Double) -> Double { Swift.min(Swift.max(offset, 0), maximum) }

    /// The resting offset of a fling released at `offset` with `speed` (points per second), whose
    /// deceleration alone would take it to `projection`.
    func target(_ behaviour: OrthogonalScrolling, offset: Double, speed: Double, projection: Double) -> Double {
        switch behaviour {
        case .continuous:
            return clamped(projection)
        case .continuousGroupLeadingBoundary:
            return nearest(to: clamped(projection))
        case .paging:
            let page = FlingSnap.page(offset: offset, speed: speed, origin: 0, length: pageLength) ?? offset
            return clamped(page)
        case .groupPaging, .groupPagingCentered:
            return clamped(groupPage(offset: offset, speed: speed))
        }
    }

    /// The snap point or end of the range nearest `offset`, the smaller on a tie (§21.3's rule): the
    /// ends and the snap points on either side of it.
    private func nearest(to offset: Double) -> Double {
        let after = (lastSnap(atOrBefore: offset) ?? -1) + 1
        var candidates = [0, maximum]
        if after > 0 { candidates.append(snap(after - 1)) }
        if after < snapCount { candidates.append(snap(after)) }
        return candidates.map(clamped).reduce(maximum) { best, stop in
            let (distance, bestDistance) = ((stop - offset).magnitude, (best - offset).magnitude)
            return distance < bestDistance || (distance == bestDistance && stop < best) ? stop : best
        }
    }

    /// `paging`'s rule with the snap points as pages: from the page the offset is on (the last at or
    /// before it), the next or the one before past `FlingSnap.pageTurnSpeed`, else the nearer of the
    /// two around it (the later on a tie); one page at most. The start of the range is a page before
    /// the first snap point, its end one after the last.
    private func groupPage(offset: Double, speed: Double) -> Double {
        let p = lastSnap(atOrBefore: offset + tolerance)
        let here = p.map(snap) ?? 0
        let next = (p ?? -1) + 1 < snapCount ? snap((p ?? -1) + 1) : maximum
        if speed >= FlingSnap.pageTurnSpeed { return next }
        if speed <= -FlingSnap.pageTurnSpeed {
            guard let p, (here - offset).magnitude <= tolerance else { return here }
            return p > 0 ? snap(p - 1) : 0
        }
        return offset - here < next - offset ? here : next
    }

    /// The last snap point at or before `offset`, nil when none is: a binary search, as if the snap
    /// points never went backwards (they do only under a spacing below minus a group's length).
    private func lastSnap(atOrBefore offset: Double) -> Int? {
        guard snapCount > 0, snap(0) <= offset else { return nil }
        // Invariant: snap `low` is at or before `offset`, snap `high` (or the end) after it.
        var (low, high) = (0, snapCount)
        while high - low > 1 {
            let middle = (low + high) / 2
            if snap(middle) <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
