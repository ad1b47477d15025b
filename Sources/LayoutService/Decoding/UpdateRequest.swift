import FlowLayout

/// A decoded `POST /v1/layouts/{id}/updates`: the operations in order, and the views the answer
/// reports on.
struct UpdateRequest {
    var updates: [LayoutUpdate]
    /// What the user is looking at, kept in place: the answer's `contentOffsetAdjustment`.
    var anchor: UpdateView?
    /// Where the answer lists the elements that move, appear or disappear: its `transitions`.
    var transitions: UpdateView?
    /// Every item of a masonry section the batch finds keeps its column (docs/flow-layout.md §22.5).
    var keepColumns = false
}

/// Bounds in content coordinates, and the screen scale frames in them are pixel-rounded at (none when nil).
struct UpdateView {
    var bounds: Rect
    var scale: Double?
}
