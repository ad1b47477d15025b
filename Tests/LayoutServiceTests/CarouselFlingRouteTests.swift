import Foundation
import Testing

@testable import LayoutService

/// A carousel's fling through `POST /v1/layouts/{id}/fling` with `section` (docs/flow-layout.md
/// §23.15): the section's resting offset by its behaviour, its offset at each frame, each frame's
/// attributes the bytes a scroll answers at that offset, and the refusals naming their fields.
@Suite("Carousel fling route")
struct CarouselFlingRouteTests {
    let service = LayoutService()

    /// A list section, then a row of groups half the 300-point view wide (140 of content, 10 apart,
    /// 10 inset each side): groups start every 150, the row is 760 wide and rests in 0…460.
    static func layout(_ behaviour: String) -> String {
        #"{"viewport":{"width":300,"height":400},"sections":[{"itemCount":2,"compositional":{"group":{"direction":"horizontal","width":{"fractionalWidth":1},"height":{"absolute":50},"subitems":[{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}]}}},"#
            + #"{"itemCount":10,"compositional":{"orthogonalScrolling":"\#(behaviour)","interGroupSpacing":10,"contentInsets":{"leading":10,"trailing":10},"group":{"direction":"vertical","width":{"fractionalWidth":0.5},"height":{"absolute":90},"count":2,"interItemSpacing":{"fixed":10},"subitems":[{"width":{"fractionalWidth":1},"height":{"absolute":1}}]}}}]}"#
    }

    private func register(_ behaviour: String) -> String {
        let answer = ServiceExchange.send(service, "POST", "/v1/layouts", json: Self.layout(behaviour))
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.layoutId
    }

    private func fling(_ id: String, _ rest: String) -> ServiceExchange {
        ServiceExchange.send(service, "POST", "/v1/layouts/\(id)/fling", json: #"{"bounds":{"width":300,"height":400},\#(rest)}"#)
    }

    @Test(arguments: [
        // From 100: groupPaging turns one group past 400 points/s, else settles on the nearer (150 of 0 and 150).
        ("groupPaging", 100.0, 1000.0, 150.0), ("groupPaging", 100.0, -1000.0, 0.0), ("groupPaging", 100.0, 100.0, 150.0),
        // paging: pages of 300; from 100 past the threshold, the next; the last page ends at 460.
        ("paging", 100.0, 1000.0, 300.0), ("paging", 400.0, 5000.0, 460.0), ("paging", 100.0, 100.0, 0.0),
        // continuous: the projection (100 + 0.499 · 200 = 199.8), clamped; the leading boundary nearest it: 150.
        ("continuous", 100.0, 200.0, 199.8), ("continuous", 100.0, 5000.0, 460.0), ("continuousGroupLeadingBoundary", 100.0, 200.0, 150.0),
    ])
    func restsWhereItsBehaviourSays(behaviour: String, offset: Double, velocity: Double, target: Double) throws {
        let id = register(behaviour)
        let answer = fling(id, #""section":1,"offset":\#(offset),"velocity":{"x":\#(velocity),"y":0}"#)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json["section"] as? Int == 1)
        let resting = try #require(answer.json["targetOffset"] as? Double)
        #expect(abs(resting - target) < 1e-9, "\(answer.text)")
        let projected = try #require(answer.json["projectedOffset"] as? Double)
        #expect(abs(projected - (offset + velocity / 1000 * 0.998 / 0.002)) < 1e-9)
        let duration = try #require(answer.json["duration"] as? Double)
        let distance = abs(target - offset)
        #expect(abs(duration - (distance > 0.5 ? Foundation.log(2 * distance) / -Foundation.log(0.998) / 1000 : 0)) < 1e-9)
        #expect(answer.text.hasPrefix(#"{"layoutId":"\#(id)","algorithmVersion":"#))
    }

    @Test func aCentredRowPagesFromCentreToCentre() throws {
        // Groups 140 wide in 300: the insets grow to 80, so group j is centred at offset 150 · j.
        let id = register("groupPagingCentered")
        let answer = fling(id, #""section":1,"offset":150,"velocity":{"x":800,"y":0}"#)
        #expect(answer.json["targetOffset"] as? Double == 300, "\(answer.text)")
        let scroll = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/attributes",
            json: #"{"bounds":{"width":300,"height":400},"orthogonalOffsets":[{"section":1,"offset":300}]}"#)
        // Group 2 (items 4 and 5) centred: x = 80 + 300 − 300 = 80, 140 wide.
        let cells = try #require(scroll.json["attributes"] as? [[String: Any]])
        let item4 = try #require(cells.first { $0["section"] as? Int == 1 && $0["item"] as? Int == 4 }?["frame"] as? [String: Double])
        #expect(item4["x"] == 80 && item4["width"] == 140)
        let widths = try #require(scroll.json["orthogonalSections"] as? [[String: Double]])
        #expect(widths.first?["contentWidth"] == 900.0, "80 + 740 + 80")
    }

    @Test func framesGiveTheOffsetAndEachFramesAttributesAreAScrollsAtIt() throws {
        let id = register("groupPaging")
        let offsets = fling(id, #""section":1,"offset":100,"velocity":{"x":1000,"y":0},"frameRate":60"#)
        let frames = try #require(offsets.json["frames"] as? [[String: Double]])
        #expect(frames.first == ["offset": 100] && frames.last == ["offset": 150])
        #expect(zip(frames, frames.dropFirst()).allSatisfy { ($0["offset"] ?? 0) < ($1["offset"] ?? 0) })
        let view = #""scale":2,"parallax":{"model":"center","maxOffset":10}"#
        let answer = fling(id, #""section":1,"offset":100,"velocity":{"x":1000,"y":0},"frameRate":60,"attributes":true,\#(view)"#)
        #expect(answer.status == 200, "\(answer.text)")
        var expected: [String] = []
        for frame in frames {
            let offset = try #require(frame["offset"])
            let scroll = ServiceExchange.send(
                service, "POST", "/v1/layouts/\(id)/attributes",
                json: #"{"bounds":{"width":300,"height":400},"orthogonalOffsets":[{"section":1,"offset":\#(offset)}],\#(view)}"#)
            let list = try #require(scroll.text.range(of: #","attributes":"#))
            let number = offsets.text.components(separatedBy: #"{"offset":"#).dropFirst()[expected.count + 1].prefix { $0 != "}" }
            expected.append(#"{"bounds":{"x":0,"y":0,"width":300,"height":400},"offset":\#(number),"attributes":\#(scroll.text[list.upperBound...].dropLast())}"#)
        }
        #expect(answer.text.hasSuffix(#","frames":[\#(expected.joined(separator: ","))]}"#))
    }

    @Test(arguments: [
        (#""section":0,"offset":0,"velocity":{"x":100,"y":0}"#, "/section"),
        (#""section":7,"offset":0,"velocity":{"x":100,"y":0}"#, "/section"),
        (#""section":1,"velocity":{"x":100,"y":0}"#, "/offset"),
        (#""offset":10,"velocity":{"x":100,"y":0}"#, "/offset"),
        (#""section":1,"offset":0,"snap":"page","velocity":{"x":100,"y":0}"#, "/snap"),
        (#""section":-1,"offset":0,"velocity":{"x":100,"y":0}"#, "/section"),
    ])
    func refusalsNameTheirField(rest: String, pointer: String) {
        let id = register("groupPaging")
        let answer = fling(id, rest)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.json["pointer"] as? String == pointer, "\(answer.text)")
    }
}
