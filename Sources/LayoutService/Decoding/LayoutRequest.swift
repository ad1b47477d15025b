import FlowLayout

/// A decoded `POST /v1/layout`: what the engine needs for the base layout, and what this one scroll
/// position adds to it.
struct LayoutRequest {
    var input: FlowLayoutInput
    var viewport: Viewport
    var parallax: Parallax?
}

/// A decoded scroll request on a stored layout: one viewport, or a list of them (`isList`).
struct ScrollRequest {
    var viewports: [Viewport]
    var isList: Bool
    var parallax: Parallax?
}
