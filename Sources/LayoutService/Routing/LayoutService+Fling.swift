import FlowLayout
import WireKit

/// Flings on stored layouts (docs/flow-layout.md §21): where UIKit's deceleration takes the view,
/// snapped, and every display frame on the way with its attributes when asked.
extension LayoutService {
    /// `POST /v1/layouts/{id}/fling`: the projected and target offsets and the duration; with
    /// `frameRate`, the bounds of each frame from now to the target; with `attributes` too, each
    /// frame's attributes, written as a scroll's `results` are.
    func fling(_ layout: ResolvedLayout, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let (id, base) = (layout.id, layout.base)
        // The closure captures the inset alone, not the layout (a reference to count).
        let contentInset = base.contentInset
        let asked = try decodeBody(request) { (root) throws(RequestError) in try decoder.decodeFling(root, contentInset: contentInset) }
        let etag = EntityTag(layout: id, body: request.body)
        if let carousel = asked.carousel { return try carouselFling(layout, asked, carousel: carousel, etag: etag) }
        // A masonry section has no lines to snap to (docs/flow-layout.md §22.6).
        if asked.snap == .line, base.hasMasonrySections {
            throw RequestError.invalid("'line' snaps to lines, and masonry sections have none: snap to 'item' instead.").under("snap").problem
        }
        let fling = base.fling(asked.viewport, velocity: asked.velocity, deceleration: asked.deceleration, snap: asked.snap)
        var frames: [Viewport] = []
        if let frameRate = asked.frameRate {
            let count = fling.curve.frameCount(frameRate: frameRate)
            let limit = configuration.limits.maxFlingFrames
            guard count <= Double(limit) else {
                throw Self.tooManyFrames(duration: fling.curve.duration, frameRate: frameRate, count: count, limit: limit)
            }
            frames = (0..<Int(count)).map { frame in
                var viewport = asked.viewport
                viewport.bounds.origin = fling.curve.frame(frame, frameRate: frameRate)
                return viewport
            }
        }
        let listed: FlingAnswer.Frames? = asked.frameRate == nil ? nil
            : asked.attributes ? .views(ViewSequence(
                base: base, viewports: frames, parallax: asked.parallax, carouselEffect: asked.carouselEffect, band: false,
                limit: configuration.limits.maxAnswerAttributes))
            : .bounds(frames)
        let answer = FlingAnswer(layoutId: id, contentSize: base.contentSize, fling: fling, frames: listed)
        var response = try ServiceResponse.json(200, answer, etag: etag)
        response.cacheHit = true
        return response
    }

    /// A fling (`duration` in milliseconds) longer than one answer's frames: refused whole, since its last frame is the target.
    static func tooManyFrames(duration: Double, frameRate: Int, count: Double, limit: Int) -> Problem {
        let seconds = (duration / 10).rounded() / 100
        let frames = count < 1e15 ? String(Int(count)) : JSONWriter.spelling(count)
        let ask = frameRate > 60 ? "Ask for 60 frames a second, a faster 'decelerationRate'" : "Ask with a faster 'decelerationRate'"
        return RequestError.limit(
            "The fling lasts \(JSONWriter.spelling(seconds)) s: \(frames) frames at \(frameRate) a second, more than the \(limit) one answer may list. \(ask), or without 'frameRate'."
        ).under("frameRate").problem
    }
}
