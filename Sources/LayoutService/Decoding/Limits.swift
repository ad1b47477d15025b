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
    /// Largest request body, in bytes (enforced by the HTTP server, reported here for the docs).
    public var maxBodyBytes: Int = 8 * 1024 * 1024

    public init() {}
}
