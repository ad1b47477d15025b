import FlowLayout
import WireKit

/// `sections`, `items` and `itemCount`.
extension LayoutRequestDecoder {
    func decodeSections(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> [FlowSection] {
        let array = try value.array()
        guard array.arrayCount <= limits.maxSections else {
            throw .limit("At most \(limits.maxSections) sections are allowed, got \(array.arrayCount).")
        }
        var sections: [FlowSection] = []
        sections.reserveCapacity(array.arrayCount)
        try array.forEachElement { (index, element) throws(RequestError) in
            let section = try within(String(index)) { () throws(RequestError) in
                try decodeSection(element, itemBudget: &itemBudget)
            }
            sections.append(section)
        }
        return sections
    }

    private func decodeSection(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> FlowSection {
        var section = FlowSection(items: .count(0))
        var hasItems = false
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.Section.items || key == Wire.Section.itemCount {
                if hasItems { throw RequestError.invalid("Give either 'items' or 'itemCount', not both.") }
                hasItems = true
                if key == Wire.Section.items {
                    let listed = try decodeItems(value, itemBudget: &itemBudget)
                    (section.items, section.parallaxDepths, section.estimated) = (.sizes(listed.sizes), listed.depths, listed.estimated)
                    section.masonryRoles = listed.roles
                } else {
                    let count = try value.count(maximum: itemBudget, limit: limits.maxItems, what: "items")
                    itemBudget -= count
                    section.items = .count(count)
                }
            } else if key == Wire.Section.sectionInset { section.sectionInset = try value.insets(limits) }
            else if key == Wire.Section.minimumLineSpacing { section.minimumLineSpacing = try value.number(limits) }
            else if key == Wire.Section.minimumInteritemSpacing { section.minimumInteritemSpacing = try value.number(limits) }
            else if key == Wire.Section.headerReferenceSize { section.headerReferenceSize = try value.size(limits, requireBoth: false) }
            else if key == Wire.Section.footerReferenceSize { section.footerReferenceSize = try value.size(limits, requireBoth: false) }
            else if key == Wire.Section.masonry { section.masonry = try decodeMasonry(value) }
            else if key == Wire.Section.compositional { section.compositional = try decodeCompositional(value) }
            else { return false }
            return true
        }
        if !hasItems { throw RequestError.invalid("One of 'items' or 'itemCount' is required.") }
        return section
    }

    /// Item sizes, their own parallax depths when any item gives `maxOffset`, their masonry roles when
    /// any gives `column` or `fullSpan`, and which items were sent without a size (`{}`: laid out at
    /// the estimate, once `ListedItems.estimate(with:)` runs).
    func decodeItems(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> ListedItems {
        let array = try value.array()
        let count = array.arrayCount
        guard count <= itemBudget else {
            throw .limit("At most \(limits.maxItems) items are allowed in one request.")
        }
        itemBudget -= count
        if let sizes = readPlainSizes(array, count: count) { return ListedItems(sizes: sizes) }
        var sizes: [Size] = []
        sizes.reserveCapacity(count)
        var depths: [Double]?
        var estimated: [Bool]?
        var roles: [MasonryRole]?
        try array.forEachElement { (index, element) throws(RequestError) in
            try within(String(index)) { () throws(RequestError) in
                var width: Double?
                var height: Double?
                var column: Int?
                var fullSpan = false
                try element.members { (key, value) throws(RequestError) in
                    if key == Wire.Item.width { width = try value.length(limits) }
                    else if key == Wire.Item.height { height = try value.length(limits) }
                    else if key == Wire.Item.maxOffset {
                        if depths == nil { depths = Array(repeating: .nan, count: count) }
                        depths![index] = try value.length(limits)
                    } else if key == Wire.Item.column { column = try Self.column(value, from: 0) }
                    else if key == Wire.Item.fullSpan { fullSpan = try value.boolean() }
                    else { return false }
                    return true
                }
                if column != nil || fullSpan {
                    // Named at `fullSpan` whichever came first: the two cannot both hold.
                    if column != nil && fullSpan {
                        throw RequestError.invalid("Give either 'column' or '\"fullSpan\": true', not both.").under("fullSpan")
                    }
                    if roles == nil { roles = Array(repeating: .byRule, count: count) }
                    roles![index] = column.map(MasonryRole.column) ?? .fullSpan
                }
                if width == nil && height == nil {
                    // Neither: the estimate's place, held until the estimate is known.
                    if estimated == nil { estimated = Array(repeating: false, count: count) }
                    estimated![index] = true
                    sizes.append(.zero)
                    return
                }
                guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
                guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
                sizes.append(Size(width: width, height: height))
            }
        }
        return ListedItems(sizes: sizes, depths: depths, estimated: estimated, roles: roles)
    }

    /// The bulk case: every item is exactly `{"width": n, "height": n}` with valid lengths, read in one
    /// call. Nil when any item is not, so the item-by-item path can name the field at fault.
    private func readPlainSizes(_ array: JSONValue, count: Int) -> [Size]? {
        // Read in place as (width, height) pairs of doubles.
        guard MemoryLayout<Size>.stride == 16, MemoryLayout<Size>.offset(of: \Size.height) == 8 else { return nil }
        let sizes = [Size](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.withMemoryRebound(to: Double.self) { doubles in
                array.readNumberPairs(Self.plainItemMembers.width, Self.plainItemMembers.height, into: doubles)
            }
        }
        guard sizes.count == count else { return nil }
        for size in sizes where !(limits.admitsLength(size.width) && limits.admitsLength(size.height)) {
            return nil
        }
        return sizes
    }

    /// The members of a plain item (`Wire.Item`'s width and height), as the one-call reader of a list
    /// of items takes them (`WireSchemaTests` holds them to the declaration).
    static let plainItemMembers: (width: StaticString, height: StaticString) = ("width", "height")
}
