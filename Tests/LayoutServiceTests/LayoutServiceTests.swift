import Foundation
import Testing

@testable import LayoutService

/// The service without sockets: routing, decoding defaults and errors, the answer's shape.
@Suite("Layout service")
struct LayoutServiceTests {
    let service = LayoutService()

    private func post(_ json: String, path: String = "/v1/layout") -> (status: Int, json: [String: Any], text: String) {
        let bytes = Array(json.utf8)
        let response = bytes.withUnsafeBytes { body in
            service.handle(ServiceRequest(method: "POST", path: RequestText(path), contentType: "application/json", body: body))
        }
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        return (response.status, object, String(decoding: response.body, as: UTF8.self))
    }

    /// Stored-layout paths: the id is what lies between `/v1/layouts/` and the next slash, and only
    /// `/attributes` may follow it.
    @Test func storedLayoutPathsAreSplitAtTheirSlash() {
        let id = "0123456789abcdef0123456789abcdef"
        func detail(_ method: String, _ path: String) -> (status: Int, detail: String) {
            let response = service.handle(ServiceRequest(method: method, path: RequestText(path)))
            let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
            return (response.status, object["detail"] as? String ?? "")
        }
        #expect(detail("GET", "/v1/layouts/\(id)").detail.hasPrefix("No stored layout has id '\(id)'"))
        #expect(detail("GET", "/v1/layouts/\(id)/attributesx").detail.hasPrefix("No route matches"))
        #expect(detail("GET", "/v1/layouts/\(id)/attributes").detail.hasPrefix("No stored layout has id '\(id)'"))
        #expect(detail("GET", "/v1/layouts/abc/attributes").detail.hasPrefix("No stored layout has id 'abc'"))
        #expect(detail("GET", "/v1/layouts//attributes").detail.hasPrefix("No route matches"))
        #expect(detail("GET", "/v1/layouts/\(id)/attributes/").detail.hasPrefix("No route matches"))
        #expect(detail("GET", "/v1/layouts/\(id)/").detail.hasPrefix("No route matches"))
    }

    @Test func defaultsAreUIKits() {
        // 50×50 items, spacing 10, no insets: floor((320 + 10) / 60) = 5 per line, gap 17.5.
        let answer = post(#"{"bounds":{"width":320,"height":500},"itemCount":6}"#)
        #expect(answer.status == 200)
        let frames = (answer.json["attributes"] as? [[String: Any]] ?? []).map { $0["frame"] as? [String: Double] ?? [:] }
        #expect(frames.map { $0["x"] ?? -1 } == [0, 67.5, 135, 202.5, 270, 0])
        #expect(frames.map { $0["width"] ?? -1 } == Array(repeating: 50, count: 6))
        #expect(answer.json["algorithmVersion"] as? Int == 2)
    }

    @Test func answerMembersComeInAFixedOrder() {
        let answer = post(#"{"bounds":{"width":100,"height":100},"layout":{"headerReferenceSize":{"height":20}},"items":[{"width":40,"height":30}],"parallax":{"model":"center","maxOffset":10}}"#)
        #expect(answer.text.hasPrefix(#"{"layoutId":""#))
        // A lone uniform item sits at the leading inset when two would fit on the line (docs/flow-layout.md §12).
        #expect(answer.text.contains(#"{"kind":"cell","section":0,"item":0,"frame":{"x":0,"y":20,"width":40,"height":30},"center":{"x":20,"y":35},"zIndex":0,"parallaxOffset":{"x":0,"y":"#))
        #expect(answer.text.contains(#"{"kind":"header","section":0,"frame":{"x":0,"y":0,"width":100,"height":20},"center":{"x":50,"y":10},"zIndex":10}"#))
    }

    @Test func anItemsOwnMaxOffsetScalesItsParallax() {
        // Two equal cells in a column, the second with its own depth: a third of the shared one.
        func offsets(_ items: String) -> [Double] {
            let answer = post(#"{"bounds":{"x":0,"y":40,"width":100,"height":100},"items":"# + items
                + #","parallax":{"model":"center","maxOffset":30}}"#)
            let attributes = answer.json["attributes"] as? [[String: Any]] ?? []
            return attributes.compactMap { ($0["parallaxOffset"] as? [String: Double])?["y"] }
        }
        let plain = offsets(#"[{"width":100,"height":60},{"width":100,"height":60}]"#)
        let deep = offsets(#"[{"width":100,"height":60},{"width":100,"height":60,"maxOffset":10}]"#)
        #expect(plain.count == 2 && deep.count == 2)
        #expect(deep[0] == plain[0])
        #expect(plain[1] != 0 && abs(deep[1] * 3 - plain[1]) <= 1e-9)
    }

    @Test func scrollOffsetSetsTheOrigin() {
        let viaBounds = post(#"{"bounds":{"x":0,"y":300,"width":320,"height":100},"itemCount":100}"#)
        let viaOffset = post(#"{"bounds":{"width":320,"height":100},"scrollOffset":{"x":0,"y":300},"itemCount":100}"#)
        #expect(viaBounds.json["attributes"] as? NSArray == viaOffset.json["attributes"] as? NSArray)
        #expect((viaBounds.json["attributes"] as? [Any])?.isEmpty == false)
    }

    @Test func onlyOneSpellingOfItems() {
        let answer = post(#"{"bounds":{"width":320,"height":100},"itemCount":3,"items":[]}"#)
        #expect(answer.status == 400)
        #expect(answer.json["pointer"] as? String == "/items")
    }

    @Test func pointerEscapesUnknownKeys() {
        let answer = post(#"{"bounds":{"width":320,"height":100},"itemCount":3,"layout":{"a/b~c":1}}"#)
        #expect(answer.json["pointer"] as? String == "/layout/a~1b~0c")
    }

    @Test func sectionsOverLimitAreRefused() {
        var limited = LayoutService.Configuration()
        limited.limits.maxSections = 2
        let service = LayoutService(configuration: limited)
        let bytes = Array(#"{"bounds":{"width":320,"height":100},"sections":[{"itemCount":1},{"itemCount":1},{"itemCount":1}]}"#.utf8)
        let response = bytes.withUnsafeBytes { service.handle(ServiceRequest(method: "POST", path: "/v1/layout", contentType: "application/json", body: $0)) }
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"/sections""#))
    }

    @Test func itemBudgetCountsEverySection() {
        var limited = LayoutService.Configuration()
        limited.limits.maxItems = 10
        let service = LayoutService(configuration: limited)
        let bytes = Array(#"{"bounds":{"width":320,"height":100},"sections":[{"itemCount":6},{"itemCount":5}]}"#.utf8)
        let response = bytes.withUnsafeBytes { service.handle(ServiceRequest(method: "POST", path: "/v1/layout", contentType: "application/json", body: $0)) }
        #expect(response.status == 400)
        #expect(String(decoding: response.body, as: UTF8.self).contains(#""pointer":"/sections/1/itemCount""#))
    }

    @Test func emptyBoundsGiveNothing() {
        let answer = post(#"{"bounds":{"width":320,"height":0},"itemCount":10}"#)
        #expect(answer.status == 200)
        #expect((answer.json["attributes"] as? [Any])?.count == 0)
        #expect(answer.json["contentSize"] as? [String: Double] == ["width": 0, "height": 0])
    }
}
