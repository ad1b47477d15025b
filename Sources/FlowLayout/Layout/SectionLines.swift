/// How a section's lines are broken and placed: everything but the items.
struct LineGeometry: Sendable {
    var direction: ScrollDirection
    var dimension: Double
    var lineLead: Double
    var lineTrail: Double
    /// Between items inside a line and between lines (the row path swaps UIKit's two spacings when
    /// scrolling horizontally, docs/flow-layout.md §6.1).
    var inLineSpacing: Double
    var lineSpacing: Double
    /// Section-relative scroll offset of the first line: header plus leading inset.
    var firstLineStart: Double
    var placement: LinePlacement
    var crossAlignment: CrossAlignment
    var breaksLikeCSS: Bool
    /// Whether the items are kept rather than broken by size: a compositional section's, which its
    /// groups place (§23), in lines of at most `LineBreaker.keptLine` items, a line a chunk. Beside
    /// the other flag, in what was padding: the bytes a layout reports stay as they were.
    var keepsItems = false
    /// CSS mode's container, for `align-content` (docs/flow-layout.md §15.3).
    var css: CSSFlexLayout?

    var available: Double { dimension - lineLead - lineTrail }

    func breaker(restartingAt first: Int?) -> LineBreaker {
        LineBreaker(
            direction: direction, available: available, inLineSpacing: inLineSpacing, lineSpacing: lineSpacing,
            breaksLikeCSS: breaksLikeCSS, keptPerLine: keepsItems ? LineBreaker.keptLine : nil, restartingAt: first)
    }

    /// What is left of a line after its items, as UIKit's breaking leaves it (§6.3 compares two).
    func remaining(after alongs: some Sequence<Double>) -> Double {
        var remaining = available
        for along in alongs { remaining -= along + inLineSpacing }
        return remaining
    }

    /// The first item's along offset and the gap after each item, as UIKit places a line of `count`
    /// items whose along lengths `along` gives (§6.4).
    @inline(__always)
    func placement(count: Int, isComplete: Bool, along: (Int) -> Double) -> (begin: Double, gap: Double) {
        if case .uikit = placement {} else {
            var sum = 0.0
            for index in 0..<count { sum += along(index) }
            return placement.place(
                count: count, sum: sum, lineLead: lineLead, lineTrail: lineTrail, dimension: dimension,
                spacing: inLineSpacing)
        }
        guard isComplete else { return (lineLead, inLineSpacing) }
        if count == 1 {
            let first = along(0)
            return (first <= available ? lineLead + (available - first) / 2 : lineLead, inLineSpacing)
        }
        var sum = 0.0
        for index in 0..<count { sum += along(index) }
        return (lineLead, (available - sum) / Double(count - 1))
    }
}

/// A section's items broken into lines (docs/flow-layout.md §6): a `LineNode` tree, and what follows
/// from all of its lines at once (the last line's completeness, CSS `align-content`'s shares).
///
/// Immutable. A fresh section is broken in O(listed items + runs); `replacing` re-breaks from the line
/// before a change to where lines realign (§16).
final class SectionLines: Sendable {
    let geometry: LineGeometry
    let root: LineNode?
    /// UIKit's completeness of the last line (§6.3); every other line is complete.
    let lastLineIsComplete: Bool
    /// CSS `align-content` (§15.3): every line moves by `start` plus `slope` per line before it, and
    /// grows by `grow`; all zero outside CSS mode or without a fixed `crossSize`.
    let shiftStart: FixedLength
    let slope: FixedLength
    let grow: Double

    var summary: LineSummary { root?.summary ?? LineSummary() }
    var lineCount: Int { summary.lineCount }
    var itemCount: Int { summary.itemCount }
    /// Line ends never go backwards (a non-negative line spacing), so a search can stop at the first
    /// line past the bounds.
    var isMonotone: Bool { geometry.lineSpacing >= 0 || lineCount <= 1 }
    var spacing: FixedLength { FixedLength(geometry.lineSpacing) }
    /// Where line starts are measured from: the first line's start plus `align-content`'s offset.
    var base: FixedLength { FixedLength(geometry.firstLineStart) + shiftStart }

