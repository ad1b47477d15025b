import Foundation
import Testing

@testable import LayoutService

/// `layout.estimatedItemSize`: items sent as `{}` and counted items are laid out at the estimate and
/// marked `"estimated": true` until `resizeItems` gives their measured sizes.
@Suite("Self-sizing")
struct SelfSizingTests {
    let service = LayoutService()

    private func send(_ method: String, _ path: String, _ json: String? = nil) -> ServiceExchange {
        ServiceExchange.send(service, method, path, json: json)
    }

    private static let estimate = #"{"estimatedItemSize":{"width":100,"height":40}}"#

    /// The cells of a view of `id`, as the client reads them.
    private func cells(_ id: String) -> [[String: Any]] {
        let answer = scroll(id)
        return (answer.json["attributes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "cell" }
    }

    private func scroll(_ id: String) -> ServiceExchange {
        send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"width":100,"height":400}}"#)
    }

    private func flags(_ id: String) -> [Bool] { cells(id).map { $0["estimated"] as? Bool ?? false } }

    private func heights(_ id: String) -> [Double] { cells(id).map { ($0["frame"] as? [String: Double])?["height"] ?? -1 } }

    private func register(_ json: String) -> ServiceExchange {
        let answer = send("POST", "/v1/layouts", json)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer
    }

