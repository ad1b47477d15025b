import Testing

@testable import FlowLayout

/// The carousel effect and the cell models along a carousel's row (docs/parallax.md §2.6).
@Suite("Carousel effect")
struct CarouselEffectTests {
    @Test(arguments: [
        // (x, width) → scale, alpha, for W = 300, minScale 0.8, minAlpha 0.5: the worked values.
        (-30.0, 140.0, 0.8 + 0.2 * (40.0 / 150), 0.5 + 0.5 * (40.0 / 150)),
        (120, 140, 1 - 0.2 * (40.0 / 150), 1 - 0.5 * (40.0 / 150)),
        (80, 140, 1, 1),
        (300, 140, 0.8, 0.5),
        (-500, 140, 0.8, 0.5),
    ])
    func scaleAndAlphaFollowTheDistanceToTheRowsCentre(x: Double, width: Double, scale: Double, alpha: Double) {
        let look = CarouselEffect(minScale: 0.8, minAlpha: 0.5).look(of: Rect(x: x, y: 40, width: width, height: 90), rowWidth: 300)
        #expect(abs(look.scale - scale) < 1e-12 && abs(look.alpha - alpha) < 1e-12, "\(look)")
    }

    @Test func aRowOfNoWidthShowsEveryCellAtTheEnd() {
        let look = CarouselEffect(minScale: 0.3, minAlpha: 0.1).look(of: Rect(x: 0, y: 0, width: 0, height: 10), rowWidth: 0)
        // The formula at t = 1, as the issue states it: 1 − (1 − minScale), within a rounding of minScale.
        let (scale, alpha): (Double, Double) = (1 - (1 - 0.3), 1 - (1 - 0.1))
        #expect(look.scale == scale && look.alpha == alpha)
    }

    /// A list section above a carousel: the list's cells move along y against the bounds, the
    /// carousel's along x against its row, in one application.
    @Test func aCarouselsCellsMoveAlongXAgainstTheirRow() {
        let list = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
            subitems: [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
        let card = CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .absolute(140), height: .absolute(90)),
            subitems: [.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1))))])
        let layout = BaseLayout(FlowLayoutInput(
            sections: [
                FlowSection(items: .count(1), compositional: CompositionalSection(group: list)),
                FlowSection(items: .count(5), compositional: CompositionalSection(group: card, interGroupSpacing: 10, orthogonalScrolling: .paging)),
            ],
            crossAxisLength: 340, contentInset: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), scrollAxisLength: 400))
        let rows = try! #require(layout.carouselRows)
        #expect(rows.sections == [1] && rows.width == 300)
        let viewport = Viewport(bounds: Rect(x: -20, y: 0, width: 340, height: 400))
        var attributes: [LayoutAttributes] = []
        layout.attributes(in: viewport, orthogonalOffsets: [OrthogonalOffset(section: 1, offset: 70)], into: &attributes)
        let model = CellParallax(model: .center, maxOffset: 10)
        Parallax(cells: model).apply(to: &attributes, viewport: viewport, scrollDirection: .vertical, carousels: rows)
        let row = Viewport(bounds: Rect(x: 0, y: 0, width: 300, height: 400))
        for element in attributes where element.kind == .cell {
            if element.section == 1 {
                let expected = model.effect(frame: element.frame, viewport: row, scrollDirection: .horizontal).offset
                #expect(element.parallaxOffset == Point(x: expected, y: 0))
            } else {
                let expected = model.effect(frame: element.frame, viewport: viewport, scrollDirection: .vertical).offset
                #expect(element.parallaxOffset == Point(x: 0, y: expected))
            }
        }
        // Card 1 at x = 150 − 70 = 80, centred in the row: no offset; card 0 at 10 − 70 = −60: 10 · 150 / 220.
        #expect(attributes.first { $0.section == 1 && $0.item == 1 }?.parallaxOffset == Point(x: 0, y: 0))
        let first = try! #require(attributes.first { $0.section == 1 && $0.item == 0 }?.parallaxOffset?.x)
        #expect(abs(first - 10 * 150 / 220) < 1e-12)
    }
}
