import FlowLayout

/// Maps a parsed request body onto engine inputs, validating every field against `Limits`.
struct LayoutRequestDecoder {
    let limits: Limits

    func decode(_ root: JSONValue) throws(RequestError) -> LayoutRequest {
        var bounds: (origin: Point?, size: Size)?
        var scrollOffset: Point?
        var contentInset = EdgeInsets.zero
        var safeAreaInsets = EdgeInsets.zero
        var layoutMargins = EdgeInsets.zero
        var scale: Double?
        var layoutDirection = LayoutDirection.leftToRight
        var settings = FlowLayoutSettings()
        var sections: [FlowSection]?
        var parallaxValue: JSONValue?
        var itemBudget = limits.maxItems

        try root.members { (key, value) throws(RequestError) in
            if key == "bounds" { bounds = try decodeBounds(value) }
            else if key == "scrollOffset" { scrollOffset = try decodePoint(value) }
            else if key == "contentInset" { contentInset = try value.insets(limits) }
            else if key == "safeAreaInsets" { safeAreaInsets = try value.insets(limits) }
            else if key == "layoutMargins" { layoutMargins = try value.insets(limits) }
            else if key == "scale" { scale = try decodeScale(value) }
            else if key == "layoutDirection" {
                layoutDirection = try value.choice(["leftToRight": .leftToRight, "rightToLeft": .rightToLeft])
            }
            else if key == "layout" { settings = try decodeSettings(value) }
            else if key == "sections" {
                try requireAbsent(sections, "sections")
                sections = try decodeSections(value, itemBudget: &itemBudget)
            } else if key == "items" {
                try requireAbsent(sections, "items")
                let (sizes, depths) = try decodeItems(value, itemBudget: &itemBudget)
                sections = [FlowSection(items: .sizes(sizes), parallaxDepths: depths)]
            } else if key == "itemCount" {
                try requireAbsent(sections, "itemCount")
                sections = [FlowSection(items: .count(try value.count(maximum: itemBudget, what: "items")))]
            } else if key == "parallax" { parallaxValue = value }
            else { return false }
            return true
        }

        // Parallax reads the content inset, which may come after it in the object.
        let parallax = try parallaxValue.map { (value) throws(RequestError) in
            try within("parallax") { () throws(RequestError) in try decodeParallax(value, contentInset: contentInset) }
        }
        guard let bounds else { throw RequestError.invalid("The field 'bounds' is required.").under("bounds") }
        guard let sections else {
            throw RequestError.invalid("One of 'sections', 'items' or 'itemCount' is required.")
        }
        var origin = bounds.origin ?? .zero
        if let scrollOffset {
            if let given = bounds.origin, given != scrollOffset {
                throw RequestError.invalid("'scrollOffset' differs from the origin of 'bounds'; give one of them.")
                    .under("scrollOffset")
            }
            origin = scrollOffset
        }
        let direction = settings.effectiveScrollDirection
        let input = FlowLayoutInput(
            settings: settings, sections: sections,
            crossAxisLength: direction == .vertical ? bounds.size.width : bounds.size.height,
            contentInset: contentInset, safeAreaInsets: safeAreaInsets, layoutMargins: layoutMargins)
        let viewport = Viewport(
            bounds: Rect(origin: origin, size: bounds.size), contentInset: contentInset, scale: scale,
            layoutDirection: layoutDirection)
        return LayoutRequest(input: input, viewport: viewport, parallax: parallax)
    }

    /// Sections, top-level `items` and `itemCount` are three spellings of one thing; only one may appear.
    private func requireAbsent(_ sections: [FlowSection]?, _ name: String) throws(RequestError) {
        if sections != nil {
            throw RequestError.invalid("Give only one of 'sections', 'items' and 'itemCount', not '\(name)' too.")
        }
    }

    private func decodeBounds(_ value: JSONValue) throws(RequestError) -> (origin: Point?, size: Size) {
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
        try value.members { (key, value) throws(RequestError) in
            if key == "x" { x = try value.number(limits) }
            else if key == "y" { y = try value.number(limits) }
            else if key == "width" { width = try value.length(limits) }
            else if key == "height" { height = try value.length(limits) }
            else { return false }
            return true
        }
        guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        let origin = x == nil && y == nil ? nil : Point(x: x ?? 0, y: y ?? 0)
        return (origin, Size(width: width, height: height))
    }

