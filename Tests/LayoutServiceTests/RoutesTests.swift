import Foundation
import Testing
@testable import WireKit

@testable import LayoutService

/// The route table is the one statement of the routes: every status a route declares is answered and
/// counted under its own labels in `/metrics`, and every route's path, methods and `Allow` follow from it.
@Suite("Routes")
struct RoutesTests {
    /// A cache too small for a layout of a thousand items of varied sizes, large enough for two counted
    /// ones (a stored layout and the result of its update).
    let service: LayoutService = {
        var configuration = LayoutService.Configuration()
        configuration.cacheBytes = 8192
        return LayoutService(configuration: configuration)
    }()

    private static let small = #"{"viewport":{"width":320,"height":480},"itemCount":10}"#
    private static let large = #"{"viewport":{"width":320,"height":480},"items":["#
        + (0..<1000).map { #"{"width":\#(10 + $0 % 7),"height":\#(10 + $0 % 5)}"# }.joined(separator: ",") + "]}"
    /// The small layout with headers and footers, for the element lookups.
    private static let framed = #"{"viewport":{"width":320,"height":480},"layout":{"headerReferenceSize":{"height":40},"footerReferenceSize":{"height":20}},"itemCount":10}"#
    private static let unknownID = "0123456789abcdef0123456789abcdef"
    /// Appends one item: a layout the small one's id does not name.
    private static let append = #"{"updates":[{"op":"appendItems","section":0,"items":[{"width":20,"height":20}]}]}"#
    /// Appends the large layout's items: too large for the budget.
    private static let appendLarge = #"{"updates":[{"op":"appendItems","section":0,"items":["#
        + (0..<1000).map { #"{"width":\#(10 + $0 % 7),"height":\#(10 + $0 % 5)}"# }.joined(separator: ",") + "]}]}"

    private func request(
        _ method: String, _ path: String, query: [(name: String, value: String)] = [], json: String? = nil,
        contentType: String = "application/json", ifNoneMatch: String? = nil, contentCoding: String? = nil
    ) -> ServiceResponse {
        let bytes = Array((json ?? "").utf8)
        return bytes.withUnsafeBytes { body in
            service.handle(ServiceRequest(
                method: method, path: RequestText(path), query: query,
                contentType: json == nil ? nil : RequestText(contentType), ifNoneMatch: ifNoneMatch,
                unsupportedContentCoding: contentCoding, body: body))
        }
    }

    /// Registers the small layout (or another) and returns its id.
    private func register(_ json: String = Self.small) -> String {
        let response = request("POST", "/v1/layouts", json: json)
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return object?["layoutId"] as? String ?? ""
    }

    /// A request that gets `status` from `method` on `template`, and what must happen before it.
    private func answer(_ method: String, _ template: String, _ status: Int) -> (prepare: () -> Void, send: () -> ServiceResponse)? {
        let view = [(name: "width", value: "320"), (name: "height", value: "480")]
        var id = ""
        let stored = { id = register() }
        let framed = { id = register(Self.framed) }
        let nothing = {}
        /// The GET of `path` (after the id) with `query`, sent again with the ETag of its first answer.
        func revalidated(_ path: String, _ query: [(name: String, value: String)] = []) -> (prepare: () -> Void, send: () -> ServiceResponse) {
            var etag = ""
            return ({
                framed()
                request(method, "/v1/layouts/\(id)\(path)", query: query).forEachHeader { name, value in
                    if String(decoding: name, as: UTF8.self) == "ETag" { etag = String(decoding: value, as: UTF8.self) }
                }
            }, { request(method, "/v1/layouts/\(id)\(path)", query: query, ifNoneMatch: etag) })
        }
        let point = [(name: "x", value: "10"), (name: "y", value: "50")]
        switch (method, template, status) {
        case ("GET", "/v1/layouts/{id}/attributes", 200): return (stored, { request(method, "/v1/layouts/\(id)/attributes", query: view) })
        case ("GET", "/v1/layouts/{id}/attributes", 304):
            var etag = ""
            return ({
                stored()
                let first = request(method, "/v1/layouts/\(id)/attributes", query: view)
                first.forEachHeader { name, value in
                    if String(decoding: name, as: UTF8.self) == "ETag" { etag = String(decoding: value, as: UTF8.self) }
                }
            }, { request(method, "/v1/layouts/\(id)/attributes", query: view, ifNoneMatch: etag) })
        case ("GET", "/v1/layouts/{id}/attributes", 400): return (stored, { request(method, "/v1/layouts/\(id)/attributes", query: [(name: "width", value: "x")]) })
        case ("GET", "/v1/layouts/{id}/attributes", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)/attributes", query: view) })
        case ("POST", "/v1/layouts/{id}/attributes", 200): return (stored, { request(method, "/v1/layouts/\(id)/attributes", json: #"{"bounds":{"width":320,"height":480}}"#) })
        case ("POST", "/v1/layouts/{id}/attributes", 400): return (stored, { request(method, "/v1/layouts/\(id)/attributes", json: "{}") })
        case ("POST", "/v1/layouts/{id}/attributes", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)/attributes", json: "{}") })
        case ("POST", "/v1/layouts/{id}/attributes", 415): return (stored, { request(method, "/v1/layouts/\(id)/attributes", json: "{}", contentType: "text/plain") })
        case ("POST", "/v1/layout", 200): return (nothing, { request(method, "/v1/layout", json: #"{"bounds":{"width":320,"height":480},"itemCount":3}"#) })
        case ("POST", "/v1/layout", 400): return (nothing, { request(method, "/v1/layout", json: "[") })
        case ("POST", "/v1/layout", 415): return (nothing, { request(method, "/v1/layout", json: "{}", contentType: "text/plain") })
        case ("POST", "/v1/layouts", 200): return (stored, { request(method, "/v1/layouts", json: Self.small) })
        case ("POST", "/v1/layouts", 201): return ({ _ = request("DELETE", "/v1/layouts/\(register())") }, { request(method, "/v1/layouts", json: Self.small) })
        case ("POST", "/v1/layouts", 400): return (nothing, { request(method, "/v1/layouts", json: "{}") })
        case ("POST", "/v1/layouts", 415): return (nothing, { request(method, "/v1/layouts", json: Self.small, contentType: "text/plain") })
        case ("POST", "/v1/layouts", 507): return (nothing, { request(method, "/v1/layouts", json: Self.large) })
        case ("POST", "/v1/layouts/{id}/updates", 200): return (stored, { request(method, "/v1/layouts/\(id)/updates", json: #"{"updates":[]}"#) })
        case ("POST", "/v1/layouts/{id}/updates", 201):
            return ({
                stored()
                // The result of the update is forgotten, so the same update stores it anew.
                let updated = request(method, "/v1/layouts/\(id)/updates", json: Self.append)
                let object = try? JSONSerialization.jsonObject(with: Data(updated.body)) as? [String: Any]
                _ = request("DELETE", "/v1/layouts/\(object?["layoutId"] as? String ?? "")")
            }, { request(method, "/v1/layouts/\(id)/updates", json: Self.append) })
        case ("POST", "/v1/layouts/{id}/updates", 400): return (stored, { request(method, "/v1/layouts/\(id)/updates", json: "{}") })
        case ("POST", "/v1/layouts/{id}/updates", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)/updates", json: #"{"updates":[]}"#) })
        case ("POST", "/v1/layouts/{id}/updates", 415): return (stored, { request(method, "/v1/layouts/\(id)/updates", json: "{}", contentType: "text/plain") })
        case ("POST", "/v1/layouts/{id}/updates", 507): return (stored, { request(method, "/v1/layouts/\(id)/updates", json: Self.appendLarge) })
        case ("POST", "/v1/layouts/{id}/fling", 200): return (stored, { request(method, "/v1/layouts/\(id)/fling", json: #"{"bounds":{"width":320,"height":480},"velocity":{"y":1000}}"#) })
        case ("POST", "/v1/layouts/{id}/fling", 400): return (stored, { request(method, "/v1/layouts/\(id)/fling", json: "{}") })
        case ("POST", "/v1/layouts/{id}/fling", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)/fling", json: "{}") })
        case ("POST", "/v1/layouts/{id}/fling", 415): return (stored, { request(method, "/v1/layouts/\(id)/fling", json: "{}", contentType: "text/plain") })
        case ("GET", "/v1/layouts/{id}/items/{section}/{item}", 200): return (stored, { request(method, "/v1/layouts/\(id)/items/0/9") })
        case ("GET", "/v1/layouts/{id}/items/{section}/{item}", 304): return revalidated("/items/0/9")
        case ("GET", "/v1/layouts/{id}/items/{section}/{item}", 400): return (stored, { request(method, "/v1/layouts/\(id)/items/x/0") })
        case ("GET", "/v1/layouts/{id}/items/{section}/{item}", 404): return (stored, { request(method, "/v1/layouts/\(id)/items/0/10") })
        case ("GET", "/v1/layouts/{id}/headers/{section}", 200): return (framed, { request(method, "/v1/layouts/\(id)/headers/0") })
        case ("GET", "/v1/layouts/{id}/headers/{section}", 304): return revalidated("/headers/0")
        case ("GET", "/v1/layouts/{id}/headers/{section}", 400): return (framed, { request(method, "/v1/layouts/\(id)/headers/-1") })
        case ("GET", "/v1/layouts/{id}/headers/{section}", 404): return (stored, { request(method, "/v1/layouts/\(id)/headers/0") })
        case ("GET", "/v1/layouts/{id}/footers/{section}", 200): return (framed, { request(method, "/v1/layouts/\(id)/footers/0") })
        case ("GET", "/v1/layouts/{id}/footers/{section}", 304): return revalidated("/footers/0")
        case ("GET", "/v1/layouts/{id}/footers/{section}", 400): return (framed, { request(method, "/v1/layouts/\(id)/footers/0", query: [(name: "scrollPosition", value: "top")]) })
        case ("GET", "/v1/layouts/{id}/footers/{section}", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)/footers/0") })
        case ("GET", "/v1/layouts/{id}/hit", 200): return (framed, { request(method, "/v1/layouts/\(id)/hit", query: point) })
        case ("GET", "/v1/layouts/{id}/hit", 304): return revalidated("/hit", point)
        case ("GET", "/v1/layouts/{id}/hit", 400): return (framed, { request(method, "/v1/layouts/\(id)/hit", query: [(name: "x", value: "10")]) })
        case ("GET", "/v1/layouts/{id}/hit", 404): return (framed, { request(method, "/v1/layouts/\(id)/hit", query: [(name: "x", value: "10"), (name: "y", value: "-5")]) })
        case ("GET", "/v1/layouts/{id}", 200): return (stored, { request(method, "/v1/layouts/\(id)") })
        case ("GET", "/v1/layouts/{id}", 304): return revalidated("")
        case ("GET", "/v1/layouts/{id}", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)") })
        case ("DELETE", "/v1/layouts/{id}", 204): return (stored, { request(method, "/v1/layouts/\(id)") })
        case ("DELETE", "/v1/layouts/{id}", 404): return (nothing, { request(method, "/v1/layouts/\(Self.unknownID)") })
        case ("GET", "/readyz", 503), ("HEAD", "/readyz", 503):
            return ({ service.isReady = false }, {
                defer { service.isReady = true }
                return request(method, template)
            })
        case (_, "/playground/{file}", 200): return (nothing, { request(method, "/playground/layoutd.js") })
        case (_, "/playground", 304), (_, "/playground/{file}", 304):
            // The tag of the embedded bytes, asked for again.
            let path = template == "/playground" ? template : "/playground/layoutd.js"
            var etag = ""
            return ({
                request(method, path).forEachHeader { name, value in
                    if String(decoding: name, as: UTF8.self) == "ETag" { etag = String(decoding: value, as: UTF8.self) }
                }
            }, { request(method, path, ifNoneMatch: etag) })
        case (_, "/playground/{file}", 404): return (nothing, { request(method, "/playground/missing.js") })
        case (_, "/", 302): return (nothing, { request(method, "/") })
        case (_, _, 200) where !template.hasPrefix("/v1/layouts"): return (nothing, { request(method, template) })
        default: return nil
        }
    }

    /// How many requests `/metrics` counts for `route` and `status`, checking the series exists.
    private func counted(_ route: String, _ status: Int) -> Int? {
        let text = String(decoding: request("GET", "/metrics").body, as: UTF8.self)
        let series = "layoutd_http_requests_total{route=\"\(route)\",status=\"\(status)\"} "
        return text.split(separator: "\n").first { $0.hasPrefix(series) }.flatMap { Int($0.dropFirst(series.count)) }
    }

    @Test func everyStatusOfEveryRouteIsAnsweredAndCountedUnderItsOwnLabels() {
        for route in LayoutService.routes {
            let template = route.template.description
            for method in route.methods {
                for status in route.statuses {
                    guard let (prepare, send) = answer(method, template, status) else {
                        Issue.record("no request here gets \(status) from \(method) \(template)")
                        continue
                    }
                    prepare()
                    let before = counted(template, status)
                    #expect(before != nil, "\(template) has no series for \(status)")
                    let response = send()
                    #expect(response.status == status, "\(method) \(template)")
                    // The scrape itself is counted under /metrics, after this series was read.
                    let expected = (before ?? 0) + 1 + (template == "/metrics" && status == 200 ? 1 : 0)
                    #expect(counted(template, status) == expected, "\(method) \(template) \(status)")
                }
            }
        }
    }

    @Test func routingStatusesAreCountedToo() {
        let unmatched = counted("unmatched", 404)
        #expect(request("GET", "/nowhere").status == 404)
        #expect(counted("unmatched", 404) == (unmatched ?? -1) + 1)
        for path in LayoutService.pathTable.entries {
            let template = path.template.spelling.description
            let before = counted(template, 405)
            let concrete = template.replacingOccurrences(of: "{id}", with: Self.unknownID)
            let response = request("PATCH", concrete)
            #expect(response.status == 405)
            #expect(counted(template, 405) == (before ?? -1) + 1, "\(template)")
            // Every path answers OPTIONS, and refuses a body it cannot decode whatever the method.
            for (status, send) in [
                (204, { request("OPTIONS", concrete) }), (415, { request("POST", concrete, json: "{}", contentCoding: "br") }),
            ] {
                let before = counted(template, status)
                #expect(send().status == status, "\(template)")
                #expect(counted(template, status) == (before ?? -1) + 1, "\(template) \(status)")
            }
        }
    }

    @Test func allowListsEveryMethodOfThePathInTableOrder() {
        func allow(_ path: String) -> String? {
            var value: String?
            request("PUT", path).forEachHeader { name, text in
                if String(decoding: name, as: UTF8.self) == "Allow" { value = String(decoding: text, as: UTF8.self) }
            }
            return value
        }
        #expect(allow("/v1/layout") == "POST, OPTIONS")
        #expect(allow("/v1/layouts") == "POST, OPTIONS")
        // A GET route answers HEAD too, listed after the path's own methods, and every path OPTIONS.
        #expect(allow("/v1/layouts/\(Self.unknownID)") == "GET, DELETE, HEAD, OPTIONS")
        #expect(allow("/v1/layouts/\(Self.unknownID)/attributes") == "GET, POST, HEAD, OPTIONS")
        #expect(allow("/v1/layouts/\(Self.unknownID)/updates") == "POST, OPTIONS")
        for path in ["/healthz", "/livez", "/readyz", "/metrics", "/v1/cache"] { #expect(allow(path) == "GET, HEAD, OPTIONS") }
    }

    @Test func labelsAndStatusesFollowTheTable() {
        // Every label names one template, and the status labels are the table's statuses and routing's.
        for label in RouteLabel.allCases where label != .unknown {
            let templates = Set(LayoutService.routes.filter { $0.label == label }.map { $0.template.description })
            #expect(templates.count == 1, "\(label)")
            #expect(templates.first == label.name.description)
        }
        #expect(RouteLabel.unknown.name.description == "unmatched")
        let declared = Set(LayoutService.routes.flatMap(\.statuses) + LayoutService.routingStatuses)
        #expect(StatusLabel.codes == declared.sorted())
        #expect(StatusLabel.codes.contains(507))
    }
}
