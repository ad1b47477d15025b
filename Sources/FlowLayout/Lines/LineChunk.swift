/// A few whole lines of a section and their items: the payload of one `LineNode`. Either lines listed
/// one by one (`LineChunk.maxLines`, or up to `maxJoinedLines` after an update), or a run of full lines of one item size, which costs
/// O(1) whatever its length: how a counted section (`itemCount`) is kept, and a long stretch of equal
/// sizes in a listed one.
struct LineChunk: Sendable {
    enum Kind {
        case listed(ListedLines)
        case run(RunLines)
    }

    // Two optional references rather than an enum of two classes: such an enum keeps its case in the
    // pointer's spare bits, which hides the pointer from leak checkers (LeakSanitizer reported every
    // run as leaked). An optional class is the pointer itself, or zero.
    private let listedLines: ListedLines?
    private let runLines: RunLines?

    static func listed(_ lines: ListedLines) -> LineChunk { LineChunk(listedLines: lines, runLines: nil) }
    static func run(_ run: RunLines) -> LineChunk { LineChunk(listedLines: nil, runLines: run) }

    var kind: Kind {
        if let listedLines { return .listed(listedLines) }
        return .run(runLines!)
    }

    /// Lines a listed chunk holds at most: a query scans one chunk's lines, and a chunk's fixed
    /// costs (its node, its arrays' headers) shared by this many lines keep a feed under 40 bytes
    /// an item (docs/flow-layout.md §6.5).
    static let maxLines = 64
    /// Lines a listed chunk may grow to when an update joins a few lines to it (see `ChunkBuilder`).
    static let maxJoinedLines = 96
    /// Items a listed chunk is closed at, when its lines are long.
    static let maxItems = 2048

    var lineCount: Int {
        switch kind {
        case .listed(let lines): return lines.thicknesses.count
        case .run(let run): return run.lineCount
        }
    }

    var itemCount: Int {
        switch kind {
        case .listed(let lines): return lines.sizes.count
        case .run(let run): return run.lineCount * run.perLine
        }
    }

    /// The item at `index` within the chunk.
    func item(_ index: Int) -> FlowItem {
        switch kind {
        case .listed(let lines): return lines.item(index)
        case .run(let run): return run.item
        }
    }

    /// Items of line `line` within the chunk, as chunk-relative indices.
    func itemRange(ofLine line: Int) -> Range<Int> {
        switch kind {
        case .listed(let lines): return lines.itemRange(ofLine: line)
        case .run(let run): return line * run.perLine..<(line + 1) * run.perLine
        }
    }

    func thickness(ofLine line: Int) -> Double {
        switch kind {
        case .listed(let lines): return lines.thicknesses[line]
        case .run(let run): return run.thickness
        }
    }

    /// The line that holds chunk-relative item `index`.
    func line(holdingItem index: Int) -> Int {
        switch kind {
        case .listed(let lines):
            // The last line whose first item is at or before `index` (empty lines hold none).
            var lower = 0
            var upper = lines.firstItems.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if Int(lines.firstItems[middle]) <= index { lower = middle + 1 } else { upper = middle }
            }
            return Swift.max(0, lower - 1)
        case .run(let run): return index / run.perLine
        }
    }

    /// The first `lines` lines and the rest: O(1) for a run, a copy of the listed arrays otherwise.
    func split(atLine lines: Int, lineSpacing: FixedLength) -> (LineChunk, LineChunk) {
        switch kind {
        case .run(let run):
            return (.run(run.with(lineCount: lines)), .run(run.with(lineCount: run.lineCount - lines)))
        case .listed(let listed):
            let itemSplit = Int(listed.firstItems[lines])
            func part(_ lineRange: Range<Int>, _ itemRange: Range<Int>) -> LineChunk {
                .listed(ListedLines(
                    sizes: Array(listed.sizes[itemRange]),
                    marks: listed.marks.map { Array($0[itemRange]) },
                    depths: listed.depths.map { Array($0[itemRange]) },
                    firstItems: listed.firstItems[lineRange].map { $0 - UInt32(itemRange.lowerBound) },
                    thicknesses: Array(listed.thicknesses[lineRange]), lineSpacing: lineSpacing))
            }
            return (part(0..<lines, 0..<itemSplit), part(lines..<lineCount, itemSplit..<listed.sizes.count))
        }
    }

    /// A listed chunk followed by another's lines (both listed).
    func appending(_ other: ListedLines, lineSpacing: FixedLength) -> LineChunk {
        guard case .listed(let lines) = kind else { preconditionFailure("only listed chunks are joined") }
        let offset = UInt32(lines.sizes.count)
        func joined<T>(_ a: [T]?, _ b: [T]?, absent: T) -> [T]? {
            guard a != nil || b != nil else { return nil }
            return (a ?? Array(repeating: absent, count: lines.sizes.count)) + (b ?? Array(repeating: absent, count: other.sizes.count))
        }
        return .listed(ListedLines(
            sizes: lines.sizes + other.sizes, marks: joined(lines.marks, other.marks, absent: 0),
            depths: joined(lines.depths, other.depths, absent: .nan),
            firstItems: lines.firstItems + other.firstItems.map { $0 + offset },
            thicknesses: lines.thicknesses + other.thicknesses, lineSpacing: lineSpacing))
    }

    /// Bytes this chunk keeps alive: a listed chunk's object and its arrays' elements and headers.
    var heapByteCount: Int {
        switch kind {
        case .run: return 16 + MemoryLayout<FlowItem>.stride + 3 * 8 + 16
        case .listed(let lines): return lines.heapByteCount
        }
    }
}

