import Foundation
import Testing

@testable import LayoutService

/// Compositional sections through the service (docs/flow-layout.md §23): the wire, stored layouts and
/// updates, orthogonal offsets and content widths, backgrounds, and every malformed field named by
/// its pointer.
@Suite("Compositional route")
struct CompositionalRouteTests {
    let service = LayoutService()

    /// Three items of a third with a spacing of 10 (two a group), a header and a background.
    static let grid = #"""
        "compositional":{"header":{"width":{"fractionalWidth":1},"height":{"absolute":40}},"background":{},
        "group":{"direction":"horizontal","width":{"fractionalWidth":1},"height":{"absolute":100},"interItemSpacing":{"fixed":10},
        "subitems":[{"width":{"fractionalWidth":0.3333333333333333},"height":{"fractionalHeight":1}}]}}
        """#

    /// A row of cards 0.8 wide that scrolls sideways, then the grid.
    static let screen = #"""
        {"viewport":{"width":300,"height":600},"sections":[
        {"itemCount":5,"compositional":{"orthogonalScrolling":"groupPaging","contentInsets":{"leading":10,"trailing":10},
        "interGroupSpacing":10,"group":{"direction":"horizontal","width":{"fractionalWidth":0.8},"height":{"absolute":50},
        "subitems":[{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}]}}},
        {"items":[{},{"width":90,"height":200},{}],\#(grid)}]}
        """#

    private func send(_ method: String, _ path: String, _ json: String) -> ServiceExchange {
        ServiceExchange.send(service, method, path, json: json)
    }

    private func get(_ path: String, _ query: [(name: String, value: String)]) -> ServiceExchange {
        ServiceExchange(service.handle(ServiceRequest(method: "GET", path: RequestText(path), query: query)))
    }

    private static func elements(_ answer: ServiceExchange) -> [[String: Any]] {
        answer.json["attributes"] as? [[String: Any]] ?? []
    }

    private static func frame(_ element: [String: Any]) -> [Double] {
        let frame = element["frame"] as? [String: Double] ?? [:]
        return [frame["x"] ?? .nan, frame["y"] ?? .nan, frame["width"] ?? .nan, frame["height"] ?? .nan]
    }

    @Test func aRegisteredScreenScrollsWithItsRowsOffset() {
        let registered = send("POST", "/v1/layouts", Self.screen)
        #expect(registered.status == 201, "\(registered.text)")
        let view = "/v1/layouts/\(registered.layoutId)/attributes"
        let answer = send("POST", view, #"{"bounds":{"x":0,"y":0,"width":300,"height":600},"orthogonalOffsets":[{"section":0,"offset":100}]}"#)
        #expect(answer.status == 200, "\(answer.text)")
        // The row: groups of 0.8 × 280 = 224 from x = 10, 10 apart, moved by −100; 10 + 5 · 224 + 4 · 10 + 10 wide.
        #expect(answer.json["orthogonalSections"] as? [[String: Double]] == [["section": 0, "contentWidth": 1180]])
        let elements = Self.elements(answer)
        let row = elements.filter { $0["kind"] as? String == "cell" && $0["section"] as? Int == 0 }
        #expect(row.map(Self.frame) == [[-90, 0, 224, 50], [144, 0, 224, 50]])
        // The grid below it: its header at 50, cells of 93.333… two a group, the measured one 200 tall
        // only where its leaf is estimated: here none is, so all are 100 and none is "estimated".
        let grid = elements.filter { $0["section"] as? Int == 1 }
        #expect(grid.map { $0["kind"] as? String } == ["cell", "cell", "cell", "header", "sectionBackground"])
        #expect(grid.map(Self.frame)[0] == [0, 90, 100, 100])
        #expect(grid.map(Self.frame)[2] == [0, 190, 100, 100])
        #expect(grid.map(Self.frame)[3] == [0, 50, 300, 40])
        #expect(grid.map(Self.frame)[4] == [0, 50, 300, 240])
        #expect(grid.last?["zIndex"] as? Int == -1)
        #expect(!answer.text.contains("estimated"))
        // The same bounds without the offset: the row at rest.
        let atRest = Self.elements(send("POST", view, #"{"bounds":{"x":0,"y":0,"width":300,"height":600}}"#))
        #expect(atRest.filter { $0["section"] as? Int == 0 }.map(Self.frame) == [[10, 0, 224, 50], [244, 0, 224, 50]])
    }

    @Test func estimatedCellsAnswerEstimatedUntilMeasuredAndAnUpdateEqualsARegistration() {
        let body = #"""
            {"viewport":{"width":300,"height":600},"sections":[{"items":[{},{},{}],"compositional":{
            "group":{"direction":"horizontal","width":{"fractionalWidth":1},"height":{"estimated":50},
            "subitems":[{"width":{"fractionalWidth":0.5},"height":{"estimated":50}}]}}}]}
            """#
        let id = send("POST", "/v1/layouts", body).layoutId
        let bounds = #"{"bounds":{"width":300,"height":600}}"#
        let before = Self.elements(send("POST", "/v1/layouts/\(id)/attributes", bounds))
        #expect(before.map { $0["estimated"] as? Bool } == [true, true, true])
        #expect(before.map(Self.frame) == [[0, 0, 150, 50], [150, 0, 150, 50], [0, 50, 150, 50]])
        let update = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"resizeItems","section":0,"at":1,"sizes":[{"width":150,"height":80}]}]}"#)
        #expect(update.status == 201, "\(update.text)")
        let after = Self.elements(send("POST", "/v1/layouts/\(update.layoutId)/attributes", bounds))
        // The row is as tall as its tallest card: the third cell moves down by 30.
        #expect(after.map(Self.frame) == [[0, 0, 150, 50], [150, 0, 150, 80], [0, 80, 150, 50]])
        #expect(after.map { $0["estimated"] as? Bool } == [true, nil, true])
        let fresh = body.replacingOccurrences(of: #""items":[{},{},{}]"#, with: #""items":[{},{"width":150,"height":80},{}]"#)
        #expect(send("POST", "/v1/layouts", fresh).layoutId == update.layoutId)
        // Counted cells are unmeasured too: the same id as three `{}`.
        #expect(send("POST", "/v1/layouts", body.replacingOccurrences(of: #""items":[{},{},{}]"#, with: #""itemCount":3"#)).layoutId == id)
    }

    @Test func transitionsFollowCellsHeadersAndFootersNotBackgrounds() {
        let id = send("POST", "/v1/layouts", Self.screen).layoutId
        let update = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"deleteItems","section":1,"at":0,"count":1}],"transitions":{"bounds":{"width":300,"height":600}}}"#)
        #expect(update.status == 201, "\(update.text)")
        let kinds = Set((update.json["transitions"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
        #expect(kinds == ["cell", "header"], "\(update.text)")
    }

    /// Cards one a row, estimated 50 tall: measuring the first one 80 tall moves what is below by 30.
    static let feed = #"""
        {"viewport":{"width":300,"height":600},"itemCount":40,"layout":{"compositional":{"interGroupSpacing":10,
        "group":{"direction":"horizontal","width":{"fractionalWidth":1},"height":{"estimated":50},
        "subitems":[{"width":{"fractionalWidth":1},"height":{"estimated":50}}]}}}}
        """#

    @Test func lookupsHitTestsFlingsAndAnchorsWorkOnCompositionalSections() {
        let id = send("POST", "/v1/layouts", Self.feed).layoutId
        // Cell 10 starts at 10 · 60 = 600.
        let item = get("/v1/layouts/\(id)/items/0/10", [("scrollPosition", "top"), ("width", "300"), ("height", "600")])
        #expect(item.status == 200, "\(item.text)")
        #expect((item.json["attributes"] as? [String: Any]).map(Self.frame) == [0, 600, 300, 50])
        #expect(item.json["contentOffset"] as? [String: Double] == ["x": 0, "y": 600])
        let hit = get("/v1/layouts/\(id)/hit", [("x", "10"), ("y", "625")])
        #expect((hit.json["attributes"] as? [String: Any])?["item"] as? Int == 10, "\(hit.text)")
        let gap = get("/v1/layouts/\(id)/hit", [("x", "10"), ("y", "655.5")])
        #expect(gap.status == 404, "the spacing between groups holds no cell: \(gap.text)")
        // A fling snapped to items rests on a cell's top: a multiple of 60.
        let fling = send("POST", "/v1/layouts/\(id)/fling", #"{"bounds":{"width":300,"height":600},"velocity":{"y":700},"snap":"item"}"#)
        let target = (fling.json["targetContentOffset"] as? [String: Double])?["y"] ?? -1
        #expect(fling.status == 200 && target > 0 && target.truncatingRemainder(dividingBy: 60) == 0, "\(fling.text)")
        // The first card measured 80 tall above a view at y = 300: the view moves down by 30.
        let measured = send(
            "POST", "/v1/layouts/\(id)/updates",
            #"{"updates":[{"op":"resizeItems","section":0,"at":0,"sizes":[{"width":300,"height":80}]}],"anchor":{"bounds":{"x":0,"y":300,"width":300,"height":600}}}"#)
        #expect(measured.json["contentOffsetAdjustment"] as? [String: Double] == ["x": 0, "y": 30], "\(measured.text)")
    }

    @Test func aRegistrationNeedsTheWholeViewport() {
        let answer = send("POST", "/v1/layouts", Self.screen.replacingOccurrences(of: #","height":600"#, with: ""))
        #expect(answer.status == 400 && answer.pointer == "/viewport/height", "\(answer.text)")
    }

    static let group = #""group":{"direction":"horizontal","width":{"absolute":10},"height":{"absolute":10},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}"#

    @Test(arguments: [
        (#"{"compositional":{}}"#, "/layout/compositional/group"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"subitems":[]}}}"#,
         "/layout/compositional/group/subitems"),
        (#"{"compositional":{"group":{"direction":"up","width":{"absolute":1},"height":{"absolute":1},"subitems":[{}]}}}"#,
         "/layout/compositional/group/direction"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"count":0,"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/count"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"count":2,"subitems":[{"width":{"absolute":1},"height":{"absolute":1}},{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/subitems"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"fractionalWidth":0},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/width/fractionalWidth"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"fractionalHeight":10.5},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/width/fractionalHeight"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":-1},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/width/absolute"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1,"estimated":1},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/width/estimated"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"subitems":[{"width":{"absolute":1}}]}}}"#,
         "/layout/compositional/group/subitems/0/height"),
        (#"{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"group":{}}]}}}"#,
         "/layout/compositional/group/subitems/0/group/direction"),
        (#"{"compositional":{\#(group),"interItemSpacing":{"fixed":1,"flexible":1}}}"#, "/layout/compositional/interItemSpacing"),
        (#"{"scrollDirection":"horizontal","compositional":{\#(group),"header":{"width":{"absolute":1},"height":{"absolute":1}}}}"#,
         "/layout/compositional"),
        (#"{"scrollDirection":"horizontal","compositional":{\#(group),"orthogonalScrolling":"paging"}}"#, "/layout/compositional"),
        (#"{"mode":"css","compositional":{\#(group)}}"#, "/layout/compositional"),
    ])
    func refusalsNameTheirField(layout: String, pointer: String) {
        let body = #"{"viewport":{"width":320,"height":480},"layout":\#(layout),"itemCount":1}"#
        let answer = send("POST", "/v1/layouts", body)
        #expect(answer.status == 400, "\(body): \(answer.text)")
        #expect(answer.pointer == pointer, "\(body): \(answer.text)")
        #expect(answer.headers["Content-Type"] == "application/problem+json")
    }

    @Test func aTreePastItsBoundsIsALimit() {
        // 65 items under one group; and groups nested 9 deep.
        let items = Array(repeating: #"{"width":{"absolute":1},"height":{"absolute":1}}"#, count: 64).joined(separator: ",")
        let wide = #"{"viewport":{"width":320,"height":480},"layout":{"compositional":{"group":{"direction":"horizontal","width":{"absolute":1},"height":{"absolute":1},"subitems":[\#(items)]}}},"itemCount":1}"#
        let answer = send("POST", "/v1/layouts", wide)
        #expect(answer.status == 400 && answer.pointer == "/layout/compositional/group/subitems/63", "\(answer.text)")
        #expect(answer.json["type"] as? String == "/problems/limit-exceeded")
        var nested = #"{"direction":"vertical","width":{"absolute":1},"height":{"absolute":1},"subitems":[{"width":{"absolute":1},"height":{"absolute":1}}]}"#
        for _ in 0..<8 { nested = #"{"direction":"vertical","width":{"absolute":1},"height":{"absolute":1},"subitems":[{"group":\#(nested)}]}"# }
        let deep = send("POST", "/v1/layouts", #"{"viewport":{"width":320,"height":480},"layout":{"compositional":{"group":\#(nested)}},"itemCount":1}"#)
        #expect(deep.status == 400 && deep.json["type"] as? String == "/problems/limit-exceeded", "\(deep.text)")
        #expect(deep.pointer?.hasSuffix("/subitems/0/group") == true, "\(deep.text)")
    }

    @Test func sectionsRefuseCompositionalWithMasonryAndOffsetsAreBounded() {
        let both = #"{"viewport":{"width":320,"height":480},"sections":[{"itemCount":1},{"itemCount":1,"masonry":{"columns":2},"compositional":{\#(Self.group)}}]}"#
        #expect(send("POST", "/v1/layouts", both).pointer == "/sections/1/masonry")
        let offsets = Array(repeating: #"{"section":0,"offset":1}"#, count: 65).joined(separator: ",")
        let answer = send("POST", "/v1/layout", #"{"bounds":{"width":320,"height":480},"itemCount":1,"orthogonalOffsets":[\#(offsets)]}"#)
        #expect(answer.status == 400 && answer.pointer == "/orthogonalOffsets", "\(answer.text)")
        let missing = send("POST", "/v1/layout", #"{"bounds":{"width":320,"height":480},"itemCount":1,"orthogonalOffsets":[{"section":0}]}"#)
        #expect(missing.pointer == "/orthogonalOffsets/0/offset", "\(missing.text)")
        let far = send("POST", "/v1/layout", #"{"bounds":{"width":320,"height":480},"itemCount":1,"orthogonalOffsets":[{"section":10000,"offset":0}]}"#)
        #expect(far.status == 400 && far.pointer == "/orthogonalOffsets/0/section", "\(far.text)")
    }
}
