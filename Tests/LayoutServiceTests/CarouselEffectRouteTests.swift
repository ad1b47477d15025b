import Foundation
import Testing

@testable import LayoutService

/// `parallax.carousel` and the cell models on a carousel's cells, on the wire (docs/parallax.md §2.6):
/// `scale` and `alpha` from each carousel cell's frame in the answer, nothing on other cells, the
/// models' offsets along x; in a scroll, a list of bounds and a fling's frames alike.
@Suite("Carousel effect route")
struct CarouselEffectRouteTests {
    let service = LayoutService()
    static let layout = CarouselFlingRouteTests.layout("groupPaging")

    private func register() -> String {
        let answer = ServiceExchange.send(service, "POST", "/v1/layouts", json: Self.layout)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.layoutId
    }

    /// Every cell's attributes of an answer's list.
    private static func cells(_ list: Any?) -> [[String: Any]] {
        (list as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "cell" }
    }

    /// Holds each cell to the formulas: t from its frame's centre against the row's (150 of 300).
    private static func check(_ cells: [[String: Any]], minScale: Double, minAlpha: Double, maxOffset: Double) {
        #expect(cells.contains { $0["section"] as? Int == 1 } && cells.contains { $0["section"] as? Int == 0 })
        for cell in cells {
            let frame = cell["frame"] as? [String: Double] ?? [:]
            let offset = cell["parallaxOffset"] as? [String: Double] ?? [:]
            let (x, y, width, height) = (frame["x"] ?? .nan, frame["y"] ?? .nan, frame["width"] ?? .nan, frame["height"] ?? .nan)
            if cell["section"] as? Int == 1 {
                let t = min(1, abs(x + width / 2 - 150) / 150)
                // Within 1e-12: Foundation's JSON parser may miss the last bit of the number written.
                #expect(abs((cell["scale"] as? Double ?? .nan) - (1 - (1 - minScale) * t)) < 1e-12, "\(cell)")
                #expect(abs((cell["alpha"] as? Double ?? .nan) - (1 - (1 - minAlpha) * t)) < 1e-12, "\(cell)")
                #expect(offset["y"] == 0 && abs((offset["x"] ?? .nan) - (150 - (x + width / 2)) * maxOffset / (150 + width / 2)) < 1e-9, "\(cell)")
            } else {
                #expect(cell["scale"] == nil && cell["alpha"] == nil, "\(cell)")
                #expect(offset["x"] == 0 && abs((offset["y"] ?? .nan) - (200 - (y + height / 2)) * maxOffset / (200 + height / 2)) < 1e-9, "\(cell)")
            }
        }
    }

    static let parallax = #""parallax":{"model":"center","maxOffset":10,"carousel":{"minScale":0.8,"minAlpha":0.5}}"#

    @Test(arguments: [0.0, 40, 215.5, 460])
    func aScrollGivesEachCarouselCellItsLook(offset: Double) {
        let id = register()
        let answer = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/attributes",
            json: #"{"bounds":{"width":300,"height":400},"orthogonalOffsets":[{"section":1,"offset":\#(offset)}],\#(Self.parallax)}"#)
        #expect(answer.status == 200, "\(answer.text)")
        Self.check(Self.cells(answer.json["attributes"]), minScale: 0.8, minAlpha: 0.5, maxOffset: 10)
        // Without the effect, no cell carries a look.
        let plain = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/attributes",
            json: #"{"bounds":{"width":300,"height":400},"orthogonalOffsets":[{"section":1,"offset":\#(offset)}]}"#)
        #expect(!plain.text.contains(#""scale""#) && !plain.text.contains(#""alpha""#))
    }

    @Test func listsAndFlingFramesCarryTheLooksToo() throws {
        let id = register()
        let list = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/attributes",
            json: #"{"bounds":[{"width":300,"height":400},{"y":20,"width":300,"height":400}],"orthogonalOffsets":[{"section":1,"offset":90}],\#(Self.parallax)}"#)
        let results = try #require(list.json["results"] as? [[String: Any]])
        #expect(results.count == 2)
        Self.check(Self.cells(results[0]["attributes"]), minScale: 0.8, minAlpha: 0.5, maxOffset: 10)
        let fling = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/fling",
            json: #"{"bounds":{"width":300,"height":400},"section":1,"offset":100,"velocity":{"x":1000,"y":0},"frameRate":60,"attributes":true,\#(Self.parallax)}"#)
        let frames = try #require(fling.json["frames"] as? [[String: Any]])
        #expect(frames.count > 10)
        for frame in frames { Self.check(Self.cells(frame["attributes"]), minScale: 0.8, minAlpha: 0.5, maxOffset: 10) }
    }

    @Test(arguments: [
        (#"{"minScale":1.2,"minAlpha":0.5}"#, "/parallax/carousel/minScale"),
        (#"{"minScale":0.5}"#, "/parallax/carousel/minAlpha"),
        (#"{"minScale":0.5,"minAlpha":-0.1}"#, "/parallax/carousel/minAlpha"),
        (#"{"minScale":0.5,"minAlpha":0.5,"rate":1}"#, "/parallax/carousel/rate"),
    ])
    func refusalsNameTheirField(effect: String, pointer: String) {
        let id = register()
        let answer = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":{"width":300,"height":400},"parallax":{"carousel":\#(effect)}}"#)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.json["pointer"] as? String == pointer, "\(answer.text)")
    }
}
