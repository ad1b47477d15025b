extension FlowLayoutInput {
    /// Bumped whenever the engine's frames or ids change for the same input, so ids from an older
    /// engine never name a newer layout. 2: ids hash what is laid out (a counted section and the same
    /// sizes listed agree), line starts are exact sums.
    public static let algorithmVersion = 2

    /// The content hash of everything the base layout depends on: the cache key and the `layoutId`.
    /// It names what is laid out, not how it was sent: equal item sequences hash equally whether
    /// counted, listed or reached by updates, and it equals the built layout's `contentHash`. O(listed
    /// items), O(log n) for a counted section.
    public var contentHash: ContentHash {
        var hasher = ContentHasher()
        LayoutEnvironment(self).combine(into: &hasher)
        hasher.combine(sections.count)
        for section in sections {
            let counted = settings.countedItem(of: section)
            let items: SequenceHash
            if case .count(let count) = section.items, section.hasCountedItemsOnly {
                items = SequenceHash(counted).repeated(count)
            } else {
                items = SequenceHash(count: section.items.count) { section.item($0, countedItem: counted) }
            }
            hasher.combine(section: section.overrides, itemCount: section.items.count, items: items)
        }
        return hasher.finalize()
    }
}

extension ContentHasher {
    mutating func combine(_ size: Size) {
        combine(size.width)
        combine(size.height)
    }

    mutating func combine(_ insets: EdgeInsets) {
        combine(insets.top)
        combine(insets.left)
        combine(insets.bottom)
        combine(insets.right)
    }

    mutating func combine(_ settings: FlowLayoutSettings) {
        combine(Int(settings.scrollDirection.rawValue))
        combine(settings.itemSize)
        combine(settings.estimatedItemSize != nil)
        if let estimate = settings.estimatedItemSize { combine(estimate) }
        combine(settings.minimumLineSpacing)
        combine(settings.minimumInteritemSpacing)
        combine(settings.sectionInset)
        combine(settings.headerReferenceSize)
        combine(settings.footerReferenceSize)
        combine(settings.sectionHeadersPinToVisibleBounds)
        combine(settings.sectionFootersPinToVisibleBounds)
        combine(Int(settings.sectionInsetReference.rawValue))
        combine(settings.lineAlignment.map { Int($0.rawValue) } ?? -1)
        combine(Int(settings.crossAlignment.rawValue))
        combine(settings.css != nil)
        if let css = settings.css {
            combine(Int(css.flexDirection.rawValue))
            combine(Int(css.justifyContent.rawValue))
            combine(Int(css.alignItems.rawValue))
            combine(Int(css.alignContent.rawValue))
            combine(css.rowGap)
            combine(css.columnGap)
            combine(css.padding)
            combine(css.crossSize != nil)
            if let crossSize = css.crossSize { combine(crossSize) }
        }
        if let masonry = settings.masonry { combine(masonry) }
        if let compositional = settings.compositional { combine(compositional) }
        if settings.interSectionSpacing != 0 {
            combine(0x696E_7465_7253_6563 as UInt64)  // "interSec"
            combine(settings.interSectionSpacing)
        }
    }

    /// Masonry settings, only where given, after a tag of their own: ids of layouts without them stay
    /// what they were. The tag names the version of the placement's rules, which only masonry layouts
    /// follow: 2 since running bottoms are exact sums (docs/flow-layout.md §22.3).
    mutating func combine(_ masonry: MasonryColumns) {
        combine(0x6D61_736F_6E72_7932 as UInt64)  // "masonry2"
        switch masonry.normalizedCount {
        case .fixed(let count):
            combine(0)
            combine(count)
        case .minimumWidth(let width):
            combine(1)
            combine(width)
        }
        combine(masonry.columnSpacing != nil)
        if let spacing = masonry.columnSpacing { combine(spacing) }
        combine(Int(masonry.placement.rawValue))
        combine(Int(masonry.itemSizing.rawValue))
    }

    /// A section: its overrides (each optional one with a presence flag first, so "absent" and "zero"
    /// differ), then how many items and their sequence's hash.
    mutating func combine(section: FlowSection, itemCount: Int, items: SequenceHash) {
        combine(section.sectionInset != nil)
        if let inset = section.sectionInset { combine(inset) }
        combine(section.minimumLineSpacing != nil)
        if let value = section.minimumLineSpacing { combine(value) }
        combine(section.minimumInteritemSpacing != nil)
        if let value = section.minimumInteritemSpacing { combine(value) }
        combine(section.headerReferenceSize != nil)
        if let size = section.headerReferenceSize { combine(size) }
        combine(section.footerReferenceSize != nil)
        if let size = section.footerReferenceSize { combine(size) }
        if let masonry = section.masonry { combine(masonry) }
        if let compositional = section.compositional { combine(compositional) }
        combine(itemCount)
        combine(items)
    }
}
