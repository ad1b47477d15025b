/// UIKit's uniform path: a section whose items all have one size is a grid computed by arithmetic,
/// so it costs the same for ten items or ten million (docs/flow-layout.md §5).
///
/// Coordinates are section-relative: `along` inside a line, `scroll` from the section's start.
struct UniformGrid: Sendable {
    var itemSize: Size
    var count: Int
    /// Items on each full line.
    var perLine: Int
    var lineCount: Int
    /// Along offset of the first column (includes the leading inset).
    var begin: Double
    /// Along distance between neighbouring items.
    var gap: Double
    /// Scroll offset of the first line: header length plus the scroll-axis leading inset.
    var firstLineStart: Double
    /// Across length of an item plus the line spacing.
    var lineStride: Double
    /// Item length along a line and across it.
    var alongLength: Double
    var acrossLength: Double
    var lineSpacing: Double
    var interitemSpacing: Double
    var lineLead: Double
    var lineTrail: Double
    var dimension: Double
    var placement: LinePlacement

    /// Lines beyond this many items per line are all one line; keeps `perLine` finite when items and
    /// spacing are both zero (UIKit's +inf case).
    private static let perLineLimit = Double(1 << 52)

    init(
        count: Int, itemSize: Size, direction: ScrollDirection, dimension: Double,
        lineLead: Double, lineTrail: Double, interitemSpacing s: Double, lineSpacing: Double, firstLineStart: Double,
        placement: LinePlacement = .uikit
    ) {
        let a = direction.along(itemSize)
        let c = direction.across(itemSize)
        let avail = dimension - lineLead - lineTrail
        // One double division, then floor: the rounding differs from the row path's subtraction (§5.1).
        let fit = ((avail + s) / (a + s)).rounded(.down)
        let perLine: Int = fit.isNaN ? 1 : Int(max(1, min(fit, Self.perLineLimit)))

        self.itemSize = itemSize
        self.count = count
        self.perLine = perLine
        self.lineCount = count == 0 ? 0 : (count - 1) / perLine + 1
        if perLine >= 2 {
            self.begin = lineLead
            self.gap = (dimension - lineLead - lineTrail - a * Double(perLine)) / Double(perLine - 1)
        } else {
            // A lone item per line is centred with no clamp: an oversized one overhangs both insets.
            self.begin = lineLead + (dimension - a - lineLead - lineTrail) / 2
            self.gap = s
        }
        self.firstLineStart = firstLineStart
        self.lineStride = c + lineSpacing
        self.alongLength = a
        self.acrossLength = c
        self.lineSpacing = lineSpacing
        self.interitemSpacing = s
        self.lineLead = lineLead
        self.lineTrail = lineTrail
        self.dimension = dimension
        self.placement = placement
    }

    /// Where the lines end: the last line's far edge, or the first line's start with no items.
    var endOfLines: Double {
        lineCount == 0 ? firstLineStart : firstLineStart + lineStride * Double(lineCount) - lineSpacing
    }

    /// The first item's along offset and the gap between items on `line`. UIKit's incomplete last line
    /// keeps the grid's columns (§5.3); the aligned modes place each line by its own item count.
    @inline(__always) func placement(line: Int) -> (begin: Double, gap: Double) {
        if case .uikit = placement { return (begin, gap) }
        let count = itemCount(onLine: line)
        return placement.place(
            count: count, sum: alongLength * Double(count), lineLead: lineLead, lineTrail: lineTrail,
            dimension: dimension, spacing: interitemSpacing)
    }
    @inline(__always) func scrollOrigin(line: Int) -> Double { firstLineStart + lineStride * Double(line) }

    /// Items on `line` (the last one may be short).
    @inline(__always) func itemCount(onLine line: Int) -> Int { min(perLine, count - line * perLine) }
}
