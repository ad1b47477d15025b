import FlowLayout
import WireKit

/// `parallax`: the cell model or preset, the stretchy header and the background layers.
extension LayoutRequestDecoder {
    /// The parallax and, beside it, the carousel effect (`carousel`): kept out of `Parallax`, which the
    /// scroll's hot path copies and which stays as small as it was.
    func decodeParallax(_ value: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> (Parallax, CarouselEffect?) {
        var model: RequestFields.CellModel?
        var maxOffset: Double?
        var clamp: Bool?
        var direction: CellParallax.Direction?
        var insets: EdgeInsets?
        var targetInset: EdgeInsets?
        var imageOverflow: Double?
        var factor: Double?
        // Plain locals, the `Parallax` made once at the end, so the closure below never copies one.
        var stretchHeader: StretchHeader?
        var backgrounds: [BackgroundLayer] = []
        var carousel: CarouselEffect?
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.Parallax.model { model = try value.choice(Wire.Words.cellModels) }
            else if key == Wire.Parallax.maxOffset { maxOffset = try value.length(limits) }
            else if key == Wire.Parallax.clamp { clamp = try value.boolean() }
            else if key == Wire.Parallax.direction { direction = try value.choice(Wire.Words.cellDirections) }
            else if key == Wire.Parallax.insets {
                // "contentInset" takes the request's own content inset (bars the content scrolls under).
                if value.stringBytes != nil {
                    _ = try value.choice(Wire.Words.parallaxInsets)
                    insets = contentInset
                } else {
                    insets = try value.insets(limits)
                }
            } else if key == Wire.Parallax.targetInset { targetInset = try value.insets(limits) }
            else if key == Wire.Parallax.imageOverflow { imageOverflow = try value.length(limits) }
            else if key == Wire.Parallax.factor { factor = try value.length(limits) }
            else if key == Wire.Parallax.stretchHeader { stretchHeader = try decodeStretchHeader(value) }
            else if key == Wire.Parallax.backgrounds { backgrounds = try decodeBackgrounds(value) }
            else if key == Wire.Parallax.carousel { carousel = try decodeCarouselEffect(value) }
            else { return false }
            return true
        }
        guard let model else {
            if stretchHeader == nil && backgrounds.isEmpty && carousel == nil {
                throw RequestError.invalid("Give a cell 'model', a 'stretchHeader', 'backgrounds' or a 'carousel' effect.").under("model")
            }
            let cellFields: [(Bool, String)] = [
                (maxOffset != nil, "maxOffset"), (clamp != nil, "clamp"), (direction != nil, "direction"),
                (insets != nil, "insets"), (targetInset != nil, "targetInset"),
                (imageOverflow != nil, "imageOverflow"), (factor != nil, "factor"),
            ]
            if let (_, name) = cellFields.first(where: { $0.0 }) {
                throw RequestError.invalid("'\(name)' configures a cell model; give 'model' too.").under(name)
            }
            return (Parallax(stretchHeader: stretchHeader, backgrounds: backgrounds), carousel)
        }
        /// A field that the chosen model fixes or does not read.
        func refuse(_ present: Bool, _ name: String, _ why: String) throws(RequestError) {
            if present { throw RequestError.invalid("'\(name)' \(why).").under(name) }
        }
        let cells: CellParallax
        switch model {
        case .center, .cover:
            guard let maxOffset else { throw RequestError.invalid("The field 'maxOffset' is required.").under("maxOffset") }
            try refuse(imageOverflow != nil, "imageOverflow", "belongs to the whatsAppImage preset")
            try refuse(factor != nil, "factor", "belongs to the tableCellImage preset")
            if model == .center {
                try refuse(insets != nil, "insets", "is read by the cover model only")
                try refuse(targetInset != nil, "targetInset", "is read by the cover model only")
            }
            cells = CellParallax(
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
            cells = .whatsAppImage(imageOverflow: imageOverflow, insets: insets ?? .zero, targetInset: targetInset ?? .zero)
        case .tableCellImage:
            guard let factor else { throw RequestError.invalid("The tableCellImage preset needs 'factor'.").under("factor") }
            try refuse(maxOffset != nil, "maxOffset", "is fixed by the preset (factor)")
            try refuse(clamp != nil, "clamp", "is fixed by the preset")
            try refuse(direction != nil, "direction", "is fixed by the preset")
            try refuse(imageOverflow != nil, "imageOverflow", "belongs to the whatsAppImage preset")
            try refuse(targetInset != nil, "targetInset", "is not read by the preset")
            cells = .tableCellImage(factor: factor, insets: insets ?? .zero)
        }
        return (Parallax(cells: cells, stretchHeader: stretchHeader, backgrounds: backgrounds), carousel)
    }

    /// `carousel`: `{minScale, minAlpha}`, each in 0…1.
    private func decodeCarouselEffect(_ value: JSONValue) throws(RequestError) -> CarouselEffect {
        var minScale: Double?
        var minAlpha: Double?
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.CarouselEffect.minScale { minScale = try value.fraction() }
            else if key == Wire.CarouselEffect.minAlpha { minAlpha = try value.fraction() }
            else { return false }
            return true
        }
        guard let minScale else { throw RequestError.invalid("The field 'minScale' is required.").under("minScale") }
        guard let minAlpha else { throw RequestError.invalid("The field 'minAlpha' is required.").under("minAlpha") }
        return CarouselEffect(minScale: minScale, minAlpha: minAlpha)
    }

    private func decodeStretchHeader(_ value: JSONValue) throws(RequestError) -> StretchHeader {
        var height: Double?
        var factor = 2.0
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.StretchHeader.height { height = try value.length(limits) }
            else if key == Wire.StretchHeader.factor {
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
                    if key == Wire.BackgroundLayer.position { position = try value.number(limits) }
                    else if key == Wire.BackgroundLayer.length { length = try value.length(limits) }
                    else if key == Wire.BackgroundLayer.rate { layer.rate = try value.number(limits) }
                    else if key == Wire.BackgroundLayer.overscrollRate { layer.overscrollRate = try value.number(limits) }
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
