import FlowLayout
import WireKit

/// Maps parsed request bodies onto engine inputs, validating every field against `Limits`.
///
/// A request mixes two kinds of fields: those the base layout depends on (the *description*: items,
/// settings, insets) and those of one scroll position (the *view*: bounds, scale, direction,
/// parallax). `/v1/layout` takes both in one object, `/v1/layouts` the description only, and a stored
/// layout's `/attributes` the view only.
struct LayoutRequestDecoder {
    let limits: Limits

    /// `POST /v1/layout`.
    func decodeLayout(_ root: JSONValue) throws(RequestError) -> LayoutRequest {
        var description = DescriptionFields(limits: limits)
        var view = ViewFields()
        try root.members { (key, value) throws(RequestError) in
            if try description.consume(key, value, decoder: self) { return true }
            return try view.consume(key, value, decoder: self, allowsList: false)
        }
        guard case .one(let bounds) = view.bounds else {
            throw RequestError.invalid("The field 'bounds' is required.").under("bounds")
        }
        let input = try description.finish(viewport: { direction in
            direction == .vertical ? (bounds.size.width, bounds.size.height) : (bounds.size.height, bounds.size.width)
        })
        let (views, parallax, carouselEffect) = try view.finish(contentInset: input.contentInset, decoder: self)
        guard case .one(let viewport) = views else { preconditionFailure("one bounds gives one view") }
        return LayoutRequest(
            input: input, viewport: viewport, parallax: parallax, carouselEffect: carouselEffect, orthogonalOffsets: view.orthogonalOffsets)
    }

    /// `POST /v1/layouts`: the description, with the viewport's size across the scroll axis in `viewport`.
    func decodeRegistration(_ root: JSONValue) throws(RequestError) -> FlowLayoutInput {
        var description = DescriptionFields(limits: limits)
        var viewport: (width: Double?, height: Double?)?
        try root.members { (key, value) throws(RequestError) in
            if try description.consume(key, value, decoder: self) { return true }
            guard key == Wire.LayoutRegistration.viewport else { return false }
            var size: (width: Double?, height: Double?) = (nil, nil)
            try value.members { (key, value) throws(RequestError) in
                if key == Wire.Size.width { size.width = try value.length(limits) }
                else if key == Wire.Size.height { size.height = try value.length(limits) }
                else { return false }
                return true
            }
            viewport = size
            return true
        }
        guard let viewport else {
            throw RequestError.invalid("The field 'viewport' (the viewport's size) is required.").under("viewport")
        }
        return try description.finish(viewport: { (direction) throws(RequestError) in
            let name = direction == .vertical ? "width" : "height"
            guard let length = direction == .vertical ? viewport.width : viewport.height else {
                throw RequestError.invalid("'\(name)' is required: the base layout depends on it.").under(name).under("viewport")
            }
            return (length, direction == .vertical ? viewport.height : viewport.width)
        })
    }

