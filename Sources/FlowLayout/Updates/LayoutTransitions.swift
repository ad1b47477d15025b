/// One element's move through an update: where it was and where it is, by index path and frame
/// (UIKit's initial and final layout attributes). `before` and `from` are nil for an element that
/// appears, `after` and `to` for one that disappears.
public struct ElementTransition: Hashable, Sendable {
    public var kind: LayoutAttributes.Kind
    public var before: ItemPath?
    public var after: ItemPath?
    public var from: Rect?
    public var to: Rect?
}

/// An element on either side of an update: its kind and index path.
private struct TransitionKey: Hashable {
    var kind: LayoutAttributes.Kind
    var path: ItemPath
}

extension BaseLayout {
    /// What to add to the scroll offset so that the first cell visible in `anchor` (in index order)
    /// that survives the update into `new` stays where it is on screen along the scroll axis; zero
    /// across it (a list never scrolls sideways), and zero when none survives (docs/flow-layout.md
    /// §16). Left-to-right content coordinates. O(log n + the cells before the first survivor), however
    /// many cells are in view; only the first `limit` elements in view are looked at.
    public func contentOffsetAdjustment(
        to new: BaseLayout, mapping: UpdateMapping, anchor: Rect, scale: Double? = nil, limit: Int = .max
    ) -> Point {
        var uncounted = Uncounted()
        return contentOffsetAdjustment(to: new, mapping: mapping, anchor: anchor, scale: scale, limit: limit, work: &uncounted)
    }

    /// `contentOffsetAdjustment(to:mapping:anchor:scale:limit:)`, counting the elements the queries
    /// looked at and the work of each lookup in `new` (tests of its bound).
    func contentOffsetAdjustment(
        to new: BaseLayout, mapping: UpdateMapping, anchor: Rect, scale: Double?, limit: Int, work: inout some WorkCounter
    ) -> Point {
        // The cells in view come in index order: the first few are asked for, and more only while
        // none of them survives, so overlapping lines (all of them in view) cost O(log n), not O(n).
        var visible: [LayoutAttributes] = []
        var asked = Swift.min(8, limit)
        while true {
            visible.removeAll(keepingCapacity: true)
            attributes(in: Viewport(bounds: anchor, scale: scale), into: &visible, limit: asked, work: &work)
            let complete = visible.count <= asked
            if let moved = firstSurvivor(of: visible.prefix(asked), to: new, mapping: mapping, scale: scale, work: &work) {
                return moved
            }
            if complete || asked >= limit { return Point(x: 0, y: 0) }
            asked = Swift.min(limit, asked * 4)
        }
    }

    /// The move along the scroll axis of the first cell of `visible` that survives into `new`.
    private func firstSurvivor(
        of visible: ArraySlice<LayoutAttributes>, to new: BaseLayout, mapping: UpdateMapping, scale: Double?, work: inout some WorkCounter
    ) -> Point? {
        for cell in visible where cell.kind == .cell {
            guard let path = mapping.newPath(of: ItemPath(section: cell.section, item: cell.item)),
                let after = new.attributes(ofItem: path, scale: scale, layoutDirection: .leftToRight, work: &work)
            else { continue }
            // Along the scroll axis only: a cell that moved to another place in its line (or to
            // another line's other end) must not scroll the list sideways.
            return scrollDirection == .vertical
                ? Point(x: 0, y: after.frame.minY - cell.frame.minY)
                : Point(x: after.frame.minX - cell.frame.minX, y: 0)
        }
        return nil
    }

    /// Every cell, header and footer in `bounds` before the update (in this layout) or after it (in
    /// `new`), with its index path and frame on both sides: first those of this layout in query order,
    /// then those that only `new` has in view. A moved item keeps its identity. O(k log n + the cells
    /// of the lines of the elements out of view on one side); nil when more than `limit` elements are
    /// in view on either side (the answer would be too large).
    public func transitions(
        to new: BaseLayout, mapping: UpdateMapping, bounds: Rect, scale: Double? = nil, limit: Int = .max
    ) -> [ElementTransition]? {
        var uncounted = Uncounted()
        return transitions(to: new, mapping: mapping, bounds: bounds, scale: scale, limit: limit, work: &uncounted)
    }

    /// `transitions(to:mapping:bounds:scale:limit:)`, counting the elements the queries looked at.
    @_spi(WorkCounting)
    public func transitions(
        to new: BaseLayout, mapping: UpdateMapping, bounds: Rect, scale: Double? = nil, limit: Int = .max, work: inout some WorkCounter
    ) -> [ElementTransition]? {
        let viewport = Viewport(bounds: bounds, scale: scale)
        var before: [LayoutAttributes] = []
        var after: [LayoutAttributes] = []
        attributes(in: viewport, into: &before, limit: limit, work: &work)
        new.attributes(in: viewport, into: &after, limit: limit, work: &work)
        guard before.count <= limit, after.count <= limit else { return nil }
        // Transitions follow cells, headers and footers; a section's background is drawn from its frame.
        before.removeAll { $0.kind == .sectionBackground }
        after.removeAll { $0.kind == .sectionBackground }
        func key(_ element: LayoutAttributes) -> TransitionKey {
            TransitionKey(kind: element.kind, path: ItemPath(section: element.section, item: element.item))
        }
        // The frames of cells out of view, found line by line: each line is queried once, not once
        // for each of its cells (a line may hold thousands, all moved out of view by one update).
        func frame(
            in layout: BaseLayout, memo: inout [ItemPath: Rect], _ kind: LayoutAttributes.Kind, _ path: ItemPath, work: inout some WorkCounter
        ) -> Rect? {
            guard kind == .cell else { return layout.frame(of: kind, section: path.section, bounds: bounds, scale: scale) }
            if let known = memo[path] { return known }
            for cell in layout.lineAttributes(holding: path, scale: scale, layoutDirection: .leftToRight, work: &work)
            where cell.kind == .cell {
                memo[ItemPath(section: cell.section, item: cell.item)] = cell.frame
            }
            return memo[path]
        }
        var newFrames: [ItemPath: Rect] = [:]
        var oldFrames: [ItemPath: Rect] = [:]
        var shownAfter: [TransitionKey: Rect] = [:]
        for element in after { shownAfter[key(element)] = element.frame }
        var result: [ElementTransition] = []
        var covered = Set<TransitionKey>()
        for element in before {
            let old = key(element)
            let path = element.kind == .cell
                ? mapping.newPath(of: old.path)
                : mapping.newSection(of: old.path.section).map { ItemPath(section: $0, item: 0) }
            var to: Rect?
            if let path {
                let newKey = TransitionKey(kind: element.kind, path: path)
                to = shownAfter[newKey] ?? frame(in: new, memo: &newFrames, element.kind, path, work: &work)
                covered.insert(newKey)
            }
            result.append(ElementTransition(kind: element.kind, before: old.path, after: to == nil ? nil : path, from: element.frame, to: to))
        }
        for element in after where !covered.contains(key(element)) {
            let path = key(element).path
            let old = element.kind == .cell
                ? mapping.oldPath(of: path)
                : mapping.oldSection(of: path.section).map { ItemPath(section: $0, item: 0) }
            let from = old.flatMap { frame(in: self, memo: &oldFrames, element.kind, $0, work: &work) }
            result.append(ElementTransition(kind: element.kind, before: from == nil ? nil : old, after: path, from: from, to: element.frame))
        }
        return result
    }
}
