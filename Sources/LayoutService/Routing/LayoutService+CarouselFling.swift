import FlowLayout
import WireKit

/// Carousel flings on stored layouts (docs/flow-layout.md §23.15): where an orthogonal section's
/// offset comes to rest by its behaviour, and its offset at every display frame on the way.
extension LayoutService {
    /// `POST /v1/layouts/{id}/fling` with `section`: the section's projected and target offsets and
    /// the duration; with `frameRate`, its offset at each frame; with `attributes` too, each frame's
    /// attributes, the view's bounds still and the section at that offset.
    func carouselFling(_ layout: ResolvedLayout, _ asked: FlingRequest, carousel: OrthogonalOffset, etag: EntityTag) throws(Problem)
        -> ServiceResponse
    {
        let base = layout.base
        guard let fling = base.carouselFling(
            section: carousel.section, offset: carousel.offset, velocity: asked.velocity.x, deceleration: asked.deceleration)
        else {
            throw RequestError.invalid(
                "Section \(carousel.section) is not an orthogonal compositional section of this layout: only those fling sideways."
            ).under("section").problem
        }
        var offsets: [Double] = []
        if let frameRate = asked.frameRate {
            let count = fling.curve.frameCount(frameRate: frameRate)
            let limit = configuration.limits.maxFlingFrames
            guard count <= Double(limit) else {
                throw Self.tooManyFrames(duration: fling.curve.duration, frameRate: frameRate, count: count, limit: limit)
            }
            offsets = (0..<Int(count)).map { fling.curve.frame($0, frameRate: frameRate).x }
        }
        let frames: CarouselFlingAnswer.Frames? = asked.frameRate == nil ? nil
            : asked.attributes ? .views(ViewSequence(
                base: base, viewports: Array(repeating: asked.viewport, count: offsets.count), parallax: asked.parallax,
                carouselEffect: asked.carouselEffect, band: false,
                limit: configuration.limits.maxAnswerAttributes, carousel: (carousel.section, offsets)))
            : .offsets(offsets)
        let answer = CarouselFlingAnswer(
            layoutId: layout.id, contentSize: base.contentSize, section: carousel.section, fling: fling, frames: frames)
        var response = try ServiceResponse.json(200, answer, etag: etag)
        response.cacheHit = true
        return response
    }
}
