import FlowLayout
import WireKit

/// The JSON of a fling answer (`POST /v1/layouts/{id}/fling`), in a fixed member order.
extension JSONWriter {
    /// The members before `frames`, the object left open: `layoutId`, `algorithmVersion`,
    /// `contentSize`, `projectedContentOffset`, `targetContentOffset`, and `duration` in seconds.
    mutating func flingHead(layoutId: ContentHash, contentSize: Size, fling: Fling) {
        answerHead(layoutId: layoutId)
        member(Wire.FlingAnswer.contentSize)
        size(contentSize)
        member(Wire.FlingAnswer.projectedContentOffset)
        point(fling.projectedContentOffset)
        member(Wire.FlingAnswer.targetContentOffset)
        point(fling.targetContentOffset)
        member(Wire.FlingAnswer.duration)
        number(fling.curve.duration / 1000)
    }

    /// `,"frames":[`, after the head: the list of the fling's frames, left open.
    mutating func framesHead() {
        member(Wire.FlingAnswer.frames)
        byte(UInt8(ascii: "["))
    }

    /// `{"bounds": …}` for each view, separated by commas: the frames of a fling asked without attributes.
    mutating func boundsList(_ viewports: [Viewport]) {
        for (index, viewport) in viewports.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            member(Wire.Frame.bounds, opening: true)
            rect(viewport.bounds)
            byte(UInt8(ascii: "}"))
        }
    }
}
