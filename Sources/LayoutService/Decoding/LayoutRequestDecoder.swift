import FlowLayout

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
        guard let bounds = view.bounds.first else {
            throw RequestError.invalid("The field 'bounds' is required.").under("bounds")
        }
        let input = try description.finish(crossAxisLength: { direction in
            direction == .vertical ? bounds.size.width : bounds.size.height
        })
        let (viewports, parallax) = try view.finish(contentInset: input.contentInset, decoder: self)
        return LayoutRequest(input: input, viewport: viewports[0], parallax: parallax)
    }

    /// `POST /v1/layouts`: the description, with the viewport's size across the scroll axis in `viewport`.
    func decodeRegistration(_ root: JSONValue) throws(RequestError) -> FlowLayoutInput {
        var description = DescriptionFields(limits: limits)
        var viewport: (width: Double?, height: Double?)?
        try root.members { (key, value) throws(RequestError) in
            if try description.consume(key, value, decoder: self) { return true }
            guard key == "viewport" else { return false }
            var size: (width: Double?, height: Double?) = (nil, nil)
            try value.members { (key, value) throws(RequestError) in
                if key == "width" { size.width = try value.length(limits) }
                else if key == "height" { size.height = try value.length(limits) }
                else { return false }
                return true
            }
            viewport = size
            return true
        }
        guard let viewport else {
            throw RequestError.invalid("The field 'viewport' (the viewport's size) is required.").under("viewport")
        }
        return try description.finish(crossAxisLength: { (direction) throws(RequestError) in
            let name = direction == .vertical ? "width" : "height"
            guard let length = direction == .vertical ? viewport.width : viewport.height else {
                throw RequestError.invalid("'\(name)' is required: the base layout depends on it.").under(name).under("viewport")
            }
            return length
        })
    }

    /// `POST /v1/layouts/{id}/attributes`: one view or a list of bounds, on a stored layout.
    func decodeScroll(_ root: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> ScrollRequest {
        var view = ViewFields()
        try root.members { (key, value) throws(RequestError) in
            try view.consume(key, value, decoder: self, allowsList: true)
        }
        guard !view.bounds.isEmpty || view.boundsIsList else {
            throw RequestError.invalid("The field 'bounds' is required.").under("bounds")
        }
        let (viewports, parallax) = try view.finish(contentInset: contentInset, decoder: self)
        return ScrollRequest(viewports: viewports, isList: view.boundsIsList, parallax: parallax)
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
    var itemBudget: Int

    init(limits: Limits) {
        self.limits = limits
        self.itemBudget = limits.maxItems
    }

    /// Takes `key` if it is a description field.
    mutating func consume(_ key: JSONKey, _ value: JSONValue, decoder: LayoutRequestDecoder) throws(RequestError) -> Bool {
        if key == "contentInset" { contentInset = try value.insets(limits) }
        else if key == "safeAreaInsets" { safeAreaInsets = try value.insets(limits) }
        else if key == "layoutMargins" { layoutMargins = try value.insets(limits) }
        else if key == "layout" { settings = try decoder.decodeSettings(value) }
        else if key == "sections" {
            try requireAbsent("sections")
            sections = try decoder.decodeSections(value, itemBudget: &itemBudget)
        } else if key == "items" {
            try requireAbsent("items")
            let (sizes, depths) = try decoder.decodeItems(value, itemBudget: &itemBudget)
            sections = [FlowSection(items: .sizes(sizes), parallaxDepths: depths)]
        } else if key == "itemCount" {
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

    func finish(crossAxisLength: (ScrollDirection) throws(RequestError) -> Double) throws(RequestError) -> FlowLayoutInput {
        guard let sections else {
            throw RequestError.invalid("One of 'sections', 'items' or 'itemCount' is required.")
        }
        return FlowLayoutInput(
            settings: settings, sections: sections, crossAxisLength: try crossAxisLength(settings.effectiveScrollDirection),
            contentInset: contentInset, safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins)
    }
}

/// The fields of one scroll position (or, on stored layouts, of a list of them).
struct ViewFields {
    var bounds: [(origin: Point?, size: Size)] = []
    var boundsIsList = false
    var scrollOffset: Point?
    var scale: Double?
    var layoutDirection = LayoutDirection.leftToRight
    /// Decoded last: it may read the content inset.
    var parallax: JSONValue?

    static let maxBoundsList = 240

    mutating func consume(_ key: JSONKey, _ value: JSONValue, decoder: LayoutRequestDecoder, allowsList: Bool) throws(RequestError) -> Bool {
        if key == "bounds" {
            if allowsList && value.isArray {
                guard value.arrayCount <= Self.maxBoundsList else {
                    throw RequestError.limit("At most \(Self.maxBoundsList) bounds are allowed in one request.")
                }
                boundsIsList = true
                try value.forEachElement { (index, element) throws(RequestError) in
                    let one = try within(String(index)) { () throws(RequestError) in try decoder.decodeBounds(element) }
                    bounds.append(one)
                }
            } else {
                bounds = [try decoder.decodeBounds(value)]
            }
        } else if key == "scrollOffset" { scrollOffset = try decoder.decodePoint(value) }
        else if key == "scale" { scale = try decoder.decodeScale(value) }
        else if key == "layoutDirection" {
            layoutDirection = try value.choice(["leftToRight": .leftToRight, "rightToLeft": .rightToLeft])
        } else if key == "parallax" { parallax = value }
        else { return false }
        return true
    }

    func finish(contentInset: EdgeInsets, decoder: LayoutRequestDecoder) throws(RequestError) -> (viewports: [Viewport], parallax: Parallax?) {
        if scrollOffset != nil && boundsIsList {
            throw RequestError.invalid("'scrollOffset' cannot be combined with a list of bounds.").under("scrollOffset")
        }
        var viewports: [Viewport] = []
        viewports.reserveCapacity(bounds.count)
        for one in bounds {
            var origin = one.origin ?? .zero
            if let scrollOffset {
                if let given = one.origin, given != scrollOffset {
                    throw RequestError.invalid("'scrollOffset' differs from the origin of 'bounds'; give one of them.")
                        .under("scrollOffset")
                }
                origin = scrollOffset
            }
            viewports.append(Viewport(
                bounds: Rect(origin: origin, size: one.size), contentInset: contentInset, scale: scale,
                layoutDirection: layoutDirection))
        }
        let parallax = try parallax.map { (value) throws(RequestError) in
            try within("parallax") { () throws(RequestError) in try decoder.decodeParallax(value, contentInset: contentInset) }
        }
        return (viewports, parallax)
    }
}
