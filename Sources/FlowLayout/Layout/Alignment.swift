/// Line alignment beyond UIKit (what AlignedCollectionViewFlowLayout users ask for): every line, the
/// last included, with exactly `minimumInteritemSpacing` between items, or justified edge to edge.
public enum LineAlignment: UInt8, Hashable, Sendable {
    /// Items packed toward the line's start (left, or top when scrolling horizontally; right-to-left
    /// mirrors it).
    case leading
    /// Items packed around the line's middle.
    case center
    /// Items packed toward the line's end.
    case trailing
    /// Every line justified, the last included; a lone item sits at the leading edge.
    case justified
}

/// Where an item sits across its line when it is thinner than the line. UIKit centres.
public enum CrossAlignment: UInt8, Hashable, Sendable {
    /// Against the line's near edge (top when scrolling vertically).
    case start
    /// Centred across the line, as UIKit.
    case center
    /// Against the line's far edge.
    case end

    var mirrored: CrossAlignment {
        switch self {
        case .start: return .end
        case .center: return .center
        case .end: return .start
        }
    }

    @inline(__always)
    func offset(lineThickness: Double, itemThickness: Double) -> Double {
        switch self {
        case .start: return 0
        case .center: return (lineThickness - itemThickness) / 2
        case .end: return lineThickness - itemThickness
        }
    }
}

/// How a line's items are distributed along it.
enum LinePlacement: Hashable, Sendable {
    /// UIKit's rules (docs/flow-layout.md §5.3 and §6.4), which depend on the path and on whether the
    /// line is complete.
    case uikit
    case aligned(LineAlignment)
    case css(CSSFlexLayout.JustifyContent)

    /// The first item's offset and the gap after each item, for a line of `count` items whose lengths
    /// add up to `sum`, with `spacing` the exact gap. Not for `.uikit`.
    func place(count: Int, sum: Double, lineLead: Double, lineTrail: Double, dimension: Double, spacing: Double)
        -> (begin: Double, gap: Double)
    {
        let avail = dimension - lineLead - lineTrail
        let free = avail - (sum + Double(count - 1) * spacing)
        switch self {
        case .uikit:
            preconditionFailure("UIKit placement depends on the path")
        case .aligned(let alignment):
            switch alignment {
            case .leading: return (lineLead, spacing)
            case .center: return (lineLead + free / 2, spacing)
            case .trailing: return (lineLead + free, spacing)
            case .justified:
                return count >= 2 ? (lineLead, (avail - sum) / Double(count - 1)) : (lineLead, spacing)
            }
        case .css(let justify):
            // css-align-3 fallbacks, as Chromium applies them: space-between → flex-start, and
            // space-around/evenly → `safe center` (centre, but start when the line overflows).
            switch justify {
            case .flexStart: return (lineLead, spacing)
            case .flexEnd: return (lineLead + free, spacing)
            case .center: return (lineLead + free / 2, spacing)
            case .spaceBetween:
                guard count >= 2, free >= 0 else { return (lineLead, spacing) }
                return (lineLead, spacing + free / Double(count - 1))
            case .spaceAround:
                guard count >= 2, free >= 0 else { return (lineLead + Swift.max(free, 0) / 2, spacing) }
                let share = free / Double(count)
                return (lineLead + share / 2, spacing + share)
            case .spaceEvenly:
                guard count >= 2, free >= 0 else { return (lineLead + Swift.max(free, 0) / 2, spacing) }
                let share = free / Double(count + 1)
                return (lineLead + share, spacing + share)
            }
        }
    }
}
