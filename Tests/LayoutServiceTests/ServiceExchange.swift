import Foundation

@testable import LayoutService

/// One answer of the service, read back for assertions: status, headers, the body as text and as a
/// JSON object (empty when it is not one).
struct ServiceExchange {
    let status: Int
    let text: String
    let json: [String: Any]
    let headers: [String: String]

    init(_ response: ServiceResponse) {
        status = response.status
        text = String(decoding: response.body, as: UTF8.self)
        json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        var headers: [String: String] = [:]
        response.forEachHeader { name, value in
            headers[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        self.headers = headers
    }

    /// The service's answer to `method path` with `json` as an `application/json` body (or none),
    /// through the whole request path: routing, decoding, the cache, the writer.
    static func send(
        _ service: LayoutService, _ method: String, _ path: String, json: String? = nil, contentType: String = "application/json"
    ) -> ServiceExchange {
        let bytes = Array((json ?? "").utf8)
        return bytes.withUnsafeBytes { body in
            ServiceExchange(service.handle(ServiceRequest(
                method: method, path: RequestText(path), contentType: json == nil ? nil : RequestText(contentType), body: body)))
        }
    }

    var layoutId: String { json["layoutId"] as? String ?? "" }
    var pointer: String? { json["pointer"] as? String }
    var type: String? { json["type"] as? String }
}
