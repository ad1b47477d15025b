import FlowLayout

/// A decoded `POST /v1/layout`: what the engine needs for the base layout, and what this one scroll
/// position adds to it.
struct LayoutRequest {
    var input: FlowLayoutInput
    var viewport: Viewport
    var parallax: Parallax?
}
