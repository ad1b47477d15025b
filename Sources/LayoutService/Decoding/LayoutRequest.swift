import FlowLayout
import WireKit

/// A decoded `POST /v1/layout`: what the engine needs for the base layout, and what this one scroll
/// position adds to it.
struct LayoutRequest {
    var input: FlowLayoutInput
    var viewport: Viewport
    var parallax: Parallax?
    /// `parallax.carousel`: the carousels' cards' scale and alpha (docs/parallax.md §2.6).
    var carouselEffect: CarouselEffect?
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
    /// `parallax.carousel`: the carousels' cards' scale and alpha (docs/parallax.md §2.6).
    var carouselEffect: CarouselEffect?
    /// Orthogonal sections' sideways offsets, the same for every view (docs/flow-layout.md §23.11).
    var orthogonalOffsets: [OrthogonalOffset] = []
    /// Whether to answer a band: each view's attributes and what a client needs to compute any view
    /// inside it (`JSONWriter.band`), and the carousels' rows it carries too.
    var band = BandAsk.none
}

/// A scroll's `band` and `carouselBands` together: carousels' rows come only with a band.
enum BandAsk {
    case none
    case band
    /// A band with carousels' rows, each at offset 0 over a stretch (docs/flow-layout.md §23.15).
    case withCarousels([CarouselStretch])

    var isBand: Bool { if case .none = self { false } else { true } }

    var carouselBands: [CarouselStretch]? { if case .withCarousels(let stretches) = self { stretches } else { nil } }
}

/// A carousel's row from `from` to `to` along x, at offset 0: what `carouselBands` asks.
struct CarouselStretch {
    var section: Int
    var from: Double
    var to: Double
}
