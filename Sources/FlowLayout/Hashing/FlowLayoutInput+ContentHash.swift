extension FlowLayoutInput {
    /// Bumped whenever the engine's frames change for the same input, so ids from an older engine
    /// never name a newer layout.
    public static let algorithmVersion = 1

    /// The content hash of everything the base layout depends on: the cache key and the `layoutId`.
    public var contentHash: ContentHash {
        var hasher = ContentHasher()
        hasher.combine(Self.algorithmVersion)
        hasher.combine(crossAxisLength)
        hasher.combine(contentInset)
        if settings.sectionInsetReference != .contentInset {
            hasher.combine(safeAreaInsets)
            hasher.combine(layoutMargins)
        }
        hasher.combine(settings)
        hasher.combine(sections.count)
        for section in sections { hasher.combine(section) }
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
    }

    /// Optional overrides hash a presence flag first, so "absent" and "zero" differ.
    mutating func combine(_ section: FlowSection) {
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
        combine(section.parallaxDepths != nil)
        if let depths = section.parallaxDepths {
            for depth in depths { combine(depth.isNaN ? UInt64.max : depth.bitPattern) }
        }
        switch section.items {
        case .count(let count):
            combine(0 as UInt64)
            combine(count)
        case .sizes(let sizes):
            combine(1 as UInt64)
            combine(sizes.count)
            sizes.withUnsafeBufferPointer { buffer in
                for size in buffer { combine(size) }
            }
        }
    }
}
