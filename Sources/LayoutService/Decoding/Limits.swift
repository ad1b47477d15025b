
/// The documented limits of one request. Anything past them is a 400 naming the field.
public struct Limits: Hashable, Sendable {
    /// Items in one request, listed or counted (`itemCount`).
    public var maxItems: Int = 1_000_000
    /// Sections in one request.
    public var maxSections: Int = 10_000
    /// Largest magnitude of any length or coordinate, in points.
    public var maxMagnitude: Double = 1e9
    /// Screen scales accepted for pixel rounding (Android's ldpi is 0.75, iPhones 1–3).
    public var minScale: Double = 0.5
    public var maxScale: Double = 16
    /// Elements in one answer, over all the bounds of a list: past it the request is refused (400,
    /// `answer-too-large`) before the answer is written, about 15 MB of JSON.
    public var maxAnswerAttributes: Int = 100_000
    /// Operations in one batch of updates (`POST /v1/layouts/{id}/updates`): each is applied in turn
    /// and every lookup of where an item went replays them all, so a batch's cost grows with its length.
    public var maxUpdates: Int = 10_000
    /// Frames one fling answer lists (`POST /v1/layouts/{id}/fling` with `frameRate`): 5 s at 120 Hz,
    /// 10 s at 60 Hz. A fling that needs more is refused (400, `limit-exceeded` at `/frameRate`), not
    /// cut short, since its last frame is the target.
    public var maxFlingFrames: Int = 600
    /// Orthogonal sections' offsets one scroll request may give (`orthogonalOffsets`, docs/flow-layout.md §23.11).
    public var maxOrthogonalOffsets: Int = 64
    /// Largest request body, in bytes (enforced by the HTTP server, reported here for the docs).
    public var maxBodyBytes: Int = 8 * 1024 * 1024

    public init() {}

    /// Whether a request may carry `value` as a coordinate or length: finite and within
    /// ±`maxMagnitude`. The one statement of the rule, for the full readers and the fast paths alike.
    @inline(__always)
    func admits(_ value: Double) -> Bool { value.isFinite && value.magnitude <= maxMagnitude }

    /// `admits` for a length, which may not be negative either.
    @inline(__always)
    func admitsLength(_ value: Double) -> Bool { value >= 0 && admits(value) }

    /// `admits` for a screen scale, which must lie in `minScale...maxScale` too.
    @inline(__always)
    func admitsScale(_ value: Double) -> Bool { admits(value) && value >= minScale && value <= maxScale }
}
