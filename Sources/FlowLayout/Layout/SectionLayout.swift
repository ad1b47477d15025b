/// One laid-out section: where it sits along the scroll axis, its header and footer, and its items.
struct SectionLayout: Sendable {
    enum Body: Sendable {
        case uniform(UniformGrid)
        case rows(RowLines)
    }

    /// Absolute scroll-axis offset of the section's start.
    var offset: Double
    /// Scroll-axis length: header, insets, lines and footer.
    var length: Double
    /// Header and footer thickness along the scroll axis; 0 means there is none.
    var headerLength: Double
    var footerLength: Double
    /// Section-relative scroll offset of the footer.
    var footerStart: Double
    /// Section-relative scroll extent of the lines: after the header and leading inset, before the
    /// trailing inset and footer.
    var linesStart: Double
    var linesEnd: Double
    var itemCount: Int
    var body: Body
    /// Per-item parallax depths, NaN where none (see `FlowSection.parallaxDepths`).
    var parallaxDepths: [Double]?

    var end: Double { offset + length }

    /// Section-relative scroll-axis span of the section and everything in it: `0...length`, grown to
    /// the lines that negative insets or spacings (or CSS lines overflowing `crossSize`) put outside
    /// it. Computed, not stored: O(1) but for a row-path section whose lines go backwards, O(lines).
    var scrollExtent: (min: Double, max: Double) {
        var low = Swift.min(0, length, footerStart)
        var high = Swift.max(length, headerLength, footerStart + footerLength)
        switch body {
        case .uniform(let grid):
            guard grid.lineCount > 0 else { break }
            if grid.lineStride >= 0 {
                // Lines go forwards: the first starts first and the last ends last, by the very
                // arithmetic that placed the footer.
                low = Swift.min(low, grid.firstLineStart)
                high = Swift.max(high, grid.endOfLines)
            } else {
                low = Swift.min(low, grid.scrollOrigin(line: grid.lineCount - 1))
                high = Swift.max(high, grid.firstLineStart + grid.acrossLength)
            }
        case .rows(let rows):
            let lines = rows.lines
            guard let last = lines.last else { break }
            if rows.isMonotone {
                low = Swift.min(low, lines[0].start)
                high = Swift.max(high, last.start + last.thickness)
            } else {
                for index in lines.indices {
                    let line = lines[index]
                    low = Swift.min(low, line.start)
                    high = Swift.max(high, line.start + line.thickness)
                }
            }
        }
        return (low, high)
    }

    /// Whether everything in the section lies in `0...length` (true unless insets or spacings are
    /// negative, or CSS lines overflow their container).
    var staysInItsSpan: Bool {
        let extent = scrollExtent
        return extent.min == 0 && extent.max == length
    }

    var byteCount: Int {
        let depths = (parallaxDepths?.capacity ?? 0) * MemoryLayout<Double>.stride
        switch body {
        case .uniform: return MemoryLayout<SectionLayout>.stride + depths
        case .rows(let rows): return MemoryLayout<SectionLayout>.stride + rows.byteCount + depths
        }
    }
}
