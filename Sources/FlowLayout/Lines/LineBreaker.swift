/// UIKit's line breaking (docs/flow-layout.md §6.2) as a stream: items go on the open line while they
/// fit, with the first-item quirks of each mode; closed lines are collected into chunks. A run of equal
/// items is broken in O(1) past its first line: every line of it that starts fresh holds the same
/// number of items, so whole lines of it become one `RunLines` chunk.
///
/// Greedy breaking from a line start depends only on the items from there on: that is what lets an
/// update re-break from the line before a change and stop where a line starts at an item that started a
/// line before the change (`lineStarts` answering false), reusing the old lines after it.
struct LineBreaker {
    var direction: ScrollDirection
    /// The length a line may fill: the dimension minus both line insets.
    var available: Double
    var inLineSpacing: Double
    var breaksLikeCSS: Bool
    /// `LineGeometry.keepsItems`: a compositional section's items, kept in lines of this many.
    let keptPerLine: Int?

    /// Index (in the new numbering) of the next item fed.
    private(set) var nextItem: Int
    /// Whether the open line exists (it may be empty only at the section's start) and what it holds.
    private var isOpen: Bool
    private var openItems = 0
    private var remaining = 0.0
    private var thickness = 0.0
    /// Set once `lineStarts` answers false: nothing more is taken.
    private(set) var stopped = false
    private var builder: ChunkBuilder

    /// A breaker at the section's start (`restartingAt` nil: line 0 is open and may stay empty), or
    /// restarting at the start of a line whose first item is `restartingAt`.
    init(
        direction: ScrollDirection, available: Double, inLineSpacing: Double, lineSpacing: Double, breaksLikeCSS: Bool,
        keptPerLine: Int? = nil, restartingAt first: Int?
    ) {
        self.builder = ChunkBuilder(lineSpacing: FixedLength(lineSpacing), linesPerChunk: keptPerLine == nil ? LineChunk.maxLines : 1)
        self.keptPerLine = keptPerLine
        self.direction = direction
        self.available = available
        self.inLineSpacing = inLineSpacing
        self.breaksLikeCSS = breaksLikeCSS
        self.nextItem = first ?? 0
        self.isOpen = first == nil
        self.remaining = available
    }

    /// Items of one run that fill a line started by one of them, counted by UIKit's own subtraction,
    /// or nil past `maxRunLine` (items so thin, or spacing so small, that a line would hold more:
    /// such a run is then placed item by item, which ends, instead of counted, which might not).
    private func perLine(_ item: FlowItem) -> Int? {
        let along = direction.along(item.size)
        var left = available - (along + inLineSpacing)
        var count = 1
        while along <= left {
            guard count < Self.maxRunLine else { return nil }
            left -= along + inLineSpacing
            count += 1
        }
        return count
    }

    /// The most items of a run counted onto one line (see `perLine`).
    static let maxRunLine = 4096

    /// Items a kept line holds (`LineGeometry.keepsItems`), a line a chunk: about what a chunk of
    /// broken lines holds, so that an update feeds again about as many items.
    static let keptLine = 128

    /// Feeds `count` copies of `item`; `lineStarts(i)` is asked before a line starts at item i (after
    /// the first), and stops the breaking when it answers false.
    mutating func feed(_ item: FlowItem, count: Int, work: inout some WorkCounter, lineStarts: (Int) -> Bool) {
        if let keptPerLine { return keep(item, count: count, perLine: keptPerLine, work: &work, lineStarts: lineStarts) }
        var left = count
        let along = direction.along(item.size)
        let across = direction.across(item.size)
        let run = count > 1 && item.parallaxDepth == nil ? perLine(item) : nil
        while left > 0, !stopped {
            work += 1
            left -= 1
            if placeOnOpenLine(along: along, across: across, { $0.place(item) }) { continue }
            // No open line: the next item starts one, whatever its size.
            guard lineStarts(nextItem) else {
                stopped = true
                return
            }
            if let run, left + 1 > run {
                // Whole lines of the run, each followed by another item of it.
                let lines = left / run
                builder.appendRun(RunLines(item: item, perLine: run, lineCount: lines, thickness: across))
                nextItem += lines * run
                left -= lines * run
                guard lineStarts(nextItem) else {
                    stopped = true
                    return
                }
            }
            openLine(along: along, across: across) { $0.place(item) }
        }
    }

