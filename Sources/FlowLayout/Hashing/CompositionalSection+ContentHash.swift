extension ContentHasher {
    /// A compositional section's description (docs/flow-layout.md §23), after a tag of its own: ids of
    /// layouts without one stay what they were. Every optional part with a presence flag first.
    mutating func combine(_ section: CompositionalSection) {
        combine(0x636F_6D70_5365_6331 as UInt64)  // "compSec1"
        combine(section.group)
        combine(section.interGroupSpacing)
        combine(section.contentInsets)
        combine(section.orthogonalScrolling.map { Int($0.rawValue) } ?? -1)
        for boundary in [section.header, section.footer] {
            combine(boundary != nil)
            if let boundary {
                combine(boundary.size)
                combine(boundary.pinToVisibleBounds)
            }
        }
        combine(section.background != nil)
        if let background = section.background { combine(background) }
    }

    mutating func combine(_ group: CompositionalGroup) {
        combine(Int(group.axis.rawValue))
        combine(group.size)
        combine(group.count ?? 0)
        combine(group.interItemSpacing)
        combine(group.contentInsets)
        combine(group.subitems.count)
        for subitem in group.subitems {
            switch subitem {
            case .item(let item):
                combine(0)
                combine(item.size)
                combine(item.contentInsets)
                for edge in [item.edgeSpacing.leading, item.edgeSpacing.top, item.edgeSpacing.trailing, item.edgeSpacing.bottom] {
                    combine(edge != nil)
                    if let edge { combine(edge) }
                }
            case .group(let nested):
                combine(1)
                combine(nested)
            }
        }
    }

    mutating func combine(_ size: CompositionalSize) {
        combine(Int(size.width.kind.rawValue))
        combine(size.width.value)
        combine(Int(size.height.kind.rawValue))
        combine(size.height.value)
    }

    mutating func combine(_ spacing: CompositionalSpacing) {
        combine(spacing.isFlexible)
        combine(spacing.minimum)
    }

    mutating func combine(_ insets: DirectionalInsets) {
        combine(insets.top)
        combine(insets.leading)
        combine(insets.bottom)
        combine(insets.trailing)
    }
}
