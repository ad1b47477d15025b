import FlowLayout

/// `GET /playground`: the page that draws a layout as a scrolling view, and the modules it loads (its
/// own and the JavaScript client's, `clients/`), embedded in the binary.
extension LayoutService {
    /// The page (`name` ""), or one of its modules; 404 for a name the page does not have.
    func playgroundFile(_ name: String) -> ServiceResponse {
        guard let asset = PlaygroundFile.all.first(where: { $0.name == name }) else {
            return .problem(.notFound("/playground/\(name)"))
        }
        // Served as the binary has them; `no-cache` so a browser asks again after an upgrade, and the
        // tag of the bytes so that asking again costs a 304 (LayoutService.handle) until they change.
        return ServiceResponse(
            status: 200, contentType: asset.contentType, etag: asset.etag, headers: [ServiceResponse.noCache],
            body: ResponseBody(asset.bytes))
    }

    /// `GET /`: the playground is where a person starts.
    func rootRedirect() -> ServiceResponse {
        ServiceResponse(status: 302, contentType: nil, headers: [(name: "Location", value: "/playground")], body: [])
    }
}