    /// Feeds listed sizes of items without flags or depths, one by one: a registration's usual
    /// section, in one loop without making an item of each. The same breaking as `feed(_:count:)`.
    mutating func feed(sizes: UnsafeBufferPointer<Size>, work: inout some WorkCounter) {
        if let keptPerLine {
            keep(sizes: sizes, perLine: keptPerLine)
            work += sizes.count
            return
        }
        for size in sizes {
            let along = direction.along(size)
            let across = direction.across(size)
            if !placeOnOpenLine(along: along, across: across, { $0.place(size) }) {
                openLine(along: along, across: across) { $0.place(size) }
            }
        }
        work += sizes.count
    }

    /// `feed` for kept items: each goes on the open line while it has room. Past a change, an item
    /// that started an old line (`lineStarts` answering false) ends the open line and the breaking
    /// there: kept lines are any partition of the items, so any old line start realigns. A run's
    /// whole lines are one `RunLines`, asked about at their start, as in `feed`.
    private mutating func keep(_ item: FlowItem, count: Int, perLine: Int, work: inout some WorkCounter, lineStarts: (Int) -> Bool) {
        var left = count
        while left > 0, !stopped {
            work += 1
            guard lineStarts(nextItem) else {
                if isOpen && openItems > 0 { closeLine() }
                stopped = true
                return
            }
            if isOpen && openItems > 0 && openItems < perLine {
                builder.place(item)
                (openItems, nextItem, left) = (openItems + 1, nextItem + 1, left - 1)
                continue
            }
            // A full line closes; the section's first line, open and empty, is as if none were.
            if isOpen && openItems > 0 { closeLine() }
            isOpen = false
            if item.parallaxDepth == nil, left >= perLine {
                let lines = left / perLine
                builder.appendRun(RunLines(item: item, perLine: perLine, lineCount: lines, thickness: 0))
                (nextItem, left) = (nextItem + lines * perLine, left - lines * perLine)
                continue
            }
            openLine(along: 0, across: 0) { $0.place(item) }
            left -= 1
        }
    }

    /// `feed(sizes:)` for kept items: a line's worth of sizes at a time, a whole line copied once
    /// into its chunk.
    private mutating func keep(sizes: UnsafeBufferPointer<Size>, perLine: Int) {
        var index = 0
        while index < sizes.count {
            if !isOpen || openItems == perLine || openItems == 0 {
                if isOpen && openItems > 0 { closeLine() }
                if sizes.count - index >= perLine {
                    isOpen = false
                    builder.appendKeptLine(UnsafeBufferPointer(rebasing: sizes[index..<index + perLine]))
                    (nextItem, index) = (nextItem + perLine, index + perLine)
                    continue
                }
                isOpen = true
                builder.openLine()
                openItems = 0
            }
            let taken = Swift.min(perLine - openItems, sizes.count - index)
            builder.place(sizes: UnsafeBufferPointer(rebasing: sizes[index..<index + taken]))
            (openItems, nextItem, index) = (openItems + taken, nextItem + taken, index + taken)
        }
    }

    /// Puts the next item on the open line when it fits there (§6.2: `along` at most what remains, or
    /// a CSS line's first item whatever its size); otherwise closes the open line, if any, and
    /// answers false.
    @inline(__always)
    private mutating func placeOnOpenLine(along: Double, across: Double, _ place: (inout ChunkBuilder) -> Void) -> Bool {
        guard isOpen else { return false }
        guard along <= remaining || (breaksLikeCSS && openItems == 0) else {
            closeLine()
            return false
        }
        place(&builder)
        openItems += 1
        remaining -= along + inLineSpacing
        thickness = Swift.max(thickness, across)
        nextItem += 1
        return true
    }

    /// Opens a line holding the next item.
    @inline(__always)
    private mutating func openLine(along: Double, across: Double, _ place: (inout ChunkBuilder) -> Void) {
        isOpen = true
        builder.openLine()
        place(&builder)
        openItems = 1
        remaining = available - (along + inLineSpacing)
        thickness = across
        nextItem += 1
    }

    private mutating func closeLine() {
        builder.closeLine(thickness: thickness)
        isOpen = false
        openItems = 0
        thickness = 0
    }

    /// The chunks of every line closed so far, and of the open one when the items ran out (not when
    /// the breaking stopped).
    mutating func finish() -> [LineChunk] {
        if isOpen && !stopped { closeLine() }
        return builder.finish()
    }
}