    private func decodePoint(_ value: JSONValue) throws(RequestError) -> Point {
        var point = Point.zero
        try value.members { (key, value) throws(RequestError) in
            if key == "x" { point.x = try value.number(limits) }
            else if key == "y" { point.y = try value.number(limits) }
            else { return false }
            return true
        }
        return point
    }

    private func decodeScale(_ value: JSONValue) throws(RequestError) -> Double {
        let scale = try value.number(limits)
        guard scale > 0, scale <= limits.maxScale else {
            throw .invalid("'scale' must be greater than 0 and at most \(Int(limits.maxScale)), got \(scale).")
        }
        return scale
    }

    private func decodeSettings(_ value: JSONValue) throws(RequestError) -> FlowLayoutSettings {
        var settings = FlowLayoutSettings()
        var css = CSSFlexLayout()
        var isCSS = false
        // Fields of the other mode than the one chosen are refused rather than silently ignored.
        var flowOnly: String?
        var cssOnly: String?
        try value.members { (key, value) throws(RequestError) in
            if key == "mode" {
                isCSS = try value.choice(["flow": false, "css": true])
                return true
            }
            if try decodeCommonSetting(key, value, into: &settings) { return true }
            if try decodeFlowSetting(key, value, into: &settings) {
                flowOnly = flowOnly ?? key.string
                return true
            }
            if try decodeCSSSetting(key, value, into: &css) {
                cssOnly = cssOnly ?? key.string
                return true
            }
            return false
        }
        if isCSS, let flowOnly {
            throw RequestError.invalid("'\(flowOnly)' belongs to the flow mode; CSS mode uses its own keywords.").under(flowOnly)
        }
        if !isCSS, let cssOnly {
            throw RequestError.invalid("'\(cssOnly)' needs \"mode\": \"css\".").under(cssOnly)
        }
        if isCSS { settings.css = css }
        return settings
    }

