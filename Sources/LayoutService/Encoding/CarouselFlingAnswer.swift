import FlowLayout
import WireKit

/// The answer to a carousel's fling (`CarouselFlingAnswer`, docs/flow-layout.md §23.15): where the
/// section's offset comes to rest and, when asked, its offset at each display frame on the way, with
/// the view's attributes at that offset when asked too.
struct CarouselFlingAnswer: WireAnswer {
    enum Frames {
        /// The section's offset at each frame.
        case offsets([Double])
        /// Each frame's bounds, offset and attributes.
        case views(ViewSequence)
    }

    let layoutId: ContentHash
    let contentSize: Size
    let section: Int
    let fling: CarouselFling
    let frames: Frames?

    var estimatedBytes: Int {
        switch frames {
        case nil: 384
        case .offsets(let offsets): 384 + offsets.count * 32
        case .views(let views): 384 + views.viewports.count * 4096
        }
    }

    /// Refused whole when the frames' attributes are more than one answer carries.
    func encode(into writer: inout JSONWriter) throws(Problem) {
        writer.answerHead(layoutId: layoutId)
        writer.member(Wire.CarouselFlingAnswer.contentSize)
        writer.size(contentSize)
        writer.member(Wire.CarouselFlingAnswer.section)
        writer.integer(section)
        writer.member(Wire.CarouselFlingAnswer.projectedOffset)
        writer.number(fling.projectedOffset)
        writer.member(Wire.CarouselFlingAnswer.targetOffset)
        writer.number(fling.targetOffset)
        writer.member(Wire.CarouselFlingAnswer.duration)
        writer.number(fling.curve.duration / 1000)
        switch frames {
        case nil: break
        case .offsets(let offsets):
            writer.member(Wire.CarouselFlingAnswer.frames)
            writer.byte(UInt8(ascii: "["))
            for (index, offset) in offsets.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.member(Wire.CarouselFrame.offset, opening: true)
                writer.number(offset)
                writer.byte(UInt8(ascii: "}"))
            }
            writer.closeList(andObject: false)
        case .views(let views):
            writer.member(Wire.CarouselFlingAnswer.frames)
            writer.byte(UInt8(ascii: "["))
            if views.write(into: &writer) != nil { throw .answerTooLarge(limit: views.limit, pointer: "/attributes") }
            writer.closeList(andObject: false)
        }
        writer.closeObject()
    }
}