    /// `POST /v1/layouts/{id}/attributes`: one view or a list of bounds, on a stored layout.
    func decodeScroll(_ root: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> ScrollRequest {
        if let plain = plainScroll(root, contentInset: contentInset) { return plain }
        return try scrollMemberByMember(root, contentInset: contentInset)
    }

    /// `decodeScroll` for every body `plainScroll` leaves: all fields, and the message for what is wrong.
    func scrollMemberByMember(_ root: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> ScrollRequest {
        var view = ViewFields()
        var band = false
        var carouselBands: [CarouselStretch]?
        try root.members { (key, value) throws(RequestError) in
            if key == Wire.ScrollRequest.band {
                band = try value.boolean()
                return true
            }
            if key == Wire.ScrollRequest.carouselBands {
                carouselBands = try decodeCarouselBands(value)
                return true
            }
            return try view.consume(key, value, decoder: self, allowsList: true)
        }
        guard view.bounds != nil else {
            throw RequestError.invalid("The field 'bounds' is required.").under("bounds")
        }
        let (views, parallax, carouselEffect) = try view.finish(contentInset: contentInset, decoder: self)
        let isOneView = if case .one = views { true } else { false }
        if carouselBands != nil && !(band && isOneView) {
            throw RequestError.invalid("'carouselBands' come with the band of one view: give 'band': true and one 'bounds'.")
                .under("carouselBands")
        }
        return ScrollRequest(
            views: views, parallax: parallax, carouselEffect: carouselEffect, orthogonalOffsets: view.orthogonalOffsets,
            band: carouselBands.map(BandAsk.withCarousels) ?? (band ? .band : .none))
    }
}

/// The fields the base layout depends on.
struct DescriptionFields {
    let limits: Limits
    var contentInset = EdgeInsets.zero
    var safeAreaInsets = EdgeInsets.zero
    var layoutMargins = EdgeInsets.zero
    var settings = FlowLayoutSettings()
    var sections: [FlowSection]?
    /// `sections` was given as such, not as top-level `items` or `itemCount` (for pointers).
    var sectionsListed = false
    var itemBudget: Int

    init(limits: Limits) {
        self.limits = limits
        self.itemBudget = limits.maxItems
    }

    /// Takes `key` if it is a description field.
    mutating func consume(_ key: JSONKey, _ value: JSONValue, decoder: LayoutRequestDecoder) throws(RequestError) -> Bool {
        if key == Wire.LayoutRegistration.contentInset { contentInset = try value.insets(limits) }
        else if key == Wire.LayoutRegistration.safeAreaInsets { safeAreaInsets = try value.insets(limits) }
        else if key == Wire.LayoutRegistration.layoutMargins { layoutMargins = try value.insets(limits) }
        else if key == Wire.LayoutRegistration.layout { settings = try decoder.decodeSettings(value) }
        else if key == Wire.LayoutRegistration.sections {
            try requireAbsent("sections")
            sections = try decoder.decodeSections(value, itemBudget: &itemBudget)
            sectionsListed = true
        } else if key == Wire.LayoutRegistration.items {
            try requireAbsent("items")
            sections = [FlowSection(listed: try decoder.decodeItems(value, itemBudget: &itemBudget))]
        } else if key == Wire.LayoutRegistration.itemCount {
            try requireAbsent("itemCount")
            sections = [FlowSection(items: .count(try value.count(maximum: itemBudget, limit: limits.maxItems, what: "items")))]
        } else { return false }
        return true
    }

    /// Sections, top-level `items` and `itemCount` are three spellings of one thing; only one may appear.
    private func requireAbsent(_ name: String) throws(RequestError) {
        if sections != nil {
            throw RequestError.invalid("Give only one of 'sections', 'items' and 'itemCount', not '\(name)' too.")
        }
    }

    /// The input, once every field is read: items sent as `{}` get the estimate of `layout`, which may
    /// have come after them (a compositional section's stay unmeasured, docs/flow-layout.md §23.7).
    /// `viewport` gives the viewport's length across the scroll axis and, when known, along it.
    func finish(
        viewport: (ScrollDirection) throws(RequestError) -> (across: Double, along: Double?)
    ) throws(RequestError) -> FlowLayoutInput {
        guard var sections else {
            throw RequestError.invalid("One of 'sections', 'items' or 'itemCount' is required.")
        }
        for index in sections.indices where sections[index].estimated != nil && settings.compositional(of: sections[index]) == nil {
            if sectionsListed {
                try within("sections") { () throws(RequestError) in
                    try within(String(index)) { () throws(RequestError) in try sections[index].estimate(with: settings.estimatedItemSize) }
                }
            } else {
                // Top-level `items` is section 0 spelled at the root: its pointer is already `/items/3`.
                try sections[index].estimate(with: settings.estimatedItemSize)
            }
        }
        try within("sections") { () throws(RequestError) in try LayoutRequestDecoder.refuseMasonry(in: sections, settings: settings) }
        try LayoutRequestDecoder.refuseCompositional(in: sections, settings: settings)
        let direction = settings.effectiveScrollDirection
        let lengths = try viewport(direction)
        var input = FlowLayoutInput(
            settings: settings, sections: sections, crossAxisLength: lengths.across,
            contentInset: contentInset, safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins)
        if input.hasCompositionalSections {
            // Compositional containers are the whole viewport (§23.2): its other length is needed too.
            guard let along = lengths.along else {
                let name = direction == .vertical ? "height" : "width"
                throw RequestError.invalid("'\(name)' is required: compositional sections resolve against the whole viewport.")
                    .under(name).under("viewport")
            }
            input.scrollAxisLength = along
        }
        return input
    }
}

/// The fields of one scroll position (or, on stored layouts, of a list of them).
struct ViewFields {
    typealias Bounds = (origin: Point?, size: Size)
    /// One bounds held inline, so the usual request (one view) makes no array; a list only when given.
    enum BoundsField {
        case one(Bounds)
        case list([Bounds])
    }
    var bounds: BoundsField?
    var scrollOffset: Point?
    var scale: Double?
    var layoutDirection = LayoutDirection.leftToRight
    var orthogonalOffsets: [OrthogonalOffset] = []
    /// Decoded last: it may read the content inset.
    var parallax: JSONValue?

    static let maxBoundsList = 240

    /// Takes `key` if it is a view field; `allowsList` admits a list of bounds, `allowsOffsets` the
    /// orthogonal offsets (a fling takes neither).
    mutating func consume(
        _ key: JSONKey, _ value: JSONValue, decoder: LayoutRequestDecoder, allowsList: Bool, allowsOffsets: Bool = true
    ) throws(RequestError) -> Bool {
        if key == Wire.LayoutRequest.bounds {
            if allowsList && value.isArray {
                guard value.arrayCount <= Self.maxBoundsList else {
                    throw RequestError.limit("At most \(Self.maxBoundsList) bounds are allowed in one request.")
                }
                var list: [Bounds] = []
                list.reserveCapacity(value.arrayCount)
                try value.forEachElement { (index, element) throws(RequestError) in
                    let one = try within(String(index)) { () throws(RequestError) in try decoder.decodeBounds(element) }
                    list.append(one)
                }
                bounds = .list(list)
            } else {
                bounds = .one(try decoder.decodeBounds(value))
            }
        } else if key == Wire.LayoutRequest.scrollOffset { scrollOffset = try decoder.decodePoint(value) }
        else if key == Wire.LayoutRequest.scale { scale = try decoder.decodeScale(value) }
        else if key == Wire.LayoutRequest.layoutDirection { layoutDirection = try value.choice(Wire.Words.layoutDirections) }
        else if key == Wire.LayoutRequest.parallax { parallax = value }
        else if allowsOffsets && key == Wire.LayoutRequest.orthogonalOffsets {
            orthogonalOffsets = try decoder.decodeOrthogonalOffsets(value)
        }
        else { return false }
        return true
    }

    /// The views the bounds describe (call once `bounds` is known to be given), the parallax and the
    /// carousel effect.
    func finish(contentInset: EdgeInsets, decoder: LayoutRequestDecoder) throws(RequestError)
        -> (views: ScrollRequest.Views, parallax: Parallax?, carousel: CarouselEffect?)
    {
        let views: ScrollRequest.Views
        switch bounds {
        case .one(let one)?:
            var origin = one.origin ?? .zero
            if let scrollOffset {
                if let given = one.origin, given != scrollOffset {
                    throw RequestError.invalid("'scrollOffset' differs from the origin of 'bounds'; give one of them.")
                        .under("scrollOffset")
                }
                origin = scrollOffset
            }
            views = .one(viewport(origin: origin, size: one.size, contentInset: contentInset))
        case .list(let list)?:
            if scrollOffset != nil {
                throw RequestError.invalid("'scrollOffset' cannot be combined with a list of bounds.").under("scrollOffset")
            }
            views = .list(list.map { viewport(origin: $0.origin ?? .zero, size: $0.size, contentInset: contentInset) })
        case nil:
            preconditionFailure("finish is called once bounds are known to be given")
        }
        let effects = try parallax.map { (value) throws(RequestError) in
            try within("parallax") { () throws(RequestError) in try decoder.decodeParallax(value, contentInset: contentInset) }
        }
        return (views, effects?.0, effects?.1)
    }

    private func viewport(origin: Point, size: Size, contentInset: EdgeInsets) -> Viewport {
        Viewport(bounds: Rect(origin: origin, size: size), contentInset: contentInset, scale: scale, layoutDirection: layoutDirection)
    }
}
