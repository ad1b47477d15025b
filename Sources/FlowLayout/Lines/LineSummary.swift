/// What a subtree of lines adds up to: counts, extent along the scroll axis, and the facts the layout
/// needs about all its items without visiting them (their hash, whether they share one size, how many
/// are estimates). Combining two is O(1), so every node keeps its subtree's and an update recomputes
/// only the nodes on the path it changed.
struct LineSummary: Sendable {
    // Counts are 32-bit: a section holds at most `LineSummary.maxItems` items, and every node keeps
    // two summaries, so their size is part of each item's cost.
    // Fields in this order so that the struct has no padding but at its end (128 bytes).
    private var items: Int32 = 0
    private var lines: Int32 = 0
    /// Lines that do not hold exactly one item (UIKit's last-line rule A, docs/flow-layout.md §6.3).
    private var notOfOneItem: Int32 = 0
    private var estimates: Int32 = 0
    var itemCount: Int {
        get { Int(items) }
        set { items = Int32(newValue) }
    }
    var lineCount: Int {
        get { Int(lines) }
        set { lines = Int32(newValue) }
    }
    /// Items one section may hold.
    static let maxItems = Int(Int32.max)
    /// Σ (thickness + line spacing) over the lines: where the next line would start, relative to the
    /// first line's start.
    var extent = FixedLength.zero
    /// The earliest start and the farthest end of any line, relative to the first line's start (they
    /// differ from 0 and `extent − spacing` only with a negative line spacing). Unused when empty.
    var minStart = FixedLength.zero
    var maxEnd = FixedLength.zero
    var linesNotOfOneItem: Int {
        get { Int(notOfOneItem) }
        set { notOfOneItem = Int32(newValue) }
    }
    var estimatedCount: Int {
        get { Int(estimates) }
        set { estimates = Int32(newValue) }
    }
    /// Bytes the subtree's nodes and chunks keep alive (`LineNode.byteCount` each), so a layout's
    /// size is known in O(1) however it was built.
    var bytes = 0
    var hash = SequenceHash.empty
    /// The one size every item has, when they all have one.
    var sizes = SizeSummary.none
    var hasDepths = false
    /// Some item is placed by its masonry section's rule (§22.2): it names no column and spans none.
    var placesByRule = false

    enum SizeSummary: Equatable, Sendable {
        case none
        case one(Size)
        case mixed

        static func + (a: SizeSummary, b: SizeSummary) -> SizeSummary {
            switch (a, b) {
            case (.none, _): return b
            case (_, .none): return a
            case (.one(let x), .one(let y)) where x == y: return a
            default: return .mixed
            }
        }
    }

    /// `a`'s lines followed by `b`'s.
    static func + (a: LineSummary, b: LineSummary) -> LineSummary {
        if a.lineCount == 0 { return b }
        if b.lineCount == 0 { return a }
        var sum = LineSummary()
        sum.itemCount = a.itemCount + b.itemCount
        sum.lineCount = a.lineCount + b.lineCount
        sum.extent = a.extent + b.extent
        sum.minStart = .min(a.minStart, a.extent + b.minStart)
        sum.maxEnd = .max(a.maxEnd, a.extent + b.maxEnd)
        sum.linesNotOfOneItem = a.linesNotOfOneItem + b.linesNotOfOneItem
        sum.estimatedCount = a.estimatedCount + b.estimatedCount
        sum.hasDepths = a.hasDepths || b.hasDepths
        sum.placesByRule = a.placesByRule || b.placesByRule
        sum.bytes = a.bytes + b.bytes
        sum.sizes = a.sizes + b.sizes
        sum.hash = a.hash + b.hash
        return sum
    }

    /// A chunk's summary, for lines `lineSpacing` apart. O(items) for listed lines, O(log n) for a run.
    init(_ chunk: LineChunk, lineSpacing: FixedLength) {
        switch chunk.kind {
        case .run(let run):
            guard run.lineCount > 0 else { return }
            let stride = FixedLength(run.thickness) + lineSpacing
            itemCount = run.lineCount * run.perLine
            lineCount = run.lineCount
            extent = stride * run.lineCount
            let last = stride * (run.lineCount - 1)
            minStart = .min(.zero, last)
            maxEnd = .max(FixedLength(run.thickness), last + FixedLength(run.thickness))
            linesNotOfOneItem = run.perLine == 1 ? 0 : run.lineCount
            estimatedCount = run.item.isEstimated ? itemCount : 0
            sizes = .one(run.item.size)
            placesByRule = run.item.masonryRole == .byRule
            hash = SequenceHash(run.item).repeated(itemCount)
        case .listed(let lines):
            itemCount = lines.sizes.count
            lineCount = lines.thicknesses.count
            extent = lines.extent
            linesNotOfOneItem = lines.linesNotOfOneItem
            if lineSpacing < .zero {
                // Lines may go backwards: the extremes are wherever they are.
                var start = FixedLength.zero
                for thickness in lines.thicknesses {
                    minStart = .min(minStart, start)
                    maxEnd = .max(maxEnd, start + FixedLength(thickness))
                    start += FixedLength(thickness) + lineSpacing
                }
            } else if lineCount > 0 {
                // They start first and end last.
                maxEnd = extent - lineSpacing
            }
            estimatedCount = lines.marks?.reduce(0) { $0 + Int($1 & 1) } ?? 0
            hasDepths = lines.depths?.contains { !$0.isNaN } ?? false
            placesByRule = lines.marks?.contains { $0 >> 1 == MasonryRole.byRule.code } ?? true
            var sizes = SizeSummary.none
            for size in lines.sizes {
                sizes = sizes + .one(size)
                if sizes == .mixed { break }
            }
            self.sizes = sizes
            // Sizes alone when no item has a flag, depth or role: no item made per size.
            hash = lines.holdsSizesOnly
                ? lines.sizes.withUnsafeBufferPointer { sizes in SequenceHash(count: sizes.count) { FlowItem(size: sizes[$0]) } }
                : SequenceHash(count: itemCount, item: lines.item)
        }
    }

    init() {}
}
