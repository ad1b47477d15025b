import FlowLayout
import WireKit

/// `POST /v1/layouts/{id}/fling`: the view's fields (`bounds`, `scale`, `layoutDirection`, `parallax`,
/// read as a scroll reads them, one bounds only), and `velocity`, `decelerationRate`, `snap`,
/// `frameRate`, `attributes`; a carousel's `section` and `offset`.
extension LayoutRequestDecoder {
    func decodeFling(_ root: JSONValue, contentInset: EdgeInsets) throws(RequestError) -> FlingRequest {
        var view = ViewFields()
        var velocity: Point?
        var deceleration = Deceleration.normal
        var snap = FlingSnap.none
        var frameRate: Int?
        var attributes = false
        var snapGiven = false
        var section: Int?
        var offset: Double?
        try root.members { (key, value) throws(RequestError) in
            if key == Wire.FlingRequest.velocity { velocity = try decodePoint(value) }
            else if key == Wire.FlingRequest.decelerationRate { deceleration = try decodeDecelerationRate(value) }
            else if key == Wire.FlingRequest.snap { (snap, snapGiven) = (try value.choice(Wire.Words.snaps), true) }
            else if key == Wire.FlingRequest.frameRate { frameRate = try decodeFrameRate(value) }
            else if key == Wire.FlingRequest.attributes { attributes = try value.boolean() }
            else if key == Wire.FlingRequest.section { section = try value.index() }
            else if key == Wire.FlingRequest.offset { offset = try value.number(limits) }
            else { return try view.consume(key, value, decoder: self, allowsList: false, allowsOffsets: false) }
            return true
        }
        guard view.bounds != nil else { throw RequestError.invalid("The field 'bounds' is required.").under("bounds") }
        guard let velocity else {
            throw RequestError.invalid("The field 'velocity' (points per second) is required.").under("velocity")
        }
        if attributes && frameRate == nil {
            throw RequestError.invalid("'attributes' lists the attributes of each frame: give 'frameRate' (60 or 120) too.")
                .under("attributes")
        }
        if section != nil && snapGiven {
            throw RequestError.invalid("A carousel comes to rest by its section's 'orthogonalScrolling'; leave 'snap' out.").under("snap")
        }
        if section != nil && offset == nil {
            throw RequestError.invalid("A carousel fling starts from the section's 'offset': give it.").under("offset")
        }
        if section == nil && offset != nil {
            throw RequestError.invalid("'offset' is a carousel's: give its 'section' too.").under("offset")
        }
        let (views, parallax, carouselEffect) = try view.finish(contentInset: contentInset, decoder: self)
        guard case .one(let viewport) = views else { preconditionFailure("one bounds gives one view") }
        return FlingRequest(
            viewport: viewport, velocity: velocity, deceleration: deceleration, snap: snap, frameRate: frameRate,
            attributes: attributes, parallax: parallax, carouselEffect: carouselEffect, carousel: section.map { OrthogonalOffset(section: $0, offset: offset ?? 0) })
    }

    /// `normal`, `fast`, or a rate per millisecond strictly between 0 and 1.
    private func decodeDecelerationRate(_ value: JSONValue) throws(RequestError) -> Deceleration {
        if value.stringBytes != nil { return try value.choice(Wire.Words.decelerationRates) }
        guard let rate = value.double else {
            throw .invalid("Expected 'normal', 'fast' or a number between 0 and 1, got \(value.typeName).")
        }
        guard let deceleration = Deceleration(rate: rate) else {
            throw .invalid("A deceleration rate is per millisecond, strictly between 0 and 1; got \(JSONWriter.spelling(rate)).")
        }
        return deceleration
    }

    /// The display's refresh rate: 60 or 120 frames a second.
    private func decodeFrameRate(_ value: JSONValue) throws(RequestError) -> Int {
        guard let rate = value.double else { throw .invalid("Expected 60 or 120, got \(value.typeName).") }
        guard rate == 60 || rate == 120 else { throw .invalid("Expected 60 or 120 frames a second, got \(JSONWriter.spelling(rate)).") }
        return Int(rate)
    }
}
