import FlowLayout

/// Random inputs over every stored field: settings, CSS, alignments, insets, section overrides,
/// counted and listed sections, estimates and per-item parallax depths.
public enum RandomInput {
    public static func make(seed: UInt64) -> FlowLayoutInput {
        var random = SplitMix64(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        var settings = FlowLayoutSettings()
        settings.scrollDirection = pick([.vertical, .horizontal])
        settings.itemSize = Size(width: pick([50, 64, 33.3]), height: pick([40, 77.7]))
        settings.estimatedItemSize = pick([nil, Size(width: 100, height: 60)])
        settings.minimumLineSpacing = pick([0, 10, -5, 12.5])
        settings.minimumInteritemSpacing = pick([0, 7.25, 10])
        settings.sectionInset = EdgeInsets(top: pick([0, 8]), left: pick([0, 16.5]), bottom: pick([0, 20]), right: pick([0, -4]))
        settings.headerReferenceSize = Size(width: pick([0, 30]), height: pick([0, 44]))
        settings.footerReferenceSize = Size(width: pick([0, 20]), height: pick([0, 20]))
        settings.sectionHeadersPinToVisibleBounds = pick([false, true])
        settings.sectionFootersPinToVisibleBounds = pick([false, true])
        settings.sectionInsetReference = pick([.contentInset, .safeArea, .layoutMargins])
        settings.lineAlignment = pick([nil, .leading, .center, .trailing, .justified])
        settings.crossAlignment = pick([.start, .center, .end])
        if random.next() % 4 == 0 {
            var css = CSSFlexLayout()
            css.flexDirection = pick([.row, .column])
            css.justifyContent = pick([.flexStart, .center, .spaceBetween, .spaceEvenly])
            css.alignItems = pick([.flexStart, .center, .stretch])
            css.alignContent = pick([.normal, .center, .spaceAround, .stretch])
            css.rowGap = pick([0, 4])
            css.columnGap = pick([0, 6])
            css.padding = EdgeInsets(top: pick([0, 5]), left: 3, bottom: 0, right: pick([0, 2]))
            css.crossSize = pick([nil, 900])
            settings.css = css
        } else if random.next() % 3 == 0 {
            settings.masonry = MasonryColumns(count: .fixed(pick([1, 3])), columnSpacing: pick([nil, 4]))
        }
        var sections: [FlowSection] = []
        for _ in 0..<(1 + Int(random.next() % 4)) {
            let count = Int(random.next() % 400)
            var section: FlowSection
            switch random.next() % 3 {
            case 0: section = FlowSection(items: .count(count))
            case 1: section = FlowSection(items: .sizes(Array(repeating: Size(width: pick([40, 90]), height: 30), count: count)))
            default:
                section = FlowSection(items: .sizes((0..<count).map { _ in
                    Size(width: Double(10 + random.next() % 150), height: Double(10 + random.next() % 150) + pick([0, 0.5]))
                }))
            }
            if random.next() % 3 == 0 { section.parallaxDepths = (0..<count).map { _ in pick([.nan, 12, 30.5]) } }
            if random.next() % 3 == 0, case .sizes = section.items { section.estimated = (0..<count).map { _ in pick([false, true]) } }
            if settings.css == nil, random.next() % 4 == 0 {
                section.masonry = MasonryColumns(count: .minimumWidth(pick([90, 150.5])), placement: .ordered, itemSizing: .height)
            }
            if random.next() % 4 == 0, case .sizes = section.items {
                section.masonryRoles = (0..<count).map { _ in pick([.byRule, .byRule, .fullSpan, .column(1), .column(1500)]) }
            }
            if random.next() % 2 == 0 {
                section.sectionInset = EdgeInsets(top: 1, left: pick([0, 9]), bottom: 2, right: 3)
                section.minimumLineSpacing = pick([nil, 3])
                section.minimumInteritemSpacing = pick([nil, 0])
                section.headerReferenceSize = pick([nil, Size(width: 10, height: 0)])
                section.footerReferenceSize = pick([nil, Size(width: 0, height: 15)])
            }
            sections.append(section)
        }
        return FlowLayoutInput(
            settings: settings, sections: sections, crossAxisLength: pick([320, 390, 414.5]),
            contentInset: EdgeInsets(top: pick([0, 47]), left: 0, bottom: 34, right: 0),
            safeAreaInsets: EdgeInsets(top: 20, left: pick([0, 44]), bottom: 0, right: 10),
            layoutMargins: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
    }
}
