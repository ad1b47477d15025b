/// The lines of a row-path section, stored as three parallel arrays (20 bytes a line) rather than an
/// array of padded structs (24), so that even a list of one item per line stays under 40 bytes an item
/// in the cache; plus a summary of every 32nd start for the search.
struct LineTable: Sendable {
    struct Line: Sendable {
        /// Section-relative scroll offset of the line.
        var start: Double
        /// The largest across length of its items (grown by CSS `align-content: stretch`).
        var thickness: Double
        /// Index of its first item in the section.
        var firstItem: Int
        /// Complete lines are justified; UIKit's incomplete last line is packed toward the leading edge.
        var isComplete: Bool
    }

    private var starts: [Double] = []
    private var thicknesses: [Double] = []
    /// First item index, with the top bit set for complete lines.
    private var firstItems: [UInt32] = []
    private static let completeBit: UInt32 = 1 << 31
    /// Every `fenceStride`-th start, a summary small enough to stay in cache (8 KB for 32,768 lines), so
    /// a search on a long list misses the cache in one block of starts instead of at every probe.
    private var fences: [Double] = []
    private static let fenceStride = 32
    /// Items a section may hold for its indices to fit beside the flag.
    static let maxItems = Int(completeBit - 1)

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }
    var indices: Range<Int> { 0..<count }
    var last: Line? { isEmpty ? nil : self[count - 1] }

    subscript(index: Int) -> Line {
        get {
            let first = firstItems[index]
            return Line(
                start: starts[index], thickness: thicknesses[index], firstItem: Int(first & ~Self.completeBit),
                isComplete: first & Self.completeBit != 0)
        }
        set {
            starts[index] = newValue.start
            if index % Self.fenceStride == 0 { fences[index / Self.fenceStride] = newValue.start }
            thicknesses[index] = newValue.thickness
            firstItems[index] = Self.packedFirstItem(of: newValue)
        }
    }

    /// A line's first item index with its completeness in the top bit, as `firstItems` holds it.
    @inline(__always) private static func packedFirstItem(of line: Line) -> UInt32 {
        UInt32(line.firstItem) | (line.isComplete ? completeBit : 0)
    }

    /// Only the first item index, without decoding the rest.
    @inline(__always) func firstItem(ofLine index: Int) -> Int { Int(firstItems[index] & ~Self.completeBit) }

    /// The line's far edge along the scroll axis, for binary search.
    @inline(__always) func end(ofLine index: Int) -> Double { starts[index] + thicknesses[index] }

    /// The first line whose far edge is at or after `low`, for lines that never go backwards. Searches
    /// the fences (galloping from an interpolated guess), then bisects one block of starts: the starts
    /// alone of the three arrays, and only one block of them, so few cache misses on a long list.
    /// `probes` grows by the fences and lines looked at (about 2 · log2 of the distance from the guess,
    /// plus 5 in the block, plus the lines that end exactly on `low`, which the query returns anyway).
    func firstLine(endingAtOrAfter low: Double, probes: inout Int) -> Int {
        // The first fence past `low` bounds the answer to one block of starts: its predecessor's
        // line starts at or before `low`.
        var (fence, fenceLimit) = fenceRange(around: low, probes: &probes)
        while fence < fenceLimit {
            let middle = (fence + fenceLimit) / 2
            probes += 1
            if fences[middle] <= low { fence = middle + 1 } else { fenceLimit = middle }
        }
        var lower = fence == 0 ? 0 : (fence - 1) * Self.fenceStride + 1
        var upper = Swift.min(count, fence * Self.fenceStride)
        while lower < upper {
            let middle = (lower + upper) / 2
            probes += 1
            if starts[middle] <= low { lower = middle + 1 } else { upper = middle }
        }
        // `lower` lines start at or before `low`; the last of them may still reach it, and so may
        // earlier ones that end exactly on it (zero spacing).
        var first = lower
        while first > 0, end(ofLine: first - 1) >= low {
            probes += 1
            first -= 1
        }
        return first
    }

    /// A range of fences holding the first one past `low`: found by galloping from where `low` would
    /// sit if lines were evenly spaced, which a long list of varied items nearly is, so the search
    /// touches a few neighbouring cache lines of the summary instead of probing all over it.
    private func fenceRange(around low: Double, probes: inout Int) -> (Int, Int) {
        let count = fences.count
        guard count > 64, let first = fences.first, let last = fences.last, last > first else { return (0, count) }
        let position = (low - first) / (last - first) * Double(count - 1)
        let guess = position.isNaN ? 0 : Int(Swift.min(Swift.max(position, 0), Double(count - 1)))
        var step = 1
        probes += 1
        if fences[guess] <= low {
            // The answer is after `guess`: double the step until a fence past `low`, or the end.
            while guess + step < count {
                probes += 1
                if fences[guess + step] > low { return (guess + step / 2 + 1, guess + step) }
                step *= 2
            }
            return (guess + step / 2 + 1, count)
        }
        // The answer is at or before `guess`.
        while guess - step >= 0 {
            probes += 1
            if fences[guess - step] <= low { return (guess - step + 1, guess - step / 2) }
            step *= 2
        }
        return (0, guess - step / 2)
    }

    /// A table of exactly `count` lines, which `write` appends in order.
    init(count: Int, _ write: (inout Writer) -> Void) {
        let fenceCount = (count + Self.fenceStride - 1) / Self.fenceStride
        starts = Array(unsafeUninitializedCapacity: count) { starts, startCount in
            thicknesses = Array(unsafeUninitializedCapacity: count) { thicknesses, thicknessCount in
                firstItems = Array(unsafeUninitializedCapacity: count) { firstItems, firstItemCount in
                    fences = Array(unsafeUninitializedCapacity: fenceCount) { fences, fencesCount in
                        var writer = Writer(
                            starts: starts, thicknesses: thicknesses, firstItems: firstItems, fences: fences)
                        write(&writer)
                        precondition(writer.count == count, "a line table was promised \(count) lines")
                        fencesCount = fenceCount
                    }
                    firstItemCount = count
                }
                thicknessCount = count
            }
            startCount = count
        }
    }

    /// Appends lines to a table being built, with no growth or uniqueness checks per line.
    struct Writer {
        fileprivate let starts: UnsafeMutableBufferPointer<Double>
        fileprivate let thicknesses: UnsafeMutableBufferPointer<Double>
        fileprivate let firstItems: UnsafeMutableBufferPointer<UInt32>
        fileprivate let fences: UnsafeMutableBufferPointer<Double>
        fileprivate(set) var count = 0

        mutating func append(_ line: Line) {
            precondition(count < starts.count, "more lines than the table was built for")
            if count % LineTable.fenceStride == 0 { fences[count / LineTable.fenceStride] = line.start }
            starts[count] = line.start
            thicknesses[count] = line.thickness
            firstItems[count] = LineTable.packedFirstItem(of: line)
            count += 1
        }
    }

    var byteCount: Int {
        starts.capacity * MemoryLayout<Double>.stride + thicknesses.capacity * MemoryLayout<Double>.stride
            + firstItems.capacity * MemoryLayout<UInt32>.stride + fences.capacity * MemoryLayout<Double>.stride
    }
}
