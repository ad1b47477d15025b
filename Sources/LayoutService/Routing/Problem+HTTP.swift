/// The problems the HTTP layer answers by itself (LayoutServer's `Rejection`), before a request
/// reaches the service: the service writes their bodies, the server sends them.
extension Problem {
    /// The problem's `application/problem+json` body, as the service writes it, for the HTTP layer's
    /// own refusals (copied once, at start).
    public var body: [UInt8] { Array(encoded()) }
}
