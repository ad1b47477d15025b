import FlowLayout

/// A decoded `POST /v1/layouts/{id}/fling`: the view at release, how it was flung, and what the
/// answer lists.
struct FlingRequest {
    var viewport: Viewport
    /// Points per second, the velocity of the content offset.
    var velocity: Point
    var deceleration: Deceleration
    var snap: FlingSnap
    /// Display frames per second (60 or 120): the answer lists the frames' bounds; nil lists none.
    var frameRate: Int?
    /// Each frame also carries its attributes (requires `frameRate`).
    var attributes: Bool
    /// Applied to each frame's attributes.
    var parallax: Parallax?
    /// `parallax.carousel`: the carousels' cards' scale and alpha (docs/parallax.md §2.6).
    var carouselEffect: CarouselEffect?
    /// The orthogonal section flung and its offset at release, when the fling is a carousel's
    /// (docs/flow-layout.md §23.15): it rests by the section's behaviour, and `velocity.x` moves it.
    var carousel: OrthogonalOffset?
}
