import Foundation
import Testing

@testable import LayoutService

/// Masonry sections through the service (docs/flow-layout.md §22): `masonry` on the layout and on
/// sections, `column` and `fullSpan` on items, `column` in every answer, `keepColumns` on updates, a
/// fling's `line` snap refused, and every malformed field named by its pointer.
@Suite("Masonry route")
struct MasonryRouteTests {
    let service = LayoutService()

    /// §22.3's worked example.
    static let example = #"""
        {"bounds":{"width":320,"height":700},"layout":{"masonry":{"columns":2},"minimumInteritemSpacing":10,
        "minimumLineSpacing":5,"sectionInset":{"top":8,"left":10,"right":10},"headerReferenceSize":{"height":44}},
        "items":[{"width":100,"height":100},{"width":100,"height":200},{"width":100,"height":50,"fullSpan":true},
        {"width":100,"height":100,"column":1},{"width":100,"height":100}]}
        """#

    private func send(_ method: String, _ path: String, _ json: String) -> ServiceExchange {
        ServiceExchange.send(service, method, path, json: json)
    }

    private static func cells(_ answer: ServiceExchange) -> [[String: Any]] {
        (answer.json["attributes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "cell" }
    }

    @Test func everyCellAnswersItsColumn() {
        let answer = send("POST", "/v1/layout", Self.example)
        #expect(answer.status == 200, "\(answer.text)")
        let cells = Self.cells(answer)
        #expect(cells.map { $0["column"] as? Int } == [0, 1, nil, 1, 0])
        #expect(cells.map { ($0["frame"] as? [String: Double])?["y"] } == [52, 52, 347, 502, 502])
        // The column follows the item and comes before the frame.
        #expect(answer.text.contains(#""item":3,"column":1,"frame":{"x":165,"y":502,"#))
        // A flow layout's cells have none.
        let flow = send("POST", "/v1/layout", #"{"bounds":{"width":320,"height":700},"itemCount":3}"#)
        #expect(flow.status == 200 && !flow.text.contains("column"))
    }

    @Test func aSectionOfItsOwnAndTheLayoutsDefault() {
        let body = #"""
            {"bounds":{"width":300,"height":2000},"layout":{"masonry":{"columns":3}},
            "sections":[{"itemCount":4},{"itemCount":4,"masonry":{"minimumColumnWidth":100,"columnSpacing":0,"placement":"ordered"}}]}
            """#
        let cells = Self.cells(send("POST", "/v1/layout", body))
        // Three columns of 93.333… with the default spacing of 10; then 300 / 100 = 3 columns with none.
        #expect(cells.map { $0["column"] as? Int } == [0, 1, 2, 0, 0, 1, 2, 0])
        #expect((cells[5]["frame"] as? [String: Double])?["x"] == 100)
    }

    @Test(arguments: [
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":0}},"itemCount":1}"#, "/layout/masonry/columns"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":1025}},"itemCount":1}"#, "/layout/masonry/columns"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":2,"minimumColumnWidth":50}},"itemCount":1}"#, "/layout/masonry/minimumColumnWidth"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"minimumColumnWidth":0}},"itemCount":1}"#, "/layout/masonry/minimumColumnWidth"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{}},"itemCount":1}"#, "/layout/masonry"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":2,"placement":"random"}},"itemCount":1}"#, "/layout/masonry/placement"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":2,"itemSizing":"width"}},"itemCount":1}"#, "/layout/masonry/itemSizing"),
        (#"{"viewport":{"width":320},"layout":{"masonry":{"columns":2,"gutter":4}},"itemCount":1}"#, "/layout/masonry/gutter"),
        (#"{"viewport":{"width":320},"layout":{"masonry":3},"itemCount":1}"#, "/layout/masonry"),
        (#"{"viewport":{"width":320},"layout":{"mode":"css","masonry":{"columns":2}},"itemCount":1}"#, "/layout/masonry"),
        (#"{"viewport":{"width":320},"layout":{"mode":"css"},"sections":[{"itemCount":1,"masonry":{"columns":2}}]}"#, "/sections/0/masonry"),
        (#"{"viewport":{"width":320},"items":[{"width":1,"height":1,"column":1024}]}"#, "/items/0/column"),
        (#"{"viewport":{"width":320},"items":[{"width":1,"height":1,"column":-1}]}"#, "/items/0/column"),
        (#"{"viewport":{"width":320},"items":[{"width":1,"height":1,"column":1,"fullSpan":true}]}"#, "/items/0/fullSpan"),
        (#"{"viewport":{"width":320},"items":[{"fullSpan":true,"width":1,"height":1,"column":1}]}"#, "/items/0/fullSpan"),
        (#"{"viewport":{"width":320},"sections":[{"items":[{"width":1,"height":1,"fullSpan":1}]}]}"#, "/sections/0/items/0/fullSpan"),
    ])
    func refusalsNameTheirField(body: String, pointer: String) {
        let answer = send("POST", "/v1/layouts", body)
        #expect(answer.status == 400, "\(body): \(answer.text)")
        #expect(answer.pointer == pointer, "\(body): \(answer.text)")
        #expect(answer.headers["Content-Type"] == "application/problem+json")
    }

    @Test func keptColumnsStayWhenAnItemAboveIsMeasured() {
        // Heights as given: 50 | 60, then 10s in columns 0, 0 and 1.
        let registration = #"""
            {"viewport":{"width":100},"layout":{"masonry":{"columns":2,"itemSizing":"height"},"minimumLineSpacing":0},
            "items":[{"width":10,"height":50},{"width":10,"height":60},{"width":10,"height":10},{"width":10,"height":10},{"width":10,"height":10}]}
            """#
        let id = send("POST", "/v1/layouts", registration).layoutId
        let view = "/v1/layouts/\(id)/attributes"
        #expect(Self.cells(send("POST", view, #"{"bounds":{"width":100,"height":500}}"#)).map { $0["column"] as? Int } == [0, 1, 0, 0, 1])
        let measure = #"[{"op":"resizeItems","section":0,"at":0,"sizes":[{"width":10,"height":100}]}]"#
        let kept = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":\#(measure),"keepColumns":true}"#)
        let moved = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":\#(measure)}"#)
        #expect(kept.status == 201 && moved.status == 201, "\(kept.text) \(moved.text)")
        func columns(_ update: ServiceExchange) -> [Int?] {
            Self.cells(send("POST", "/v1/layouts/\(update.layoutId)/attributes", #"{"bounds":{"width":100,"height":500}}"#)).map { $0["column"] as? Int }
        }
        #expect(columns(kept) == [0, 1, 0, 0, 1])
        #expect(columns(moved) == [0, 1, 1, 1, 1])
        // The kept layout is its items with those columns named, registered from scratch.
        let named = #"""
            {"viewport":{"width":100},"layout":{"masonry":{"columns":2,"itemSizing":"height"},"minimumLineSpacing":0},
            "items":[{"width":10,"height":100,"column":0},{"width":10,"height":60,"column":1},{"width":10,"height":10,"column":0},
            {"width":10,"height":10,"column":0},{"width":10,"height":10,"column":1}]}
            """#
        #expect(send("POST", "/v1/layouts", named).layoutId == kept.layoutId)
        #expect(send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[],"keepColumns":1}"#).pointer == "/keepColumns")
    }

    @Test func aFlingOnColumnsSnapsToItemsNotLines() {
        let id = send("POST", "/v1/layouts", Self.example.replacingOccurrences(of: "bounds", with: "viewport")).layoutId
        let line = send("POST", "/v1/layouts/\(id)/fling", #"{"bounds":{"width":320,"height":300},"velocity":{"y":800},"snap":"line"}"#)
        #expect(line.status == 400 && line.pointer == "/snap", "\(line.text)")
        let item = send("POST", "/v1/layouts/\(id)/fling", #"{"bounds":{"width":320,"height":300},"velocity":{"y":300},"snap":"item"}"#)
        #expect(item.status == 200, "\(item.text)")
        // Projected to 0.499 · 300 ≈ 150: the nearest cell top is item 0's at 52 (the others start at
        // 347 and 502).
        #expect((item.json["targetContentOffset"] as? [String: Double])?["y"] == 52, "\(item.text)")
    }

    @Test func aMasonrySectionCannotJoinACSSLayout() {
        let id = send("POST", "/v1/layouts", #"{"viewport":{"width":320},"layout":{"mode":"css"},"itemCount":3}"#).layoutId
        let insert = #"{"updates":[{"op":"insertSections","at":1,"sections":[{"itemCount":2},{"itemCount":2,"masonry":{"columns":2}}]}]}"#
        let answer = send("POST", "/v1/layouts/\(id)/updates", insert)
        #expect(answer.status == 400 && answer.pointer == "/updates/0/sections/1/masonry", "\(answer.text)")
    }
}
