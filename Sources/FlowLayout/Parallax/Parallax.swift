/// How a parallax model is asked for. Every model is a pure function of a cell's frame and the
/// bounds (PARALLAX.md), so it runs after the visible query, on the k visible cells only.
public struct Parallax: Hashable, Sendable {
    public enum Model: Hashable, Sendable {
        /// Offset proportional to the distance between the cell's centre and the bounds' centre.
        case center
    }

    public enum Direction: Hashable, Sendable {
        /// The image moves slower than the cell, like a window onto a deeper scene.
        case natural
        /// The image moves faster than the cell.
        case reverse
    }

    public var model: Model
    /// M: the largest shift, reached when the cell touches an edge of the bounds.
    public var maxOffset: Double
    /// Limit the offset to ±M (cells outside the bounds would go beyond).
    public var clamp: Bool
    public var direction: Direction

    public init(model: Model = .center, maxOffset: Double, clamp: Bool = false, direction: Direction = .natural) {
        self.model = model
        self.maxOffset = maxOffset
        self.clamp = clamp
        self.direction = direction
    }
}

extension Parallax {
    /// Sets `parallaxOffset` on every cell of `attributes`, from its (already rounded) frame.
    public func apply(to attributes: inout [LayoutAttributes], bounds: Rect, scrollDirection: ScrollDirection) {
        for index in attributes.indices where attributes[index].kind == .cell {
            let shift = offset(frame: attributes[index].frame, bounds: bounds, scrollDirection: scrollDirection)
            attributes[index].parallaxOffset = scrollDirection == .vertical ? Point(x: 0, y: shift) : Point(x: shift, y: 0)
        }
    }

    /// The shift along the scroll axis for one cell frame.
    public func offset(frame: Rect, bounds: Rect, scrollDirection: ScrollDirection) -> Double {
        let viewportOrigin = scrollDirection.scrollMin(bounds)
        let viewportLength = scrollDirection.across(bounds.size)
        let cellOrigin = scrollDirection.scrollMin(frame)
        let cellLength = scrollDirection.across(frame.size)
        var shift: Double
        switch model {
        case .center:
            // d · k with k = M / (H/2 + h/2): exactly ±M when the cell touches an edge of the bounds.
            let distance = (viewportOrigin + viewportLength / 2) - (cellOrigin + cellLength / 2)
            shift = distance * (maxOffset / (viewportLength / 2 + cellLength / 2))
        }
        if clamp { shift = Swift.min(Swift.max(shift, -maxOffset), maxOffset) }
        return direction == .reverse ? -shift : shift
    }
}
