import FlowLayout

/// Items as a request lists them: a size each, their own parallax depths, and which were sent as `{}`
/// to be laid out at the layout's `estimatedItemSize` (docs/flow-layout.md §17). The estimate may be
/// read after the items (`layout` can follow `items` in a body), so their sizes are held as zero
/// until `estimate(with:)` writes it in.
struct ListedItems {
    var sizes: [Size]
    /// NaN where an item has no depth; nil when none has one.
    var depths: [Double]?
    /// True where an item was sent without a size; nil when none was.
    var estimated: [Bool]?
    /// Each item's masonry role; nil when none gave `column` or `fullSpan`.
    var roles: [MasonryRole]?

    init(sizes: [Size], depths: [Double]? = nil, estimated: [Bool]? = nil, roles: [MasonryRole]? = nil) {
        (self.sizes, self.depths, self.estimated, self.roles) = (sizes, depths, estimated, roles)
    }

    /// Writes `estimate` into the sizes of the items sent without one. Throws, pointing at the first of
    /// them (relative to the list: `/3`), when there is no estimate to lay them out at.
    mutating func estimate(with estimate: Size?) throws(RequestError) {
        guard let estimated else { return }
        guard let estimate else {
            let first = estimated.firstIndex(of: true) ?? 0
            throw RequestError.invalid(
                "An item without 'width' and 'height' is laid out at the layout's 'estimatedItemSize', which this layout does not set."
            ).under(String(first))
        }
        for index in estimated.indices where estimated[index] { sizes[index] = estimate }
    }

    /// The items as an update inserts them, once `estimate(with:)` has run.
    var flowItems: [FlowItem] {
        sizes.indices.map { index in
            let depth = depths?[index]
            return FlowItem(
                size: sizes[index], isEstimated: estimated?[index] ?? false,
                parallaxDepth: depth.flatMap { $0.isNaN ? nil : $0 }, masonryRole: roles?[index] ?? .byRule)
        }
    }
}

extension FlowSection {
    /// A section of listed items (sizes still to be estimated when some were sent as `{}`).
    init(listed items: ListedItems) {
        self.init(items: .sizes(items.sizes), parallaxDepths: items.depths, estimated: items.estimated, masonryRoles: items.roles)
    }

    /// Writes `estimate` into the sizes of the listed items sent without one (see
    /// `ListedItems.estimate(with:)`); the pointer of a refusal is relative to the section (`/items/3`).
    mutating func estimate(with estimate: Size?) throws(RequestError) {
        guard case .sizes(let sizes) = items, estimated != nil else { return }
        var listed = ListedItems(sizes: sizes, depths: parallaxDepths, estimated: estimated)
        // The section lets go of the array meanwhile, so the sizes are written in place, not copied.
        items = .count(0)
        defer { items = .sizes(listed.sizes) }
        try within("items") { () throws(RequestError) in try listed.estimate(with: estimate) }
    }
}
