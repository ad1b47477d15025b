/// The parallax effects of a request (docs/parallax.md). Every one is a pure function of the frames the
/// answer carries and the bounds, so it runs after the visible query, on the k visible elements only,
/// and never touches the cached base layout. A value type.
public struct Parallax: Hashable, Sendable {
    /// The per-cell model, or nil for none.
    public var cells: CellParallax?
    /// Michael Teeuw's stretchy table header.
    public var stretchHeader: StretchHeader?
    /// Path's overscroll background layers, in order.
    public var backgrounds: [BackgroundLayer]

    /// The effects given; none unless given.
    public init(cells: CellParallax? = nil, stretchHeader: StretchHeader? = nil, backgrounds: [BackgroundLayer] = []) {
        self.cells = cells
        self.stretchHeader = stretchHeader
        self.backgrounds = backgrounds
    }
}

extension Parallax {
    /// Sets the offsets of the cells in `attributes` and appends the header and background layers that
    /// intersect the bounds. `depth` gives a cell's own `maxOffset` when the request set one; nil
    /// when no cell has one, so nothing is asked per cell. `attributes` are a visible query's answer
    /// for `viewport` (content coordinates); offsets are along the scroll axis, in points, but for the
    /// cells of `carousels`: along x, against their row (x from 0 to its width, the bounds' y and
    /// height; docs/parallax.md, "Carousels"). O(k + layers) for k attributes.
    public func apply(
        to attributes: inout [LayoutAttributes], viewport: Viewport, scrollDirection: ScrollDirection,
        depth: ((_ section: Int, _ item: Int) -> Double?)? = nil, carousels: CarouselRows? = nil
    ) {
        if let cells {
            // In place through the buffer: an element copied out and two stores back, each checking
            // the array is unshared, cost more than the effect itself.
            attributes.withUnsafeMutableBufferPointer { elements in
                guard let carousels else {
                    for index in elements.indices where elements[index].kind == .cell {
                        Self.apply(cells, to: &elements[index], viewport: viewport, scrollDirection: scrollDirection, depth: depth)
                    }
                    return
                }
                let row = Viewport(
                    bounds: Rect(x: 0, y: viewport.bounds.minY, width: carousels.width, height: viewport.bounds.size.height),
                    contentInset: viewport.contentInset, scale: viewport.scale, layoutDirection: viewport.layoutDirection)
                for index in elements.indices where elements[index].kind == .cell {
                    let sideways = carousels.contains(elements[index].section)
                    Self.apply(
                        cells, to: &elements[index], viewport: sideways ? row : viewport,
                        scrollDirection: sideways ? .horizontal : scrollDirection, depth: depth)
                }
            }
        }
        if let stretchHeader {
            let frame = stretchHeader.frame(bounds: viewport.bounds, scrollDirection: scrollDirection)
            if frame.touches(viewport.bounds) {
                attributes.append(LayoutAttributes(kind: .stretchHeader, section: 0, item: 0, frame: frame, zIndex: StretchHeader.zIndex))
            }
        }
        for (index, layer) in backgrounds.enumerated() {
            let frame = layer.frame(bounds: viewport.bounds, scrollDirection: scrollDirection)
            if frame.touches(viewport.bounds) {
                attributes.append(LayoutAttributes(kind: .background, section: 0, item: index, frame: frame, zIndex: BackgroundLayer.zIndex))
            }
        }
    }

    /// One cell's offset and progress from `cells`, along `scrollDirection`.
    @inline(__always)
    private static func apply(
        _ cells: CellParallax, to element: inout LayoutAttributes, viewport: Viewport, scrollDirection: ScrollDirection,
        depth: ((_ section: Int, _ item: Int) -> Double?)?
    ) {
        let effect = cells.effect(
            frame: element.frame, viewport: viewport, scrollDirection: scrollDirection, maxOffset: depth?(element.section, element.item))
        element.parallaxOffset = scrollDirection == .vertical ? Point(x: 0, y: effect.offset) : Point(x: effect.offset, y: 0)
        element.progress = effect.progress
    }
}
