import FlowLayout

/// A compositional section's description as bytes (format 3): every field in declaration order,
/// optional ones after a presence flag, a group's subitems after their count.
extension ArchiveWriter {
    mutating func compositional(_ section: CompositionalSection) {
        group(section.group)
        double(section.interGroupSpacing)
        directionalInsets(section.contentInsets)
        bool(section.orthogonalScrolling != nil)
        if let scrolling = section.orthogonalScrolling { byte(scrolling.rawValue) }
        for boundary in [section.header, section.footer] {
            bool(boundary != nil)
            if let boundary {
                compositionalSize(boundary.size)
                bool(boundary.pinToVisibleBounds)
            }
        }
        bool(section.background != nil)
        if let background = section.background { directionalInsets(background) }
    }

    private mutating func group(_ group: CompositionalGroup) {
        byte(group.axis.rawValue)
        compositionalSize(group.size)
        count(group.count ?? 0)
        spacing(group.interItemSpacing)
        directionalInsets(group.contentInsets)
        count(group.subitems.count)
        for subitem in group.subitems {
            switch subitem {
            case .item(let item):
                byte(0)
                compositionalSize(item.size)
                directionalInsets(item.contentInsets)
                for edge in [item.edgeSpacing.leading, item.edgeSpacing.top, item.edgeSpacing.trailing, item.edgeSpacing.bottom] {
                    bool(edge != nil)
                    if let edge { spacing(edge) }
                }
            case .group(let nested):
                byte(1)
                self.group(nested)
            }
        }
    }

    private mutating func compositionalSize(_ size: CompositionalSize) {
        byte(size.width.kind.rawValue)
        double(size.width.value)
        byte(size.height.kind.rawValue)
        double(size.height.value)
    }

    private mutating func spacing(_ spacing: CompositionalSpacing) {
        bool(spacing.isFlexible)
        double(spacing.minimum)
    }

    private mutating func directionalInsets(_ insets: DirectionalInsets) {
        double(insets.top)
        double(insets.leading)
        double(insets.bottom)
        double(insets.trailing)
    }
}

extension ArchiveReader {
    /// What `ArchiveWriter.compositional` wrote, within the service's bounds on a tree (§23.13).
    mutating func compositional() throws(ArchiveError) -> CompositionalSection {
        var nodes = 0
        var section = CompositionalSection(group: try group(depth: 1, nodes: &nodes))
        section.interGroupSpacing = try double()
        section.contentInsets = try directionalInsets()
        if try bool() { section.orthogonalScrolling = try value(OrthogonalScrolling.self) }
        if try bool() { section.header = CompositionalBoundaryItem(size: try compositionalSize(), pinToVisibleBounds: try bool()) }
        if try bool() { section.footer = CompositionalBoundaryItem(size: try compositionalSize(), pinToVisibleBounds: try bool()) }
        if try bool() { section.background = try directionalInsets() }
        return section
    }

    private mutating func group(depth: Int, nodes: inout Int) throws(ArchiveError) -> CompositionalGroup {
        nodes += 1
        guard depth <= CompositionalSection.maximumDepth, nodes <= CompositionalSection.maximumNodeCount else {
            throw .corrupt("a group tree past its bounds")
        }
        let axis = try value(GroupAxis.self)
        let size = try compositionalSize()
        let count = try self.count(max: CompositionalSection.maximumCellsPerGroup)
        let spacing = try spacing()
        let insets = try directionalInsets()
        let subitemCount = try self.count(max: CompositionalSection.maximumNodeCount)
        guard subitemCount > 0, count == 0 || subitemCount == 1 else { throw .corrupt("a group without its subitems") }
        var subitems: [CompositionalSubitem] = []
        for _ in 0..<subitemCount {
            switch try byte() {
            case 0:
                nodes += 1
                guard nodes <= CompositionalSection.maximumNodeCount else { throw .corrupt("a group tree past its bounds") }
                var item = CompositionalItem(size: try compositionalSize(), contentInsets: try directionalInsets())
                item.edgeSpacing.leading = try bool() ? try self.spacing() : nil
                item.edgeSpacing.top = try bool() ? try self.spacing() : nil
                item.edgeSpacing.trailing = try bool() ? try self.spacing() : nil
                item.edgeSpacing.bottom = try bool() ? try self.spacing() : nil
                subitems.append(.item(item))
            case 1:
                subitems.append(.group(try group(depth: depth + 1, nodes: &nodes)))
            default:
                throw .corrupt("a subitem of an unknown kind")
            }
        }
        return CompositionalGroup(
            axis: axis, size: size, subitems: subitems, count: count == 0 ? nil : count, interItemSpacing: spacing, contentInsets: insets)
    }

    private mutating func compositionalSize() throws(ArchiveError) -> CompositionalSize {
        let widthKind = try value(CompositionalDimension.Kind.self)
        let width = try double()
        let heightKind = try value(CompositionalDimension.Kind.self)
        return CompositionalSize(width: CompositionalDimension(widthKind, width), height: CompositionalDimension(heightKind, try double()))
    }

    private mutating func spacing() throws(ArchiveError) -> CompositionalSpacing {
        let flexible = try bool()
        let value = try double()
        return flexible ? .flexible(value) : .fixed(value)
    }

    private mutating func directionalInsets() throws(ArchiveError) -> DirectionalInsets {
        let top = try double()
        let leading = try double()
        let bottom = try double()
        return DirectionalInsets(top: top, leading: leading, bottom: bottom, trailing: try double())
    }
}