    @Test func itemsSentWithoutASizeAreLaidOutAtTheEstimateAndMarked() {
        // The estimate may come after the items in the body.
        let id = register(#"{"viewport":{"width":100,"height":400},"items":[{"width":100,"height":50},{},{"width":100,"height":30},{"maxOffset":4}],"layout":\#(Self.estimate)}"#).layoutId
        #expect(heights(id) == [50, 40, 30, 40])
        #expect(flags(id) == [false, true, false, true])
        // Only an estimated cell has the member, after zIndex, written `true`.
        let text = scroll(id).text
        #expect(text.contains(#"{"kind":"cell","section":0,"item":1,"frame":{"x":0,"y":60,"width":100,"height":40},"center":{"x":50,"y":80},"zIndex":0,"estimated":true}"#))
        #expect(text.contains(#"{"kind":"cell","section":0,"item":0,"frame":{"x":0,"y":0,"width":100,"height":50},"center":{"x":50,"y":25},"zIndex":0}"#))
        #expect(text.components(separatedBy: "estimated").count == 3)
    }

    @Test func countedItemsAreAllEstimates() {
        let id = register(#"{"viewport":{"width":100,"height":400},"layout":\#(Self.estimate),"sections":[{"itemCount":3},{"itemCount":1,"minimumLineSpacing":0}]}"#).layoutId
        #expect(heights(id) == [40, 40, 40, 40])
        #expect(flags(id) == [true, true, true, true])
    }

    @Test func withoutAnEstimateNothingIsMarked() {
        let answer = send("POST", "/v1/layout", #"{"bounds":{"width":100,"height":400},"itemCount":3,"parallax":{"model":"center","maxOffset":5}}"#)
        #expect(answer.status == 200)
        #expect(!answer.text.contains("estimated"))
    }

    @Test func resizeItemsReplacesEstimatesWithMeasurements() {
        let body = { (items: String) in #"{"viewport":{"width":100,"height":400},"layout":\#(Self.estimate),"items":\#(items)}"# }
        let id = register(body(#"[{},{},{"width":100,"height":50}]"#)).layoutId
        #expect(flags(id) == [true, true, false])
        let measured = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"resizeItems","section":0,"at":0,"sizes":[{"width":100,"height":70}]}]}"#)
        #expect(measured.status == 201)
        #expect(flags(measured.layoutId) == [false, true, false])
        #expect(heights(measured.layoutId) == [70, 40, 50])
        // The id is that of the same items registered so: the first measured, the second still `{}`.
        #expect(measured.layoutId == register(body(#"[{"width":100,"height":70},{},{"width":100,"height":50}]"#)).layoutId)
        // Measured at exactly the estimate, an item is no longer an estimate: its id says so.
        let settled = send("POST", "/v1/layouts/\(measured.layoutId)/updates", #"{"updates":[{"op":"resizeItems","section":0,"at":1,"sizes":[{"width":100,"height":40}]}]}"#)
        #expect(settled.status == 201)
        #expect(flags(settled.layoutId) == [false, false, false])
        #expect(heights(settled.layoutId) == [70, 40, 50])
        #expect(settled.layoutId == register(body(#"[{"width":100,"height":70},{"width":100,"height":40},{"width":100,"height":50}]"#)).layoutId)
        #expect(!scroll(settled.layoutId).text.contains("estimated"))
    }

    @Test func aCountedSectionIsMeasuredItemByItem() {
        let id = register(#"{"viewport":{"width":100,"height":400},"layout":\#(Self.estimate),"itemCount":4}"#).layoutId
        let measured = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"resizeItems","section":0,"at":1,"sizes":[{"width":100,"height":25},{"width":100,"height":35}]}]}"#)
        #expect(flags(measured.layoutId) == [true, false, false, true])
        #expect(heights(measured.layoutId) == [40, 25, 35, 40])
        let listed = register(#"{"viewport":{"width":100,"height":400},"layout":\#(Self.estimate),"items":[{},{"width":100,"height":25},{"width":100,"height":35},{}]}"#)
        #expect(measured.layoutId == listed.layoutId)
    }

    @Test func updatesInsertEstimatedItems() {
        let id = register(#"{"viewport":{"width":100,"height":400},"layout":\#(Self.estimate),"items":[{"width":100,"height":50}]}"#).layoutId
        let answer = send("POST", "/v1/layouts/\(id)/updates", #"{"updates":[{"op":"appendItems","section":0,"items":[{},{"width":100,"height":10}]},{"op":"insertSections","at":1,"sections":[{"items":[{}]}]}]}"#)
        #expect(answer.status == 201, "\(answer.text)")
        #expect(flags(answer.layoutId) == [false, true, false, true])
        #expect(heights(answer.layoutId) == [50, 40, 10, 40])
    }

    /// The memo of attribute prefixes keys on the flag: the same cell, estimated or measured, on one
    /// thread, is written as it is.
    @Test func theSameFrameIsMarkedOnlyWhenEstimated() {
        let view = #""bounds":{"width":100,"height":100}"#
        for _ in 0..<2 {
            let estimated = send("POST", "/v1/layout", #"{\#(view),"layout":\#(Self.estimate),"items":[{}]}"#)
            let measured = send("POST", "/v1/layout", #"{\#(view),"layout":\#(Self.estimate),"items":[{"width":100,"height":40}]}"#)
            #expect(estimated.text.contains(#""zIndex":0,"estimated":true}"#))
            #expect(!measured.text.contains("estimated"))
            #expect(estimated.layoutId != measured.layoutId)
        }
    }

    @Test func refusalsNameTheirFieldByPointer() {
        let cases: [(body: String, pointer: String)] = [
            (#"{"viewport":{"width":100},"layout":{"estimatedItemSize":{"width":-1,"height":40}},"itemCount":1}"#, "/layout/estimatedItemSize/width"),
            (#"{"viewport":{"width":100},"layout":{"estimatedItemSize":{"width":100}},"itemCount":1}"#, "/layout/estimatedItemSize/height"),
            (#"{"viewport":{"width":100},"layout":{"estimatedItemSize":7},"itemCount":1}"#, "/layout/estimatedItemSize"),
            (#"{"viewport":{"width":100},"items":[{"width":1,"height":1},{}]}"#, "/items/1"),
            (#"{"viewport":{"width":100},"sections":[{"itemCount":2},{"items":[{"maxOffset":3}]}]}"#, "/sections/1/items/0"),
            // Half a size is not an estimate.
            (#"{"viewport":{"width":100},"layout":\#(Self.estimate),"items":[{"width":10}]}"#, "/items/0/height"),
        ]
        for (body, pointer) in cases {
            let answer = send("POST", "/v1/layouts", body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.pointer == pointer, "\(body): \(answer.text)")
        }
        let oneShot = send("POST", "/v1/layout", #"{"bounds":{"width":100,"height":100},"items":[{}]}"#)
        #expect(oneShot.status == 400)
        #expect(oneShot.pointer == "/items/0")
    }
}
