import FlowLayout
import WireKit

/// The usual scroll request, read in a few calls.
///
/// Nearly every scroll a view sends has one shape: plain `bounds`, perhaps `scale` and
/// `layoutDirection`, and a `center` or `cover` parallax with `maxOffset` and perhaps `clamp` and
/// `direction`; this reads it with a fraction of the code the full reading runs. Anything else, or
/// anything out of range, gives nil and is read (or explained) the full way; the two agree on every
/// body this one accepts (the names and choices both read are in `RequestFields`).
extension LayoutRequestDecoder {
    func plainScroll(_ root: JSONValue, contentInset: EdgeInsets) -> ScrollRequest? {
        guard let members = root.readMembers(RequestFields.View.self),
            let bounds = members[.bounds].flatMap(plainBounds)
        else { return nil }
        var scale: Double?
        if let member = members[.scale] {
            guard let value = member.double, limits.admitsScale(value) else { return nil }
            scale = value
        }
        var layoutDirection = LayoutDirection.leftToRight
        if let member = members[.layoutDirection] {
            guard let word = member.stringBytes, let direction = Wire.Words.layoutDirections.value(named: word)
            else { return nil }
            layoutDirection = direction
        }
        var parallax: Parallax?
        if let member = members[.parallax] {
            guard let cells = plainCellParallax(member) else { return nil }
            parallax = Parallax(cells: cells)
        }
        let viewport = Viewport(
            bounds: Rect(origin: bounds.origin ?? .zero, size: bounds.size), contentInset: contentInset, scale: scale,
            layoutDirection: layoutDirection)
        return ScrollRequest(views: .one(viewport), parallax: parallax)
    }

    /// `{"model": "center" | "cover", "maxOffset", "clamp"?, "direction"?}`.
    private func plainCellParallax(_ value: JSONValue) -> CellParallax? {
        guard let members = value.readMembers(RequestFields.CellParallax.self),
            let word = members[.model]?.stringBytes, let model = Wire.Words.cellModels.value(named: word),
            let maxOffset = members[.maxOffset]?.double, limits.admitsLength(maxOffset)
        else { return nil }
        var cells = CellParallax(model: .center, maxOffset: maxOffset)
        switch model {
        case .center: break
        case .cover: cells.model = .cover
        case .whatsAppImage, .tableCellImage: return nil
        }
        if let member = members[.clamp] {
            guard let clamp = member.bool else { return nil }
            cells.clamp = clamp
        }
        if let member = members[.direction] {
            guard let word = member.stringBytes, let direction = Wire.Words.cellDirections.value(named: word)
            else { return nil }
            cells.direction = direction
        }
        return cells
    }
}
