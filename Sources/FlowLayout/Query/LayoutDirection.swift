/// The effective user-interface layout direction of the collection view.
public enum LayoutDirection: UInt8, Hashable, Sendable {
    /// Frames as laid out.
    case leftToRight
    /// Frames mirrored along x, as the default flow layout mirrors them (docs/flow-layout.md §11).
    case rightToLeft
}

/// Right-to-left as the default flow layout does it (docs/flow-layout.md §11): the layout itself
/// reports mirrored x coordinates. Frames are computed left to right and mapped here; the bounds are
/// mapped the other way to find candidates.
struct MirrorTransform {
    enum Mapping {
        case identity
        /// `x' = length − w − x`: a vertical layout mirrored inside `dimension`, or a horizontal one
        /// mirrored across the content width.
        case mirror(length: Double)
        /// `x' = x + delta`: the horizontal row path, whose section is mirrored but whose column order
        /// is not (UIKit's bug, docs/flow-layout.md §11).
        case shift(delta: Double)
    }

    var mapping: Mapping
    /// The uniform path mirrors after rounding, the row path before (docs/flow-layout.md §11).
    var mirrorsAfterRounding: Bool

    static let identity = MirrorTransform(mapping: .identity, mirrorsAfterRounding: false)

    /// A left-to-right frame as reported, pixel-rounded.
    @inline(__always)
    func apply(_ frame: Rect, scale: Double?) -> Rect {
        switch mapping {
        case .identity:
            return roundOrigin(frame, scale: scale)
        case .mirror, .shift:
            return mirrorsAfterRounding ? map(roundOrigin(frame, scale: scale)) : roundOrigin(map(frame), scale: scale)
        }
    }

    @inline(__always)
    func map(_ frame: Rect) -> Rect {
        var mapped = frame
        switch mapping {
        case .identity: break
        case .mirror(let length): mapped.origin.x = length - frame.size.width - frame.minX
        case .shift(let delta): mapped.origin.x = frame.minX + delta
        }
        return mapped
    }

    /// The left-to-right rectangle whose frames map into `rect` (the inverse of `map` on x ranges).
    func unmap(_ rect: Rect) -> Rect {
        var unmapped = rect
        switch mapping {
        case .identity: break
        case .mirror(let length): unmapped.origin.x = length - rect.maxX
        case .shift(let delta): unmapped.origin.x = rect.minX - delta
        }
        return unmapped
    }
}
