/// The axis the content scrolls along. Lines of items are laid out across it.
public enum ScrollDirection: UInt8, Hashable, Sendable {
    /// Scrolls along y: lines are rows, filled left to right (right to left when mirrored).
    case vertical
    /// Scrolls along x: lines are columns, filled top to bottom.
    case horizontal
}

/// Axis vocabulary of docs/flow-layout.md §1: *along* runs inside a line (x for vertical scrolling),
/// *scroll* runs from line to line (y for vertical scrolling). The engine computes in (along, scroll) and maps to
/// (x, y) only when it writes frames, so one algorithm serves both directions.
extension ScrollDirection {
    @inline(__always) func along(_ size: Size) -> Double { self == .vertical ? size.width : size.height }
    @inline(__always) func across(_ size: Size) -> Double { self == .vertical ? size.height : size.width }

    @inline(__always) func alongMin(_ rect: Rect) -> Double { self == .vertical ? rect.minX : rect.minY }
    @inline(__always) func alongMax(_ rect: Rect) -> Double { self == .vertical ? rect.maxX : rect.maxY }
    @inline(__always) func scrollMin(_ rect: Rect) -> Double { self == .vertical ? rect.minY : rect.minX }
    @inline(__always) func scrollMax(_ rect: Rect) -> Double { self == .vertical ? rect.maxY : rect.maxX }
    @inline(__always) func scrollOrigin(_ point: Point) -> Double { self == .vertical ? point.y : point.x }

    /// Line insets: where a line begins and ends (left/right for vertical scrolling).
    @inline(__always) func lineLead(_ insets: EdgeInsets) -> Double { self == .vertical ? insets.left : insets.top }
    @inline(__always) func lineTrail(_ insets: EdgeInsets) -> Double { self == .vertical ? insets.right : insets.bottom }
    /// Scroll-axis insets: before the first line and after the last (top/bottom for vertical scrolling).
    @inline(__always) func scrollLead(_ insets: EdgeInsets) -> Double { self == .vertical ? insets.top : insets.left }
    @inline(__always) func scrollTrail(_ insets: EdgeInsets) -> Double { self == .vertical ? insets.bottom : insets.right }

    @inline(__always) func rect(along: Double, scroll: Double, alongLength: Double, scrollLength: Double) -> Rect {
        self == .vertical
            ? Rect(x: along, y: scroll, width: alongLength, height: scrollLength)
            : Rect(x: scroll, y: along, width: scrollLength, height: alongLength)
    }

    @inline(__always) func size(along: Double, scroll: Double) -> Size {
        self == .vertical ? Size(width: along, height: scroll) : Size(width: scroll, height: along)
    }
}