/// Lines listed one by one: every item's size (and mark and parallax depth when any item has one), each line's first item and thickness. Immutable; shared by every layout whose tree holds it.
final class ListedLines: Sendable {
    let sizes: [Size]
    /// Each item's estimate flag and masonry role (`mark(of:)`); nil when every item is measured and
    /// placed by the rule. One array for both keeps a chunk's object five references wide.
    let marks: [UInt16]?
    /// Parallax depths, NaN where an item has none; nil when none has one.
    let depths: [Double]?
    /// Each line's first item, chunk-relative; an empty line (UIKit's first-item-too-wide quirk,
    /// docs/flow-layout.md §6.2) starts where the next one does.
    let firstItems: [UInt32]
    /// Each line's thickness: the largest across length of its items.
    let thicknesses: [Double]
    /// Where lines 16, 32, 48, 64 and 80 start, relative to the chunk's first line (lines
    /// `lineSpacing` apart): a query finding the first line in view sums at most 16 lines' strides.
    /// Inline, not an array, to cost 80 bytes a chunk and no allocation.
    let fences: (FixedLength, FixedLength, FixedLength, FixedLength, FixedLength)
    static let fenceStride = 16
    /// Σ (thickness + lineSpacing) over the lines, and how many lines do not hold exactly one item:
    /// found with the fences, for the chunk's summary.
    let extent: FixedLength
    let linesNotOfOneItem: Int

    init(
        sizes: [Size], marks: [UInt16]?, depths: [Double]?, firstItems: [UInt32], thicknesses: [Double], lineSpacing: FixedLength
    ) {
        precondition(thicknesses.count <= 6 * Self.fenceStride, "a listed chunk holds at most 96 lines")
        self.sizes = sizes
        self.marks = marks
        self.depths = depths
        self.firstItems = firstItems
        self.thicknesses = thicknesses
        var fences = [FixedLength](repeating: .zero, count: 5)
        var start = FixedLength.zero
        var notOfOne = 0
        for line in thicknesses.indices {
            if line > 0, line % Self.fenceStride == 0 { fences[line / Self.fenceStride - 1] = start }
            start += FixedLength(thicknesses[line]) + lineSpacing
            let end = line + 1 < firstItems.count ? Int(firstItems[line + 1]) : sizes.count
            if end - Int(firstItems[line]) != 1 { notOfOne += 1 }
        }
        self.fences = (fences[0], fences[1], fences[2], fences[3], fences[4])
        self.extent = start
        self.linesNotOfOneItem = notOfOne
    }

    /// The last fenced line (0, 16, 32, …) whose start is below `bound`, and that start, for lines
    /// that never go backwards.
    @inline(__always)
    func fencedLine(startingBelow bound: FixedLength) -> (line: Int, start: FixedLength) {
        let count = thicknesses.count
        if count > 80, fences.4 < bound { return (80, fences.4) }
        if count > 64, fences.3 < bound { return (64, fences.3) }
        if count > 48, fences.2 < bound { return (48, fences.2) }
        if count > 32, fences.1 < bound { return (32, fences.1) }
        if count > 16, fences.0 < bound { return (16, fences.0) }
        return (0, .zero)
    }

    func item(_ index: Int) -> FlowItem {
        let depth = depths?[index]
        let mark = marks?[index] ?? 0
        return FlowItem(
            size: sizes[index], isEstimated: mark & 1 != 0, parallaxDepth: depth.flatMap { $0.isNaN ? nil : $0 },
            masonryRole: MasonryRole(code: mark >> 1))
    }

    /// An item's mark: bit 0 its estimate flag, the bits above its `MasonryRole.code`.
    @inline(__always) static func mark(of item: FlowItem) -> UInt16 { (item.isEstimated ? 1 : 0) | item.masonryRole.code << 1 }

    /// Whether the chunk keeps sizes alone: no item is an estimate, has a depth or a masonry role.
    var holdsSizesOnly: Bool { marks == nil && depths == nil }

    @inline(__always) func itemRange(ofLine line: Int) -> Range<Int> {
        let end = line + 1 < firstItems.count ? Int(firstItems[line + 1]) : sizes.count
        return Int(firstItems[line])..<end
    }

    /// The object (a header of two words, five array references, the fences and sums) and its arrays: elements, and
    /// per array a header of four words plus the allocator's two. Counts, not capacities: the
    /// allocator may round a capacity up differently from run to run, and budgets must not vary.
    var heapByteCount: Int {
        let arrayOverhead = 48
        var bytes = 16 + 5 * 8 + 6 * 16 + 8 + 16
        bytes += sizes.count * MemoryLayout<Size>.stride + arrayOverhead
        bytes += firstItems.count * MemoryLayout<UInt32>.stride + arrayOverhead
        bytes += thicknesses.count * MemoryLayout<Double>.stride + arrayOverhead
        if let marks { bytes += marks.count * MemoryLayout<UInt16>.stride + arrayOverhead }
        if let depths { bytes += depths.count * MemoryLayout<Double>.stride + arrayOverhead }
        return bytes
    }
}

/// `lineCount` full lines of `perLine` equal items each. A class so that a chunk, and every tree
/// node, stays a word wide.
final class RunLines: Sendable {
    /// Every item of the run (no parallax depth: items with one are listed).
    let item: FlowItem
    let perLine: Int
    let lineCount: Int
    /// The item's across length: every line's thickness.
    let thickness: Double

    init(item: FlowItem, perLine: Int, lineCount: Int, thickness: Double) {
        self.item = item
        self.perLine = perLine
        self.lineCount = lineCount
        self.thickness = thickness
    }

    func with(lineCount: Int) -> RunLines {
        RunLines(item: item, perLine: perLine, lineCount: lineCount, thickness: thickness)
    }
}
