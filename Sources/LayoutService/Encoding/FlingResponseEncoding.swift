import FlowLayout

/// The JSON of a fling answer (`POST /v1/layouts/{id}/fling`), in a fixed member order.
extension JSONWriter {
    /// The members before `frames`, the object left open: `layoutId`, `algorithmVersion`,
    /// `contentSize`, `projectedContentOffset`, `targetContentOffset`, and `duration` in seconds.
    mutating func flingHead(layoutId: ContentHash, contentSize: Size, fling: Fling) {
        answerHead(layoutId: layoutId)
        raw(",\"contentSize\":")
        size(contentSize)
        raw(",\"projectedContentOffset\":")
        point(fling.projectedContentOffset)
        raw(",\"targetContentOffset\":")
        point(fling.targetContentOffset)
        raw(",\"duration\":")
        number(fling.curve.duration / 1000)
    }

    /// `,"frames":[`, after the head: the list of the fling's frames, left open.
    mutating func framesHead() {
        raw(",\"frames\":[")
    }

    /// `{"bounds": …}` for each view, separated by commas: the frames of a fling asked without attributes.
    mutating func boundsList(_ viewports: [Viewport]) {
        for (index, viewport) in viewports.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            raw("{\"bounds\":")
            rect(viewport.bounds)
            byte(UInt8(ascii: "}"))
        }
    }
}
