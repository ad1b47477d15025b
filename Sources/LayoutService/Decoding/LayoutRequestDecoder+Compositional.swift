import FlowLayout
import WireKit

/// `compositional` on `layout` or on a section (docs/flow-layout.md §23.1), with the refusals of §23.13.
extension LayoutRequestDecoder {
    func decodeCompositional(_ value: JSONValue) throws(RequestError) -> CompositionalSection {
        var group: CompositionalGroup?
        var section = CompositionalSection(group: CompositionalGroup(axis: .horizontal, size: .init(width: .absolute(0), height: .absolute(0)), subitems: []))
        try value.members { (key, value) throws(RequestError) in
            typealias Member = Wire.Compositional
            if key == Member.group {
                var nodes = 0
                group = try decodeGroup(value, depth: 1, nodes: &nodes)
            } else if key == Member.interGroupSpacing { section.interGroupSpacing = try value.number(limits) }
            else if key == Member.contentInsets { section.contentInsets = try decodeDirectionalInsets(value) }
            else if key == Member.orthogonalScrolling { section.orthogonalScrolling = try value.choice(Wire.Words.orthogonalScrollings) }
            else if key == Member.header { section.header = try decodeBoundary(value) }
            else if key == Member.footer { section.footer = try decodeBoundary(value) }
            else if key == Member.background {
                var insets = DirectionalInsets.zero
                try value.members { (key, value) throws(RequestError) in
                    guard key == Wire.SectionBackground.contentInsets else { return false }
                    insets = try decodeDirectionalInsets(value)
                    return true
                }
                section.background = insets
            } else { return false }
            return true
        }
        guard let group else { throw RequestError.invalid("The field 'group' is required.").under("group") }
        section.group = group
        return section
    }

    /// A group, counting its nodes against the section's budget (§23.13).
    private func decodeGroup(_ value: JSONValue, depth: Int, nodes: inout Int) throws(RequestError) -> CompositionalGroup {
        guard depth <= CompositionalSection.maximumDepth else {
            throw .limit("Groups nest at most \(CompositionalSection.maximumDepth) deep.")
        }
        try countNode(&nodes)
        var axis: GroupAxis?
        var width: CompositionalDimension?
        var height: CompositionalDimension?
        var subitems: [CompositionalSubitem]?
        var count: Int?
        var spacing = CompositionalSpacing.fixed(0)
        var insets = DirectionalInsets.zero
        try value.members { (key, value) throws(RequestError) in
            typealias Member = Wire.CompositionalGroup
            if key == Member.direction { axis = try value.choice(Wire.Words.groupDirections) }
            else if key == Member.width { width = try decodeDimension(value) }
            else if key == Member.height { height = try decodeDimension(value) }
            else if key == Member.count {
                let number = try value.index()
                guard number >= 1, number <= CompositionalSection.maximumCellsPerGroup else {
                    throw .invalid("Expected a whole number from 1 to \(CompositionalSection.maximumCellsPerGroup), got \(number).")
                }
                count = number
            } else if key == Member.interItemSpacing { spacing = try decodeSpacing(value) }
            else if key == Member.contentInsets { insets = try decodeDirectionalInsets(value) }
            else if key == Member.subitems {
                let array = try value.array()
                guard array.arrayCount > 0 else { throw .invalid("A group needs at least one subitem.") }
                var list: [CompositionalSubitem] = []
                try array.forEachElement { (index, element) throws(RequestError) in
                    let subitem = try within(String(index)) { () throws(RequestError) in
                        try decodeSubitem(element, depth: depth, nodes: &nodes)
                    }
                    list.append(subitem)
                }
                subitems = list
            } else { return false }
            return true
        }
        guard let axis else { throw RequestError.invalid("The field 'direction' is required.").under("direction") }
        guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        guard let subitems else { throw RequestError.invalid("The field 'subitems' is required.").under("subitems") }
        if count != nil && subitems.count != 1 {
            throw RequestError.invalid("A group with 'count' takes exactly one subitem, got \(subitems.count).").under("subitems")
        }
        return CompositionalGroup(
            axis: axis, size: CompositionalSize(width: width, height: height), subitems: subitems, count: count,
            interItemSpacing: spacing, contentInsets: insets)
    }