    /// Settings both modes read.
    private func decodeCommonSetting(_ key: JSONKey, _ value: JSONValue, into settings: inout FlowLayoutSettings) throws(RequestError) -> Bool {
        if key == "itemSize" { settings.itemSize = try value.size(limits, requireBoth: true) }
        else if key == "headerReferenceSize" { settings.headerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == "footerReferenceSize" { settings.footerReferenceSize = try value.size(limits, requireBoth: false) }
        else if key == "sectionHeadersPinToVisibleBounds" { settings.sectionHeadersPinToVisibleBounds = try value.boolean() }
        else if key == "sectionFootersPinToVisibleBounds" { settings.sectionFootersPinToVisibleBounds = try value.boolean() }
        else { return false }
        return true
    }

    /// UICollectionViewFlowLayout's own properties and the aligned-flow extensions.
    private func decodeFlowSetting(_ key: JSONKey, _ value: JSONValue, into settings: inout FlowLayoutSettings) throws(RequestError) -> Bool {
        if key == "scrollDirection" {
            settings.scrollDirection = try value.choice(["vertical": .vertical, "horizontal": .horizontal])
        } else if key == "minimumLineSpacing" { settings.minimumLineSpacing = try value.number(limits) }
        else if key == "minimumInteritemSpacing" { settings.minimumInteritemSpacing = try value.number(limits) }
        else if key == "sectionInset" { settings.sectionInset = try value.insets(limits) }
        else if key == "sectionInsetReference" {
            settings.sectionInsetReference = try value.choice([
                "contentInset": .contentInset, "safeArea": .safeArea, "layoutMargins": .layoutMargins,
            ])
        } else if key == "lineAlignment" {
            settings.lineAlignment = try value.choice([
                "leading": .leading, "center": .center, "trailing": .trailing, "justified": .justified,
            ])
        } else if key == "crossAlignment" {
            settings.crossAlignment = try value.choice(["start": .start, "center": .center, "end": .end])
        } else { return false }
        return true
    }

    /// The CSS flexbox keywords of `"mode": "css"`.
    private func decodeCSSSetting(_ key: JSONKey, _ value: JSONValue, into css: inout CSSFlexLayout) throws(RequestError) -> Bool {
        if key == "flexDirection" { css.flexDirection = try value.choice(["row": .row, "column": .column]) }
        else if key == "justifyContent" {
            css.justifyContent = try value.choice([
                "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
                "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
            ])
        } else if key == "alignItems" {
            css.alignItems = try value.choice([
                "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd, "stretch": .stretch,
            ])
        } else if key == "alignContent" {
            css.alignContent = try value.choice([
                "normal": .normal, "flex-start": .flexStart, "center": .center, "flex-end": .flexEnd,
                "space-between": .spaceBetween, "space-around": .spaceAround, "space-evenly": .spaceEvenly,
                "stretch": .stretch,
            ])
        } else if key == "rowGap" { css.rowGap = try value.length(limits) }
        else if key == "columnGap" { css.columnGap = try value.length(limits) }
        else if key == "padding" { css.padding = try value.insets(limits) }
        else if key == "crossSize" { css.crossSize = try value.length(limits) }
        else { return false }
        return true
    }

    private func decodeSections(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> [FlowSection] {
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
            if key == "items" || key == "itemCount" {
                if hasItems { throw RequestError.invalid("Give either 'items' or 'itemCount', not both.") }
                hasItems = true
                if key == "items" {
                    let (sizes, depths) = try decodeItems(value, itemBudget: &itemBudget)
                    section.items = .sizes(sizes)
                    section.parallaxDepths = depths
                } else {
                    let count = try value.count(maximum: itemBudget, what: "items in all")
                    itemBudget -= count
                    section.items = .count(count)
                }
            } else if key == "sectionInset" { section.sectionInset = try value.insets(limits) }
            else if key == "minimumLineSpacing" { section.minimumLineSpacing = try value.number(limits) }
            else if key == "minimumInteritemSpacing" { section.minimumInteritemSpacing = try value.number(limits) }
            else if key == "headerReferenceSize" { section.headerReferenceSize = try value.size(limits, requireBoth: false) }
            else if key == "footerReferenceSize" { section.footerReferenceSize = try value.size(limits, requireBoth: false) }
            else { return false }
            return true
        }
        if !hasItems { throw RequestError.invalid("One of 'items' or 'itemCount' is required.") }
        return section
    }

    /// Item sizes, and their own parallax depths when any item gives `maxOffset`.
    private func decodeItems(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> (sizes: [Size], depths: [Double]?) {
        let array = try value.array()
        let count = array.arrayCount
        guard count <= itemBudget else {
            throw .limit("At most \(limits.maxItems) items are allowed in one request.")
        }
        itemBudget -= count
        var sizes: [Size] = []
        sizes.reserveCapacity(count)
        var depths: [Double]?
        try array.forEachElement { (index, element) throws(RequestError) in
            try within(String(index)) { () throws(RequestError) in
                var width: Double?
                var height: Double?
                try element.members { (key, value) throws(RequestError) in
                    if key == "width" { width = try value.length(limits) }
                    else if key == "height" { height = try value.length(limits) }
                    else if key == "maxOffset" {
                        if depths == nil { depths = Array(repeating: .nan, count: count) }
                        depths![index] = try value.length(limits)
                    } else { return false }
                    return true
                }
                guard let width else { throw RequestError.invalid("The field 'width' is required.").under("width") }
                guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
                sizes.append(Size(width: width, height: height))
            }
        }
        return (sizes, depths)
    }

    private func decodeParallax(_ value: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> Parallax {
        enum Model { case center, cover, whatsAppImage, tableCellImage }
        var model: Model?
        var maxOffset: Double?
        var clamp: Bool?
        var direction: CellParallax.Direction?
        var insets: EdgeInsets?
        var targetInset: EdgeInsets?
        var imageOverflow: Double?
        var factor: Double?
        var parallax = Parallax()
        try value.members { (key, value) throws(RequestError) in
            if key == "model" {
                model = try value.choice([
                    "center": .center, "cover": .cover, "whatsAppImage": .whatsAppImage, "tableCellImage": .tableCellImage,
                ])
            } else if key == "maxOffset" { maxOffset = try value.length(limits) }
            else if key == "clamp" { clamp = try value.boolean() }
            else if key == "direction" { direction = try value.choice(["natural": .natural, "reverse": .reverse]) }
            else if key == "insets" {
                // "contentInset" takes the request's own content inset (bars the content scrolls under).
                if value.stringBytes != nil {
                    insets = try value.choice(["contentInset": contentInset])
                } else {
                    insets = try value.insets(limits)
                }
            } else if key == "targetInset" { targetInset = try value.insets(limits) }
            else if key == "imageOverflow" { imageOverflow = try value.length(limits) }
            else if key == "factor" { factor = try value.length(limits) }
            else if key == "stretchHeader" { parallax.stretchHeader = try decodeStretchHeader(value) }
            else if key == "backgrounds" { parallax.backgrounds = try decodeBackgrounds(value) }
            else { return false }
            return true
        }
        guard let model else {
            if parallax.stretchHeader == nil && parallax.backgrounds.isEmpty {
                throw RequestError.invalid("Give a cell 'model', a 'stretchHeader' or 'backgrounds'.").under("model")
            }
            return parallax
        }
        /// A field that the chosen model fixes or does not read.
        func refuse(_ present: Bool, _ name: String, _ why: String) throws(RequestError) {
            if present { throw RequestError.invalid("'\(name)' \(why).").under(name) }
        }
        switch model {
        case .center, .cover:
            guard let maxOffset else { throw RequestError.invalid("The field 'maxOffset' is required.").under("maxOffset") }
            try refuse(imageOverflow != nil, "imageOverflow", "belongs to the whatsAppImage preset")
            try refuse(factor != nil, "factor", "belongs to the tableCellImage preset")
            if model == .center {
                try refuse(insets != nil, "insets", "is read by the cover model only")
                try refuse(targetInset != nil, "targetInset", "is read by the cover model only")
            }
            parallax.cells = CellParallax(
                model: model == .center ? .center : .cover, maxOffset: maxOffset, clamp: clamp ?? false,
                direction: direction ?? .natural, insets: insets ?? .zero, targetInset: targetInset ?? .zero)
        case .whatsAppImage:
            guard let imageOverflow else {
                throw RequestError.invalid("The whatsAppImage preset needs 'imageOverflow'.").under("imageOverflow")
            }
            try refuse(maxOffset != nil, "maxOffset", "is fixed by the preset (imageOverflow / 2)")
            try refuse(clamp != nil, "clamp", "is fixed by the preset")
            try refuse(direction != nil, "direction", "is fixed by the preset")
            try refuse(factor != nil, "factor", "belongs to the tableCellImage preset")
            parallax.cells = .whatsAppImage(imageOverflow: imageOverflow, insets: insets ?? .zero, targetInset: targetInset ?? .zero)
        case .tableCellImage:
            guard let factor else { throw RequestError.invalid("The tableCellImage preset needs 'factor'.").under("factor") }
            try refuse(maxOffset != nil, "maxOffset", "is fixed by the preset (factor)")
            try refuse(clamp != nil, "clamp", "is fixed by the preset")
            try refuse(direction != nil, "direction", "is fixed by the preset")
            try refuse(imageOverflow != nil, "imageOverflow", "belongs to the whatsAppImage preset")
            try refuse(targetInset != nil, "targetInset", "is not read by the preset")
            parallax.cells = .tableCellImage(factor: factor, insets: insets ?? .zero)
        }
        return parallax
    }

    private func decodeStretchHeader(_ value: JSONValue) throws(RequestError) -> StretchHeader {
        var height: Double?
        var factor = 2.0
        try value.members { (key, value) throws(RequestError) in
            if key == "height" { height = try value.length(limits) }
            else if key == "factor" {
                factor = try value.number(limits)
                guard factor > 0 else { throw RequestError.invalid("'factor' must be positive, got \(factor).") }
            } else { return false }
            return true
        }
        guard let height else { throw RequestError.invalid("The field 'height' is required.").under("height") }
        return StretchHeader(height: height, factor: factor)
    }

    private func decodeBackgrounds(_ value: JSONValue) throws(RequestError) -> [BackgroundLayer] {
        let array = try value.array()
        guard array.arrayCount <= Self.maxBackgroundLayers else {
            throw .limit("At most \(Self.maxBackgroundLayers) background layers are allowed.")
        }
        var layers: [BackgroundLayer] = []
        try array.forEachElement { (index, element) throws(RequestError) in
            let layer = try within(String(index)) { () throws(RequestError) in
                var position: Double?
                var length: Double?
                var layer = BackgroundLayer(position: 0, length: 0)
                try element.members { (key, value) throws(RequestError) in
                    if key == "position" { position = try value.number(limits) }
                    else if key == "length" { length = try value.length(limits) }
                    else if key == "rate" { layer.rate = try value.number(limits) }
                    else if key == "overscrollRate" { layer.overscrollRate = try value.number(limits) }
                    else { return false }
                    return true
                }
                guard let position else { throw RequestError.invalid("The field 'position' is required.").under("position") }
                guard let length else { throw RequestError.invalid("The field 'length' is required.").under("length") }
                layer.position = position
                layer.length = length
                return layer
            }
            layers.append(layer)
        }
        return layers
    }

    static let maxBackgroundLayers = 16
}
