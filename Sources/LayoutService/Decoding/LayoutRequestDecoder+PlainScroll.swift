import FlowLayout

/// The usual scroll request, read in a few calls.
///
/// Nearly every scroll a view sends has one shape: plain `bounds`, perhaps `scale` and
/// `layoutDirection`, and a `center` or `cover` parallax with `maxOffset` and perhaps `clamp` and
/// `direction`. The full reading walks each object member by member through closures that know every
/// field and every message; over HTTP the code a request runs costs more than its instructions (see
/// BENCHMARKS.md, "What the ratio follows"), and this path runs less than half as much of it.
/// Anything else, or anything out of range, gives nil and is read (or explained) the full way; the two
/// agree on every body this one accepts.
extension LayoutRequestDecoder {
    func plainScroll(_ root: JSONValue, contentInset: EdgeInsets) -> ScrollRequest? {
        guard let members = root.readMembers("bounds\u{0}scale\u{0}layoutDirection\u{0}parallax\u{0}", count: 4),
            let bounds = members[0].flatMap(plainBounds)
        else { return nil }
        var scale: Double?
        if let member = members[1] {
            guard let value = member.double, limits.admitsScale(value) else { return nil }
            scale = value
        }
        var layoutDirection = LayoutDirection.leftToRight
        if let member = members[2] {
            guard let name = member.stringBytes.map(JSONKey.init) else { return nil }
            if name == "rightToLeft" { layoutDirection = .rightToLeft } else if !(name == "leftToRight") { return nil }
        }
        var parallax: Parallax?
        if let member = members[3] {
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
        guard let members = value.readMembers("model\u{0}maxOffset\u{0}clamp\u{0}direction\u{0}", count: 4),
            let model = members[0]?.stringBytes.map(JSONKey.init),
            let maxOffset = members[1]?.double, limits.admitsLength(maxOffset)
        else { return nil }
        var cells = CellParallax(model: .center, maxOffset: maxOffset)
        if model == "cover" { cells.model = .cover } else if !(model == "center") { return nil }
        if let member = members[2] {
            guard let clamp = member.bool else { return nil }
            cells.clamp = clamp
        }
        if let member = members[3] {
            guard let direction = member.stringBytes.map(JSONKey.init) else { return nil }
            if direction == "reverse" { cells.direction = .reverse } else if !(direction == "natural") { return nil }
        }
        return cells
    }
}
