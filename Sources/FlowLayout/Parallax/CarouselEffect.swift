/// The App Store's carousel look (docs/parallax.md, "Carousels"): a card shrinks and fades as its
/// centre leaves the row's. With t = min(1, |cell centre − row centre| / (row width / 2)), the cell is
/// drawn at `scale = 1 − (1 − minScale)·t` and `alpha = 1 − (1 − minAlpha)·t`. A value type; O(1).
public struct CarouselEffect: Hashable, Sendable {
    /// The scale of a cell half the row's width or more from its centre, in 0…1.
    public var minScale: Double
    /// Its alpha, in 0…1.
    public var minAlpha: Double

    public init(minScale: Double, minAlpha: Double) {
        self.minScale = minScale
        self.minAlpha = minAlpha
    }

    /// The scale and alpha of a cell whose frame is `frame` (content coordinates) in a row `width`
    /// wide that starts at x = 0: the row's centre is width / 2 whatever the direction, since
    /// right-to-left mirrors the row about it. A row of no width shows every cell at t = 1.
    public func look(of frame: Rect, rowWidth width: Double) -> (scale: Double, alpha: Double) {
        let distance = (frame.origin.x + frame.size.width / 2 - width / 2).magnitude
        let t = width > 0 ? Swift.min(1, distance / (width / 2)) : 1
        return (1 - (1 - minScale) * t, 1 - (1 - minAlpha) * t)
    }
}

/// The orthogonal sections of a layout, the carousels, and the width each shows: what the parallax
/// models and the carousel effect read a cell's row from. O(1) per cell to ask.
public struct CarouselRows: Sendable {
    /// Section indexes, ascending.
    public let sections: [Int]
    /// The viewport's width inside the content inset: every row's (docs/flow-layout.md §23.15).
    public let width: Double

    /// Whether `section` is a carousel: a binary search, the list being a few sections long.
    @inline(__always)
    public func contains(_ section: Int) -> Bool {
        var (low, high) = (0, sections.count)
        while low < high {
            let middle = (low + high) / 2
            if sections[middle] < section { low = middle + 1 } else { high = middle }
        }
        return low < sections.count && sections[low] == section
    }
}
