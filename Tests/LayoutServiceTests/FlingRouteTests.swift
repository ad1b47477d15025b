import Foundation
import Testing

@testable import LayoutService

/// `POST /v1/layouts/{id}/fling` through the service's request path: the projected and target offsets
/// and the duration (docs/flow-layout.md §21), the frames' bounds, each frame's attributes the bytes a
/// scroll answers for those bounds, and every refusal naming its field.
@Suite("Fling route")
struct FlingRouteTests {
    let service = LayoutService()

    /// 100 × 100 items, three to a line of 320, lines 110 apart, 30 items (1090 long), content inset 50
    /// above and 30 below: a 400-high view rests between −50 and 720.
    static let grid = #"{"viewport":{"width":320},"contentInset":{"top":50,"bottom":30},"layout":{"itemSize":{"width":100,"height":100}},"itemCount":30}"#

    private func register(_ json: String = Self.grid, in service: LayoutService? = nil) -> String {
        let answer = ServiceExchange.send(service ?? self.service, "POST", "/v1/layouts", json: json)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.layoutId
    }

    private func fling(_ id: String, _ body: String, in service: LayoutService? = nil) -> ServiceExchange {
        ServiceExchange.send(service ?? self.service, "POST", "/v1/layouts/\(id)/fling", json: body)
    }

    private static func point(_ value: Any?) -> [Double]? {
        guard let object = value as? [String: Any], let x = object["x"] as? Double, let y = object["y"] as? Double else { return nil }
        return [x, y]
    }

