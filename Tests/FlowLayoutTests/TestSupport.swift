@testable import FlowLayout
import Testing

/// Shorthand for frames in expectations.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// A rectangle that holds every element of `layout`, with room for items overhanging the content.
func wholeContent(of layout: BaseLayout) -> Rect {
    Rect(x: -10_000, y: -10_000, width: layout.contentSize.width + 20_000, height: layout.contentSize.height + 20_000)
}

/// Every element of `layout` (not pinned: the bounds start far above the content), in query order.
func allAttributes(of layout: BaseLayout, scale: Double? = nil) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    layout.attributes(in: Viewport(bounds: wholeContent(of: layout), scale: scale), into: &result)
    return result
}

func isClose(_ a: Rect, _ b: Rect, tolerance: Double) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.size.width - b.size.width) <= tolerance && abs(a.size.height - b.size.height) <= tolerance
}

/// Frames equal component by component within `tolerance` (for values docs/flow-layout.md gives to 4 decimals).
func expectClose(
    _ actual: [Rect], _ expected: [Rect], tolerance: Double = 1e-4, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
        #expect(isClose(a, e, tolerance: tolerance), "got \(a), expected \(e)", sourceLocation: sourceLocation)
    }
}

/// A layout with every element it has (`allAttributes`), and its frames by kind, section and item.
struct Laid {
    let layout: BaseLayout
    let attributes: [LayoutAttributes]

    var contentSize: Size { layout.contentSize }

    /// Cell frames of `section`, by item index.
    func cells(_ section: Int = 0) -> [Rect] {
        attributes.filter { $0.kind == .cell && $0.section == section }.sorted { $0.item < $1.item }.map(\.frame)
    }

    func items(_ section: Int = 0) -> [Int] {
        attributes.filter { $0.kind == .cell && $0.section == section }.map(\.item).sorted()
    }

    func header(_ section: Int = 0) -> Rect? {
        attributes.first { $0.kind == .header && $0.section == section }?.frame
    }

    func footer(_ section: Int = 0) -> Rect? {
        attributes.first { $0.kind == .footer && $0.section == section }?.frame
    }
}
