import FlowLayout

/// What the `carousel` effect writes on each cell of a carousel, `scale` and `alpha`, computed from
/// its frame as the answer is written (docs/parallax.md, "Carousels"): the attributes keep their size,
/// and an answer without the effect reads one nil a cell.
struct CarouselLooks {
    let effect: CarouselEffect
    let rows: CarouselRows

    /// Nil when the request asks no carousel effect or the layout has no carousel.
    init?(_ effect: CarouselEffect?, base: BaseLayout) {
        guard let effect, let rows = base.carouselRows else { return nil }
        (self.effect, self.rows) = (effect, rows)
    }

    /// The cell's scale and alpha; nil for any other element and for cells of other sections.
    @inline(__always)
    func look(of attributes: LayoutAttributes) -> (scale: Double, alpha: Double)? {
        guard attributes.kind == .cell, rows.contains(attributes.section) else { return nil }
        return effect.look(of: attributes.frame, rowWidth: rows.width)
    }
}