    /// An item, or `{"group": …}` for a nested group.
    private func decodeSubitem(_ value: JSONValue, depth: Int, nodes: inout Int) throws(RequestError) -> CompositionalSubitem {
        var group: CompositionalGroup?
        var width: CompositionalDimension?
        var height: CompositionalDimension?
        var item = CompositionalItem(size: CompositionalSize(width: .absolute(0), height: .absolute(0)))
        var itemFields: String?
        try value.members { (key, value) throws(RequestError) in
            typealias Member = Wire.CompositionalSubitem
            if key == Member.group {
                group = try decodeGroup(value, depth: depth + 1, nodes: &nodes)
                return true
            }
            if key == Member.width { width = try decodeDimension(value) }
            else if key == Member.height { height = try decodeDimension(value) }
            else if key == Member.contentInsets { item.contentInsets = try decodeDirectionalInsets(value) }
            else if key == Member.edgeSpacing { item.edgeSpacing = try decodeEdgeSpacing(value) }
            else { return false }
            itemFields = itemFields ?? key.string
            return true
        }
        if let group {
            if let itemFields {
                throw RequestError.invalid("A nested group is '{\"group\": …}' alone; '\(itemFields)' belongs to an item.").under(itemFields)
            }
            return .group(group)
        }
        try countNode(&nodes)
        guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        item.size = CompositionalSize(width: width, height: height)
        return .item(item)
    }

    private func countNode(_ nodes: inout Int) throws(RequestError) {
        nodes += 1
        guard nodes <= CompositionalSection.maximumNodeCount else {
            throw .limit("A section's group tree holds at most \(CompositionalSection.maximumNodeCount) groups and items.")
        }
    }

    /// `{absolute}`, `{fractionalWidth}`, `{fractionalHeight}` or `{estimated}`: exactly one.
    private func decodeDimension(_ value: JSONValue) throws(RequestError) -> CompositionalDimension {
        var dimension: CompositionalDimension?
        try value.members { (key, value) throws(RequestError) in
            guard let kind = Wire.Words.dimensionKinds.value(named: key.bytes) else { return false }
            if dimension != nil { throw RequestError.invalid("A dimension is one of 'absolute', 'fractionalWidth', 'fractionalHeight' or 'estimated'.") }
            let number = try value.length(limits)
            if kind == .fractionalWidth || kind == .fractionalHeight {
                guard number > 0, number <= 10 else { throw .invalid("Expected a fraction above 0 and at most 10, got \(JSONWriter.spelling(number)).") }
            }
            dimension = CompositionalDimension(kind, number)
            return true
        }
        guard let dimension else {
            throw .invalid("A dimension needs one of 'absolute', 'fractionalWidth', 'fractionalHeight' or 'estimated'.")
        }
        return dimension
    }

    /// `{fixed: s}` or `{flexible: s}`.
    private func decodeSpacing(_ value: JSONValue) throws(RequestError) -> CompositionalSpacing {
        var spacing: CompositionalSpacing?
        try value.members { (key, value) throws(RequestError) in
            guard key == Wire.Spacing.fixed || key == Wire.Spacing.flexible else { return false }
            if spacing != nil { throw RequestError.invalid("A spacing is one of 'fixed' or 'flexible'.") }
            let number = try value.number(limits)
            spacing = key == Wire.Spacing.fixed ? .fixed(number) : .flexible(number)
            return true
        }
        guard let spacing else { throw .invalid("A spacing needs one of 'fixed' or 'flexible'.") }
        return spacing
    }

