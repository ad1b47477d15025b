@testable import FlowLayout

/// The layouts the navigation tests (docs/flow-layout.md §20) compute by hand.
enum NavigationLayouts {
    /// Vertical, 320 wide, 100 × 50 items three to a line at x 0, 110, 220 (spacings 10), headers of 40
    /// and footers of 20, both pinned, content inset top 20 and bottom 30.
    ///
    /// Section 0 (7 items): header y 0–40, rows at y 40, 100, 160 (item 6 alone on the last), footer
    /// 210–230. Section 1 (3 items): header 230–270, one row at y 270, footer 320–340. Content 320 × 340.
    static let grid: BaseLayout = {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 50)
        settings.headerReferenceSize = Size(width: 0, height: 40)
        settings.footerReferenceSize = Size(width: 0, height: 20)
        settings.sectionHeadersPinToVisibleBounds = true
        settings.sectionFootersPinToVisibleBounds = true
        return BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(7)), FlowSection(items: .count(3))], crossAxisLength: 320,
            contentInset: EdgeInsets(top: 20, bottom: 30)))
    }()

    /// Horizontal, 200 high, 50 × 90 items two to a column at y 0 and 110 (interitem spacing 20, the
    /// free 20 points between them), columns 60 apart (line spacing 10): item k at x 60·(k / 2).
    /// Ten items in five columns end at x 290; content 290 × 200; content inset left 15, right 25.
    /// Right to left mirrors across the content width: item k at x 240 − 60·(k / 2).
    static let columns: BaseLayout = {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = .horizontal
        settings.itemSize = Size(width: 50, height: 90)
        settings.minimumInteritemSpacing = 20
        settings.minimumLineSpacing = 10
        return BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .count(10))], crossAxisLength: 200,
            contentInset: EdgeInsets(left: 15, right: 25)))
    }()

    /// Vertical, 375 wide, 100 × 50 items three to a line: the free 75 points shared, so x 0, 137.5 and
    /// 275 (docs/flow-layout.md §13, example 2): origins that pixel rounding moves at scale 1.
    static let fractional: BaseLayout = {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 50)
        return BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(6))], crossAxisLength: 375))
    }()

    /// One 100 × 50 item per line, lines overlapping by 20 (line spacing −20): item k at y 30·k.
    static let overlapping: BaseLayout = {
        var settings = FlowLayoutSettings()
        settings.itemSize = Size(width: 100, height: 50)
        settings.minimumLineSpacing = -20
        return BaseLayout(FlowLayoutInput(settings: settings, sections: [FlowSection(items: .count(4))], crossAxisLength: 100))
    }()

    /// Items of varied sizes on the row path, headers and footers, in either scroll direction: for
    /// lookups checked against the visible query rather than by hand.
    static func varied(_ direction: ScrollDirection) -> BaseLayout {
        var settings = FlowLayoutSettings()
        settings.scrollDirection = direction
        settings.headerReferenceSize = Size(width: 30, height: 30)
        settings.footerReferenceSize = Size(width: 12, height: 12)
        settings.sectionHeadersPinToVisibleBounds = true
        settings.sectionInset = EdgeInsets(top: 5, left: 7, bottom: 9, right: 11)
        let sizes = (0..<40).map { (index: Int) -> Size in
            let width: Int = 30 + (index * 17) % 45
            let height: Int = 20 + (index * 11) % 35
            return Size(width: Double(width) + 0.3, height: Double(height) + 0.6)
        }
        return BaseLayout(FlowLayoutInput(
            settings: settings, sections: [FlowSection(items: .sizes(sizes)), FlowSection(items: .count(5)), FlowSection(items: .sizes(Array(sizes.prefix(9))))],
            crossAxisLength: 203))
    }
}
