import Testing

@testable import LayoutService

/// What JSON and URLs leave open is refused, not guessed: a member or a query parameter given twice,
/// and numbers in forms JSON does not have (hex, `inf`, `+1`).
@Suite("Strict parsing")
struct StrictParsingTests {
    let service = LayoutService()

    private func get(_ path: String, _ query: String) -> ServiceExchange {
        let pairs = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        return ServiceExchange(service.handle(ServiceRequest(method: "GET", path: RequestText(path), query: pairs)))
    }

    private func stored() -> String {
        ServiceExchange.send(service, "POST", "/v1/layouts", json: #"{"viewport":{"width":390},"itemCount":20}"#).layoutId
    }

    @Test(arguments: [
        (#"{"bounds":{"width":100,"height":100,"width":50},"itemCount":3}"#, "/bounds/width"),
        (#"{"bounds":{"width":100,"height":100},"itemCount":3,"itemCount":4}"#, "/itemCount"),
        (#"{"bounds":{"width":100,"height":100},"items":[{"width":1,"height":2,"height":3}]}"#, "/items/0/height"),
        (#"{"bounds":{"width":100,"height":100},"layout":{"itemSize":{"width":5,"height":5},"itemSize":{"width":6,"height":6}},"itemCount":1}"#, "/layout/itemSize"),
    ])
    func aMemberGivenTwiceIsRefusedByPointer(body: String, pointer: String) {
        let answer = ServiceExchange.send(service, "POST", "/v1/layout", json: body)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.pointer == pointer, "\(answer.text)")
        #expect(answer.text.contains("appears more than once"))
    }

    @Test func anUpdateOperationNamedTwiceIsRefused() {
        let id = stored()
        let answer = ServiceExchange.send(
            service, "POST", "/v1/layouts/\(id)/updates",
            json: #"{"updates":[{"op":"deleteItems","op":"appendItems","section":0,"items":[]}]}"#)
        #expect(answer.status == 400 && answer.pointer == "/updates/0/op", "\(answer.text)")
        // The plain scroll's fast decoder hands such a body to the full one, which refuses it.
        let scroll = ServiceExchange.send(service, "POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":{"width":9,"height":9},"scale":2,"scale":3}"#)
        #expect(scroll.status == 400 && scroll.pointer == "/scale", "\(scroll.text)")
    }

    @Test(arguments: ["x=0&y=0&x=5&width=9&height=9", "x=0&y=0&width=9&height=9&scale=2&scale=3"])
    func aQueryParameterGivenTwiceIsRefused(query: String) {
        let answer = get("/v1/layouts/\(stored())/attributes", query)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.json["parameter"] as? String == (query.hasPrefix("x=0&y=0&x") ? "x" : "scale"))
    }

    @Test(arguments: ["0x10", "inf", "-infinity", "nan", "+1", "1.", ".5", "01", "1e", " 1", "1_0"])
    func numbersJSONDoesNotHaveAreRefused(spelling: String) {
        let id = stored()
        let answer = get("/v1/layouts/\(id)/attributes", "x=0&y=0&width=9&height=9&scale=\(spelling)")
        #expect(answer.status == 400 && answer.json["parameter"] as? String == "scale", "\(spelling): \(answer.text)")
        let hit = get("/v1/layouts/\(id)/hit", "x=\(spelling)&y=1")
        #expect(hit.status == 400 && hit.json["parameter"] as? String == "x", "\(spelling): \(hit.text)")
    }

    @Test(arguments: ["0", "-0", "2", "2.5", "1e0", "3E+0", "-1.25e-1", "10"])
    func numbersAsJSONSpellsThemAreRead(spelling: String) {
        #expect(QueryParameters.isJSONNumber(spelling))
        let answer = get("/v1/layouts/\(stored())/attributes", "x=0&y=\(spelling)&width=9&height=9")
        #expect(answer.status == 200, "\(spelling): \(answer.text)")
    }
}