    init(geometry: LineGeometry, root: LineNode?) {
        self.geometry = geometry
        self.root = root
        let summary = root?.summary ?? LineSummary()
        var complete = false
        if let root, summary.lineCount > 0 {
            var uncounted = Uncounted()
            let last = Self.alongs(ofLine: summary.lineCount - 1, in: root, direction: geometry.direction, work: &uncounted)
            let lastHasOne = last.count == 1
            // Rule A: a lone last item after lone items is centred; rule B: a last line that fills
            // exactly like the one before is justified.
            if summary.linesNotOfOneItem == (lastHasOne ? 0 : 1) && lastHasOne {
                complete = true
            } else if summary.lineCount > 1 {
                let previous = Self.alongs(ofLine: summary.lineCount - 2, in: root, direction: geometry.direction, work: &uncounted)
                complete = geometry.remaining(after: last) == geometry.remaining(after: previous)
            }
        }
        self.lastLineIsComplete = complete
        var start = 0.0
        var slope = FixedLength.zero
        var grow = 0.0
        if let css = geometry.css, let crossSize = css.crossSize, summary.lineCount > 0 {
            let used = (summary.extent - FixedLength(geometry.lineSpacing)).doubleValue
            let shares = css.alignContentShares(free: crossSize - used, lineCount: summary.lineCount)
            start = shares.start
            grow = shares.grow
            slope = FixedLength(shares.grow) + FixedLength(shares.extraGap)
        }
        self.shiftStart = FixedLength(start)
        self.slope = slope
        self.grow = grow
    }

    /// The along lengths of one line's items. O(log n + its items).
    private static func alongs(ofLine line: Int, in root: LineNode, direction: ScrollDirection, work: inout some WorkCounter) -> [Double] {
        let position = LineTree.chunk(holdingLine: line, in: root, work: &work)
        let chunk = position.node.chunk
        return chunk.itemRange(ofLine: line - position.firstLine).map { direction.along(chunk.item($0).size) }
    }

    /// Where the lines end: the last line's far edge, relative to the section.
    var endOfLines: Double {
        guard lineCount > 0 else { return geometry.firstLineStart }
        let lastStart = summary.extent - spacing + slope * (lineCount - 1)
        return (base + lastStart + FixedLength(grow)).doubleValue
    }

    /// A line's start relative to the section, from its chunk's start and its index in the section.
    @inline(__always) func start(relative: FixedLength, line: Int) -> Double {
        slope == .zero ? (base + relative).doubleValue : (base + relative + slope * line).doubleValue
    }

    /// Whether line `line` is complete (§6.3).
    @inline(__always) func isComplete(line: Int) -> Bool { line < lineCount - 1 || lastLineIsComplete }

    /// The item at `index`, and the chunk that holds it. O(log n).
    func item(_ index: Int, work: inout some WorkCounter) -> FlowItem {
        let position = LineTree.chunk(holdingItem: index, in: root!, work: &work)
        return position.node.chunk.item(index - position.firstItem)
    }

    /// Bytes the lines keep alive, O(1): the tree keeps the sum. Nodes shared with the layout an update
    /// came from count in both.
    var heapByteCount: Int { 16 + MemoryLayout<LineGeometry>.size + 64 + summary.bytes }
}

extension CSSFlexLayout {
    /// `align-content`'s shares of the container's free cross space: where the first line starts, the
    /// gap added between lines and the length added to each (§15.3).
    func alignContentShares(free: Double, lineCount: Int) -> (start: Double, extraGap: Double, grow: Double) {
        let count = Double(lineCount)
        switch alignContent {
        case .flexStart: return (0, 0, 0)
        case .flexEnd: return (free, 0, 0)
        case .center: return (free / 2, 0, 0)
        case .spaceBetween: return (0, free > 0 && lineCount > 1 ? free / (count - 1) : 0, 0)
        // space-around and space-evenly fall back to `safe center`: lines that overflow start at the top.
        case .spaceAround:
            guard free > 0 else { return (0, 0, 0) }
            return (free / count / 2, free / count, 0)
        case .spaceEvenly:
            guard free > 0 else { return (0, 0, 0) }
            return (free / (count + 1), free / (count + 1), 0)
        case .normal, .stretch: return (0, 0, free > 0 ? free / count : 0)
        }
    }
}