/// Collects closed lines into listed chunks of at most `LineChunk.maxLines` lines, and runs as they are.
fileprivate struct ChunkBuilder {
    /// Between lines, for the chunks' fences.
    let lineSpacing: FixedLength
    /// Lines a chunk is closed at: `LineChunk.maxLines`, or one for kept lines.
    let linesPerChunk: Int
    init(lineSpacing: FixedLength, linesPerChunk: Int) { (self.lineSpacing, self.linesPerChunk) = (lineSpacing, linesPerChunk) }
    private var chunks: [LineChunk] = []
    private var sizes: [Size] = []
    private var marks: [UInt16] = []
    private var anyMark = false
    private var depths: [Double] = []
    private var anyDepth = false
    private var firstItems: [UInt32] = []
    private var thicknesses: [Double] = []
    private var lineIsOpen = false

    mutating func openLine() {
        if !lineIsOpen {
            firstItems.append(UInt32(sizes.count))
            lineIsOpen = true
        }
    }

    /// An item without a mark or depth.
    @inline(__always)
    mutating func place(_ size: Size) {
        if anyMark || anyDepth {
            place(FlowItem(size: size))
            return
        }
        openLine()
        sizes.append(size)
    }

    /// Items without marks or depths, in one copy while no earlier item of the chunk has either.
    mutating func place(sizes newSizes: UnsafeBufferPointer<Size>) {
        guard !anyMark && !anyDepth else {
            for size in newSizes { place(FlowItem(size: size)) }
            return
        }
        openLine()
        sizes.append(contentsOf: newSizes)
    }

    mutating func place(_ item: FlowItem) {
        openLine()
        // Marks and depths are kept only from the first item that has one (most chunks have none).
        let mark = ListedLines.mark(of: item)
        if mark != 0 && !anyMark {
            marks = Array(repeating: 0, count: sizes.count)
            anyMark = true
        }
        if item.parallaxDepth != nil && !anyDepth {
            depths = Array(repeating: .nan, count: sizes.count)
            anyDepth = true
        }
        sizes.append(item.size)
        if anyMark { marks.append(mark) }
        if anyDepth { depths.append(item.parallaxDepth ?? .nan) }
    }

    mutating func closeLine(thickness: Double) {
        openLine()
        thicknesses.append(thickness)
        lineIsOpen = false
        if thicknesses.count >= linesPerChunk || sizes.count >= LineChunk.maxItems { flush() }
    }

    /// A kept line of `sizes` (no marks, no depths) as a chunk of its own.
    mutating func appendKeptLine(_ sizes: UnsafeBufferPointer<Size>) {
        flush()
        chunks.append(.listed(ListedLines(
            sizes: Array(sizes), marks: nil, depths: nil, firstItems: [0], thicknesses: [0], lineSpacing: lineSpacing)))
    }

    mutating func appendRun(_ run: RunLines) {
        flush()
        chunks.append(.run(run))
    }

    private mutating func flush() {
        guard !thicknesses.isEmpty else { return }
        // Exact copies: a chunk outlives the builder, and its arrays should not keep spare capacity.
        chunks.append(.listed(ListedLines(
            sizes: exactCopy(sizes), marks: anyMark ? exactCopy(marks) : nil,
            depths: anyDepth ? exactCopy(depths) : nil, firstItems: exactCopy(firstItems),
            thicknesses: exactCopy(thicknesses), lineSpacing: lineSpacing)))
        sizes.removeAll(keepingCapacity: true)
        marks.removeAll(keepingCapacity: true)
        depths.removeAll(keepingCapacity: true)
        firstItems.removeAll(keepingCapacity: true)
        thicknesses.removeAll(keepingCapacity: true)
        anyMark = false
        anyDepth = false
    }

    /// The chunks. A last listed chunk of fewer than half the lines a chunk is built with joins the
    /// listed chunk before it (or shares their lines evenly past `LineChunk.maxJoinedLines`), so that
    /// re-breaking a stretch of lines leaves no small chunk behind (each costs a node and its arrays'
    /// headers): an insert into a full chunk grows it instead of splitting it.
    mutating func finish() -> [LineChunk] {
        flush()
        guard chunks.count >= 2, case .listed(let last) = chunks[chunks.count - 1].kind,
            case .listed(let previous) = chunks[chunks.count - 2].kind, last.thicknesses.count < LineChunk.maxLines / 2
        else { return chunks }
        let lines = previous.thicknesses.count + last.thicknesses.count
        let joined = LineChunk.listed(previous).appending(last, lineSpacing: lineSpacing)
        chunks.removeLast(2)
        if lines <= LineChunk.maxJoinedLines {
            chunks.append(joined)
        } else {
            let (first, second) = joined.split(atLine: lines / 2, lineSpacing: lineSpacing)
            chunks += [first, second]
        }
        return chunks
    }
}

/// A copy of `array` with no spare capacity (`Array(array)` may share its buffer, spare room and all).
@inline(__always)
private func exactCopy<Element>(_ array: [Element]) -> [Element] {
    array.withUnsafeBufferPointer { Array($0) }
}
