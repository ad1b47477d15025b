import FlowLayout
import WireKit

extension JSONWriter {
    /// The answer of an element lookup or a hit test: the layout, its content size, the one element's
    /// attributes (the very object a scroll answer writes for it) and, when asked, the content offset
    /// that shows it.
    mutating func elementResponse(layoutId: ContentHash, contentSize: Size, attributes: LayoutAttributes, contentOffset: Point?) {
        answerHead(layoutId: layoutId)
        member(Wire.ElementAnswer.contentSize)
        size(contentSize)
        member(Wire.ElementAnswer.attributes)
        attributePrefix(attributes)
        attributeSuffix(attributes)
        if let contentOffset {
            member(Wire.ElementAnswer.contentOffset)
            point(contentOffset)
        }
        byte(UInt8(ascii: "}"))
    }
}
