/// The CSS mode: flexbox `flex-wrap: wrap` for fixed-size items, with CSS's own keywords. Frames match
/// what a browser computes for the same boxes (up to its 1/64 px layout unit).
///
/// Each section is one flex container. `padding` plays the role of the section inset, `rowGap` and
/// `columnGap` of the spacings; `flexDirection: row` wraps into rows that scroll vertically, `column`
/// into columns that scroll horizontally.
///
/// Lengths are in points (CSS pixels). A value type.
public struct CSSFlexLayout: Hashable, Sendable {
    /// `flex-direction`: which way lines run.
    public enum FlexDirection: UInt8, Hashable, Sendable {
        /// Lines are rows; the content scrolls vertically.
        case row
        /// Lines are columns; the content scrolls horizontally.
        case column
    }

    /// `justify-content`: how a line's free space is shared along it. The distributed values fall back
    /// as Chromium's (space-between to flex-start, space-around and space-evenly to safe center) when a
    /// line has one item or overflows.
    public enum JustifyContent: UInt8, Hashable, Sendable {
        case flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly
    }

    /// `align-items`: where an item sits across its line.
    public enum AlignItems: UInt8, Hashable, Sendable {
        /// `stretch` cannot grow items with a fixed cross size, so it places them like `flexStart`.
        case flexStart, center, flexEnd, stretch

        var crossAlignment: CrossAlignment {
            switch self {
            case .flexStart, .stretch: return .start
            case .center: return .center
            case .flexEnd: return .end
            }
        }
    }

    /// `align-content`: how the container's free cross space (with a fixed `crossSize` only) is shared
    /// between lines.
    public enum AlignContent: UInt8, Hashable, Sendable {
        /// `normal` behaves as `stretch` in a flex container.
        case normal, flexStart, center, flexEnd, spaceBetween, spaceAround, spaceEvenly, stretch
    }

    /// `flex-direction`; CSS's default `row`.
    public var flexDirection: FlexDirection = .row
    /// `justify-content`; CSS's default `flex-start`.
    public var justifyContent: JustifyContent = .flexStart
    /// `align-items`; CSS's default `stretch`.
    public var alignItems: AlignItems = .stretch
    /// `align-content`; CSS's default `normal`.
    public var alignContent: AlignContent = .normal
    /// `row-gap`, in points: between rows (`row`), or between items of a column (`column`).
    public var rowGap: Double = 0
    /// `column-gap`, in points: between items of a row (`row`), or between columns (`column`).
    public var columnGap: Double = 0
    /// The container's `padding`, in points: each section's inset unless the section overrides it.
    public var padding: EdgeInsets = .zero
    /// The container's content-box size across the lines (its height for `row`), when fixed. Only then
    /// does `alignContent` have free space to distribute; otherwise the container wraps its lines.
    public var crossSize: Double?

    /// CSS's initial values: rows, flex-start, stretch, normal, no gaps, no padding, no fixed size.
    public init() {}

    var scrollDirection: ScrollDirection { flexDirection == .row ? .vertical : .horizontal }
    /// Between items of a line: column-gap for rows, row-gap for columns.
    var mainGap: Double { flexDirection == .row ? columnGap : rowGap }
    /// Between lines.
    var crossGap: Double { flexDirection == .row ? rowGap : columnGap }
}
