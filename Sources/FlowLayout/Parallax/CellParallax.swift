/// How far a cell's content shifts inside the cell as it crosses the viewport.
///
/// Sign: a positive offset moves the content down (right, for horizontal layouts) relative to the
/// cell; with `natural` direction the content moves slower than the cell, like a window onto a deeper
/// scene. The content must be `2 · maxOffset` longer than the cell to have room. Lengths in points; a
/// value type, every member O(1) (docs/parallax.md).
public struct CellParallax: Hashable, Sendable {
    /// How the offset follows the cell's position in the viewport.
    public enum Model: Hashable, Sendable {
        /// Ole Begemann's: proportional to the distance between the cell's centre and the bounds' centre.
        case center
        /// Progress through the viewport (CSS's `view()` timeline cover range), with visibility insets.
        case cover
    }

    /// Which way the content moves.
    public enum Direction: Hashable, Sendable {
        /// Content slower than the cell: a positive offset when the cell is above the bounds' centre.
        case natural
        /// The opposite sign.
        case reverse
    }

    /// The model.
    public var model: Model
    /// M: the offset when the cell touches an edge of the (inset) viewport.
    public var maxOffset: Double
    /// Limit to ±M (`center`) or progress to [0, 1] (`cover`).
    public var clamp: Bool
    /// Natural or reversed sign.
    public var direction: Direction
    /// `cover` only: the viewport shrunk by these insets (top/bottom, or left/right when horizontal).
    public var insets: EdgeInsets
    /// `cover` only: the part of the cell that moves, as the cell frame minus these insets.
    public var targetInset: EdgeInsets

    /// A cell parallax of `model` with depth `maxOffset` points.
    public init(
        model: Model, maxOffset: Double, clamp: Bool = false, direction: Direction = .natural,
        insets: EdgeInsets = .zero, targetInset: EdgeInsets = .zero
    ) {
        self.model = model
        self.maxOffset = maxOffset
        self.clamp = clamp
        self.direction = direction
        self.insets = insets
        self.targetInset = targetInset
    }

    /// Roland Leth's WhatsApp-style image parallax: the image is `imageOverflow` taller than its
    /// container and moves with clamped cover progress inside the bars' insets.
    public static func whatsAppImage(imageOverflow: Double, insets: EdgeInsets = .zero, targetInset: EdgeInsets = .zero) -> CellParallax {
        CellParallax(model: .cover, maxOffset: imageOverflow / 2, clamp: true, insets: insets, targetInset: targetInset)
    }

    /// Krishan Patel's table-cell parallax: an image `2 · factor` taller than the cell, moving against
    /// the scroll with clamped cover progress.
    public static func tableCellImage(factor: Double, insets: EdgeInsets = .zero) -> CellParallax {
        CellParallax(model: .cover, maxOffset: factor, clamp: true, direction: .reverse, insets: insets)
    }

    /// The offset along the scroll axis and, for `cover`, the progress, for one cell frame. Inlined
    /// into the loop over a view's cells.
    @inline(__always)
    public func effect(frame: Rect, viewport: Viewport, scrollDirection: ScrollDirection, maxOffset depth: Double? = nil)
        -> (offset: Double, progress: Double?)
    {
        let m = depth ?? maxOffset
        let bounds = viewport.bounds
        let viewportOrigin = scrollDirection.scrollMin(bounds)
        let viewportLength = scrollDirection.across(bounds.size)
        var offset: Double
        var progress: Double?
        switch model {
        case .center:
            let cellOrigin = scrollDirection.scrollMin(frame)
            let cellLength = scrollDirection.across(frame.size)
            // d · k with k = M / (H/2 + h/2): exactly ±M when the cell touches an edge of the bounds.
            let distance = (viewportOrigin + viewportLength / 2) - (cellOrigin + cellLength / 2)
            offset = distance * (m / (viewportLength / 2 + cellLength / 2))
            if clamp { offset = Swift.min(Swift.max(offset, -m), m) }
        case .cover:
            let lead = scrollDirection.scrollLead(insets)
            let trail = scrollDirection.scrollTrail(insets)
            let targetStart = scrollDirection.scrollMin(frame) + scrollDirection.scrollLead(targetInset)
            let targetLength = scrollDirection.across(frame.size) - scrollDirection.scrollLead(targetInset) - scrollDirection.scrollTrail(targetInset)
            let onScreen = targetStart - viewportOrigin
            var c = ((viewportLength - trail) - onScreen) / ((viewportLength - lead - trail) + targetLength)
            if clamp { c = Swift.min(Swift.max(c, 0), 1) }
            progress = c
            offset = m * (2 * c - 1)
        }
        return (direction == .reverse ? -offset : offset, progress)
    }
}