    private func decodeEdgeSpacing(_ value: JSONValue) throws(RequestError) -> CompositionalEdgeSpacing {
        var edges = CompositionalEdgeSpacing.none
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.EdgeSpacing.leading { edges.leading = try decodeSpacing(value) }
            else if key == Wire.EdgeSpacing.top { edges.top = try decodeSpacing(value) }
            else if key == Wire.EdgeSpacing.trailing { edges.trailing = try decodeSpacing(value) }
            else if key == Wire.EdgeSpacing.bottom { edges.bottom = try decodeSpacing(value) }
            else { return false }
            return true
        }
        return edges
    }

    func decodeDirectionalInsets(_ value: JSONValue) throws(RequestError) -> DirectionalInsets {
        var insets = DirectionalInsets.zero
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.DirectionalInsets.top { insets.top = try value.number(limits) }
            else if key == Wire.DirectionalInsets.leading { insets.leading = try value.number(limits) }
            else if key == Wire.DirectionalInsets.bottom { insets.bottom = try value.number(limits) }
            else if key == Wire.DirectionalInsets.trailing { insets.trailing = try value.number(limits) }
            else { return false }
            return true
        }
        return insets
    }

    private func decodeBoundary(_ value: JSONValue) throws(RequestError) -> CompositionalBoundaryItem {
        var width: CompositionalDimension?
        var height: CompositionalDimension?
        var pins = false
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.BoundaryItem.width { width = try decodeDimension(value) }
            else if key == Wire.BoundaryItem.height { height = try decodeDimension(value) }
            else if key == Wire.BoundaryItem.pinToVisibleBounds { pins = try value.boolean() }
            else { return false }
            return true
        }
        guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        return CompositionalBoundaryItem(size: CompositionalSize(width: width, height: height), pinToVisibleBounds: pins)
    }

    /// `orthogonalOffsets`: `[{section, offset}]`, at most `Limits.maxOrthogonalOffsets`.
    func decodeOrthogonalOffsets(_ value: JSONValue) throws(RequestError) -> [OrthogonalOffset] {
        let array = try value.array()
        guard array.arrayCount <= limits.maxOrthogonalOffsets else {
            throw .limit("At most \(limits.maxOrthogonalOffsets) orthogonal offsets are allowed in one request.")
        }
        var offsets: [OrthogonalOffset] = []
        try array.forEachElement { (index, element) throws(RequestError) in
            try within(String(index)) { () throws(RequestError) in
                var section: Int?
                var offset: Double?
                try element.members { (key, value) throws(RequestError) in
                    if key == Wire.OrthogonalOffset.section {
                        let index = try value.index()
                        guard index < limits.maxSections else {
                            throw RequestError.invalid("Expected a section below \(limits.maxSections), got \(index).")
                        }
                        section = index
                    }
                    else if key == Wire.OrthogonalOffset.offset { offset = try value.number(limits) }
                    else { return false }
                    return true
                }
                guard let section else { throw RequestError.invalid("The field 'section' is required.").under("section") }
                guard let offset else { throw RequestError.invalid("The field 'offset' is required.").under("offset") }
                offsets.append(OrthogonalOffset(section: section, offset: offset))
            }
        }
        return offsets
    }

    /// `carouselBands`: `[{section, from, to}]`, `from` ≤ `to`, at most `Limits.maxOrthogonalOffsets`.
    func decodeCarouselBands(_ value: JSONValue) throws(RequestError) -> [CarouselStretch] {
        let array = try value.array()
        guard array.arrayCount <= limits.maxOrthogonalOffsets else {
            throw .limit("At most \(limits.maxOrthogonalOffsets) carousel bands are allowed in one request.")
        }
        var stretches: [CarouselStretch] = []
        try array.forEachElement { (index, element) throws(RequestError) in
            try within(String(index)) { () throws(RequestError) in
                var (section, from, to): (Int?, Double?, Double?)
                try element.members { (key, value) throws(RequestError) in
                    if key == Wire.CarouselStretch.section { section = try value.index() }
                    else if key == Wire.CarouselStretch.from { from = try value.number(limits) }
                    else if key == Wire.CarouselStretch.to { to = try value.number(limits) }
                    else { return false }
                    return true
                }
                guard let section else { throw RequestError.invalid("The field 'section' is required.").under("section") }
                guard let from else { throw RequestError.invalid("The field 'from' is required.").under("from") }
                guard let to else { throw RequestError.invalid("The field 'to' is required.").under("to") }
                guard from <= to else { throw RequestError.invalid("'to' is below 'from'.").under("to") }
                stretches.append(CarouselStretch(section: section, from: from, to: to))
            }
        }
        return stretches
    }

    /// What a compositional layout refuses as a whole (§23.13), naming the description's field
    /// (`/sections/1/compositional`, or `/layout/compositional` for the layout's own).
    static func refuseCompositional(in sections: [FlowSection], settings: FlowLayoutSettings) throws(RequestError) {
        for (index, section) in sections.enumerated() {
            guard let compositional = section.compositional ?? (section.masonry == nil ? settings.compositional : nil) else { continue }
            let own = section.compositional != nil
            func at(_ error: RequestError) -> RequestError {
                own ? error.under("compositional").under(String(index)).under("sections") : error.under("compositional").under("layout")
            }
            if settings.css != nil {
                throw at(RequestError.invalid("'compositional' belongs to the flow mode; CSS mode uses its own keywords."))
            }
            if own && section.masonry != nil {
                throw RequestError.invalid("Give either 'compositional' or 'masonry', not both.").under("masonry").under(String(index))
                    .under("sections")
            }
            guard settings.scrollDirection == .horizontal else { continue }
            if compositional.header != nil || compositional.footer != nil {
                throw at(RequestError.invalid("A horizontal layout's compositional sections have no headers or footers."))
            }
            if compositional.orthogonalScrolling != nil {
                throw at(RequestError.invalid("'orthogonalScrolling' needs a vertical layout."))
            }
        }
    }
}
