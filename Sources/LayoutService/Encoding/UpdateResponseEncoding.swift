import FlowLayout
import WireKit

/// The members an update's answer adds to a stored layout's metadata, in a fixed order so answers
/// are byte-stable. Numbers are spelled as in every frame (`number`, `rect`, `point`).
extension JSONWriter {
    /// `[{kind, before, after, from, to}, …]`: index paths as `{section, item}` (item 0 for headers
    /// and footers, as in UIKit's index paths), null for the side an element does not exist on.
    mutating func transitions(_ transitions: [ElementTransition]) {
        byte(UInt8(ascii: "["))
        for (index, transition) in transitions.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            member(Wire.ElementTransition.kind, opening: true)
            word(transition.kind, in: Wire.Words.kinds)
            member(Wire.ElementTransition.before)
            itemPath(transition.before)
            member(Wire.ElementTransition.after)
            itemPath(transition.after)
            member(Wire.ElementTransition.from)
            if let from = transition.from { rect(from) } else { raw("null") }
            member(Wire.ElementTransition.to)
            if let to = transition.to { rect(to) } else { raw("null") }
            byte(UInt8(ascii: "}"))
        }
        byte(UInt8(ascii: "]"))
    }

    private mutating func itemPath(_ path: ItemPath?) {
        guard let path else {
            raw("null")
            return
        }
        member(Wire.IndexPath.section, opening: true)
        integer(path.section)
        member(Wire.IndexPath.item)
        integer(path.item)
        byte(UInt8(ascii: "}"))
    }
}