    @Test func answersTheProjectionTheSnappedTargetAndTheDuration() {
        let id = register()
        let answer = fling(id, #"{"bounds":{"x":0,"y":0,"width":320,"height":400},"velocity":{"x":0,"y":500},"snap":"line"}"#)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.layoutId == id)
        // 0.499 · 500 = 249.5 (to the rounding of 0.998 / 0.002); the nearest line edge puts line 3
        // (y = 330) 50 below the offset: 280.
        #expect(Self.point(answer.json["projectedContentOffset"]).map { $0[0] == 0 && abs($0[1] - 249.5) < 1e-9 } == true)
        #expect(Self.point(answer.json["targetContentOffset"]) == [0, 280])
        let duration = try? #require(answer.json["duration"] as? Double)
        #expect(abs((duration ?? 0) - Foundation.log(560) / -Foundation.log(0.998) / 1000) < 1e-12)
        #expect(answer.json["frames"] == nil)
        #expect(answer.text.hasPrefix(#"{"layoutId":"\#(id)","algorithmVersion":"#))
        #expect(answer.headers["ETag"]?.hasPrefix("\"\(id)-") == true)
        // The same body answers the same bytes.
        #expect(fling(id, #"{"bounds":{"x":0,"y":0,"width":320,"height":400},"velocity":{"x":0,"y":500},"snap":"line"}"#).text == answer.text)
    }

    @Test func ratesAndSnapModesAreReadByName() {
        let id = register()
        let body = { (rest: String) in #"{"bounds":{"y":100,"width":320,"height":400},"velocity":{"y":400}\#(rest)}"# }
        // Fast: 100 + 0.99 / 0.01 · 0.4 = 139.6; unsnapped the target is the projection.
        let fast = fling(id, body(#","decelerationRate":"fast""#))
        #expect(Self.point(fast.json["targetContentOffset"]).map { abs($0[1] - 139.6) < 1e-9 } == true, "\(fast.text)")
        // A number: 0.5 / 0.5 · 0.4 = 0.4.
        let custom = fling(id, body(#","decelerationRate":0.5"#))
        #expect(Self.point(custom.json["projectedContentOffset"]).map { abs($0[1] - 100.4) < 1e-9 } == true, "\(custom.text)")
        // Paging at the threshold (400 points/s) turns the page: 350.
        #expect(Self.point(fling(id, body(#","snap":"page""#)).json["targetContentOffset"]) == [0, 350])
        #expect(Self.point(fling(id, body(#","snap":"item","decelerationRate":"normal""#)).json["targetContentOffset"]) == [0, 280])
        #expect(Self.point(fling(id, body(#","snap":"none""#)).json["targetContentOffset"]).map { abs($0[1] - 299.6) < 1e-9 } == true)
    }

    @Test func aFrameRateListsEveryFramesBoundsFromNowToTheTarget() throws {
        let id = register()
        let answer = fling(id, #"{"bounds":{"x":0,"y":0,"width":320,"height":400},"velocity":{"y":500},"snap":"line","frameRate":120}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let frames = try #require(answer.json["frames"] as? [[String: Any]])
        // T = ln 560 / −ln 0.998 ≈ 3161 ms: frames 0 … ⌈379.3⌉.
        #expect(frames.count == 381)
        let ys = frames.compactMap { ($0["bounds"] as? [String: Any])?["y"] as? Double }
        #expect(ys.count == frames.count)
        #expect(ys.first == 0)
        #expect(ys.last == 280)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 })
        #expect(frames.allSatisfy { $0.keys.sorted() == ["bounds"] })
        let last = try #require(frames.last?["bounds"] as? [String: Double])
        #expect(last == ["x": 0, "y": 280, "width": 320, "height": 400])
    }

    /// The raw text of each `{"bounds": {…}` object's bounds in `text`, in order.
    private static func rawBounds(_ text: String) -> [String] {
        text.components(separatedBy: #"{"bounds":"#).dropFirst().map { piece in String(piece[...piece.firstIndex(of: "}")!]) }
    }

    @Test(arguments: ["\"scale\":3", "\"scale\":2,\"layoutDirection\":\"rightToLeft\",\"parallax\":{\"model\":\"cover\",\"maxOffset\":12}"])
    func eachFramesAttributesAreTheBytesAScrollAnswersForItsBounds(view: String) throws {
        let id = register()
        let answer = fling(
            id, #"{"bounds":{"x":0,"y":40,"width":320,"height":400},"velocity":{"y":-1200},"decelerationRate":"fast","snap":"center","frameRate":60,"attributes":true,\#(view)}"#)
        #expect(answer.status == 200, "\(answer.text)")
        let bounds = Self.rawBounds(answer.text)
        #expect(bounds.count > 10)
        var frames: [String] = []
        for raw in bounds {
            let scroll = ServiceExchange.send(service, "POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":\#(raw),\#(view)}"#)
            #expect(scroll.status == 200, "\(scroll.text)")
            let list = try #require(scroll.text.range(of: #","attributes":"#))
            frames.append(#"{"bounds":\#(raw),"attributes":\#(scroll.text[list.upperBound...].dropLast())}"#)
        }
        #expect(answer.text.hasSuffix(#","frames":[\#(frames.joined(separator: ","))]}"#))
        // From 40 back past the top: the target is the top, −50, and every frame has cells.
        #expect(bounds.last == #"{"x":0,"y":-50,"width":320,"height":400}"#)
        #expect(!answer.text.contains(#""attributes":[]"#))
    }

    @Test(arguments: [
        (#"{"bounds":{"width":320,"height":400}}"#, "/velocity"),
        (#"{"bounds":{"width":320,"height":400},"velocity":"fast"}"#, "/velocity"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{"x":"a"}}"#, "/velocity/x"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{"y":1e10}}"#, "/velocity/y"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{"z":1}}"#, "/velocity/z"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"decelerationRate":1}"#, "/decelerationRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"decelerationRate":0}"#, "/decelerationRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"decelerationRate":-0.5}"#, "/decelerationRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"decelerationRate":"slow"}"#, "/decelerationRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"decelerationRate":true}"#, "/decelerationRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"snap":"pages"}"#, "/snap"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"snap":1}"#, "/snap"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"frameRate":90}"#, "/frameRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"frameRate":"60"}"#, "/frameRate"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"attributes":true}"#, "/attributes"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"attributes":"yes","frameRate":60}"#, "/attributes"),
        (#"{"velocity":{"y":100}}"#, "/bounds"),
        (#"{"bounds":[{"width":320,"height":400}],"velocity":{}}"#, "/bounds"),
        (#"{"bounds":{"width":-1,"height":400},"velocity":{}}"#, "/bounds/width"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"scale":40}"#, "/scale"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"parallax":{"model":"tilt"}}"#, "/parallax/model"),
        (#"{"bounds":{"width":320,"height":400},"velocity":{},"band":true}"#, "/band"),
        (#"[]"#, ""),
    ])
    func refusalsNameTheirField(body: String, pointer: String) {
        let answer = fling(register(), body)
        #expect(answer.status == 400, "\(body)")
        #expect(answer.pointer == pointer, "\(body): \(answer.text)")
        #expect(answer.headers["Content-Type"] == "application/problem+json")
    }

    @Test func aFlingLongerThanTheFrameLimitIsRefusedWhole() {
        let id = register()
        // 0.9999 per ms from 0 to the end (720): T = ln 1440 / −ln 0.9999 ≈ 72.7 s, 8725 frames at 120 Hz.
        let body = #"{"bounds":{"width":320,"height":400},"velocity":{"y":2000},"decelerationRate":0.9999,"frameRate":120}"#
        let answer = fling(id, body)
        #expect(answer.status == 400)
        #expect(answer.type == "/problems/limit-exceeded")
        #expect(answer.pointer == "/frameRate")
        #expect((answer.json["detail"] as? String)?.contains("more than the 600 one answer may list") == true, "\(answer.text)")
        // Without frames the same fling is answered.
        #expect(fling(id, body.replacingOccurrences(of: #","frameRate":120"#, with: "")).status == 200)
    }

    @Test func theFrameLimitAdmitsExactlyItsFrames() throws {
        let body = #"{"bounds":{"width":320,"height":400},"velocity":{"y":500},"snap":"line","frameRate":60}"#
        let count = try #require((fling(register(), body).json["frames"] as? [Any])?.count)
        for (limit, status) in [(count, 200), (count - 1, 400)] {
            var configuration = LayoutService.Configuration()
            configuration.limits.maxFlingFrames = limit
            let limited = LayoutService(configuration: configuration)
            #expect(fling(register(in: limited), body, in: limited).status == status, "limit \(limit), \(count) frames")
        }
    }

    @Test func framesHoldingMoreAttributesThanAnAnswerCarriesAreRefused() {
        var configuration = LayoutService.Configuration()
        configuration.limits.maxAnswerAttributes = 100
        let limited = LayoutService(configuration: configuration)
        let id = register(in: limited)
        let body = #"{"bounds":{"width":320,"height":400},"velocity":{"y":500},"frameRate":60,"attributes":true}"#
        let answer = fling(id, body, in: limited)
        #expect(answer.status == 400)
        #expect(answer.type == "/problems/answer-too-large")
        #expect(answer.pointer == "/attributes")
        // The bounds alone are answered.
        #expect(fling(id, body.replacingOccurrences(of: #","attributes":true"#, with: ""), in: limited).status == 200)
    }

    @Test func unknownLayoutsAndOtherMediaTypes() {
        let body = #"{"bounds":{"width":320,"height":400},"velocity":{"y":500}}"#
        let unknown = fling("0123456789abcdef0123456789abcdef", body)
        #expect(unknown.status == 404)
        #expect(unknown.type == "/problems/layout-not-found")
        #expect(fling("abc", body).status == 404)
        let text = ServiceExchange.send(service, "POST", "/v1/layouts/\(register())/fling", json: body, contentType: "text/plain")
        #expect(text.status == 415)
    }
}
