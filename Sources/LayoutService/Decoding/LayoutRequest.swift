import FlowLayout
import WireKit

/// A decoded `POST /v1/layout`: what the engine needs for the base layout, and what this one scroll
/// position adds to it.
struct LayoutRequest {
    var input: FlowLayoutInput
    var viewport: Viewport
    var parallax: Parallax?
    /// Orthogonal sections' sideways offsets (docs/flow-layout.md §23.11).
    var orthogonalOffsets: [OrthogonalOffset] = []
}

/// A decoded scroll request on a stored layout: one viewport, or a list of them.
struct ScrollRequest {
    /// One view is held inline: it is nearly every request, and an array would be made for it.
    enum Views {
        case one(Viewport)
        /// Answered as `results`, in order, even when the list holds a single bounds.
        case list([Viewport])
    }
    var views: Views
    var parallax: Parallax?
    /// Orthogonal sections' sideways offsets, the same for every view (docs/flow-layout.md §23.11).
    var orthogonalOffsets: [OrthogonalOffset] = []
    /// Answer a band: each view's attributes and what a client needs to compute any view inside it
    /// (`JSONWriter.band`).
    var band = false
    /// Carousels' rows the band carries too, each at offset 0 over a stretch (docs/flow-layout.md §23.15).
    var carouselBands: [CarouselStretch]?
}

/// A carousel's row from `from` to `to` along x, at offset 0: what `carouselBands` asks.
struct CarouselStretch {
    var section: Int
    var from: Double
    var to: Double
}
