/// Index ranges found by arithmetic or binary search, so a query touches O(log n + k) elements.
enum VisibleRange {
    /// Indices `i` in `0..<count` with `origin(i) + length >= low` and `origin(i) <= high`, for
    /// `origin(i) = base + stride · i`. Conservative by one on each side; callers check each candidate.
    /// A negative stride (negative line spacing: each line starts before the one above it) is solved
    /// the same way with the two bounds swapped, so overlapping lines are found in O(1) too.
    static func arithmetic(count: Int, base: Double, stride: Double, length: Double, low: Double, high: Double) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        guard stride > 0 || stride < 0 else { return 0..<count }
        // i reaches `low` from index `reaching` on (positive stride) or up to it (negative), and
        // starts at or before `high` up to index `starting` (positive) or from it on (negative).
        let reaching = ((low - length - base) / stride).rounded(.down)
        let starting = ((high - base) / stride).rounded(.down)
        let first = (stride > 0 ? reaching : starting) - 1
        let last = (stride > 0 ? starting : reaching) + 1
        let lower = first.isNaN ? 0 : Int(Swift.max(0, Swift.min(first, Double(count))))
        let upper = last.isNaN ? count : Int(Swift.max(-1, Swift.min(last, Double(count - 1)))) + 1
        return lower < upper ? lower..<upper : lower..<lower
    }

    /// The first index in `0..<count` whose `end(i)` is at least `low`, for non-decreasing `end`;
    /// `probes` grows by the number of `end` calls (at most ⌊log2 count⌋ + 1).
    @inline(__always)
    static func firstEnding(atOrAfter low: Double, count: Int, probes: inout some WorkCounter, end: (Int) -> Double) -> Int {
        var lower = 0
        var upper = count
        while lower < upper {
            let middle = (lower + upper) / 2
            probes += 1
            if end(middle) < low { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }
}
