import Foundation
import Testing

@testable import LayoutService

/// `"band": true` on a scroll: the answer adds what a client needs to compute any view inside the
/// bounds itself (docs/flow-layout.md §19). The JavaScript client's tests compare such views with the
/// service's over thousands of random layouts; these check the member's values by hand.
@Suite("Bands")
struct BandTests {
    let service = LayoutService()

    private func send(_ method: String, _ path: String, _ json: String) -> ServiceExchange {
        ServiceExchange.send(service, method, path, json: json)
    }

    /// Two sections of 100-point squares two to a line, 40-point headers (pinned) and 20-point footers:
    /// section 0 is header 0–40, lines at 40, 150, 260, footer 360–380; section 1 header 380–420, one
    /// line at 420 whose first cell has its own depth, footer 520–540.
    private func register() -> String {
        let answer = send("POST", "/v1/layouts", #"""
            {"viewport":{"width":300},"layout":{"itemSize":{"width":100,"height":100},"headerReferenceSize":{"height":40},
             "footerReferenceSize":{"height":20},"sectionHeadersPinToVisibleBounds":true},
             "sections":[{"itemCount":6},{"items":[{"width":100,"height":100,"maxOffset":7},{"width":100,"height":100}]}]}
            """#)
        #expect(answer.status == 201)
        return answer.layoutId
    }

    @Test func aBandCarriesTheSpansOfItsSectionsAndTheDepthsOfItsCells() {
        let id = register()
        let answer = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"x":0,"y":0,"width":300,"height":450},"band":true}"#)
        #expect(answer.status == 200)
        #expect(answer.text.hasSuffix(#"""
            ,"band":{"orderedSections":true,"pinsHeaders":true,"pinsFooters":false,"sections":[\#
            {"section":0,"start":0,"end":380,"header":{"x":0,"y":0,"width":300,"height":40},"footer":{"x":0,"y":360,"width":300,"height":20}},\#
            {"section":1,"start":380,"end":540,"header":{"x":0,"y":380,"width":300,"height":40},"footer":{"x":0,"y":520,"width":300,"height":20}}],\#
            "depths":[{"section":1,"item":0,"maxOffset":7}]}}
            """#), "\(answer.text)")
        // The attributes are the scroll's, byte for byte.
        let plain = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"x":0,"y":0,"width":300,"height":450}}"#)
        #expect(answer.text.hasPrefix(String(plain.text.dropLast())))
    }

    @Test func aGetWithBandTrueAnswersTheBandThePostDoes() {
        let id = register()
        let post = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"x":0,"y":0,"width":300,"height":450},"band":true}"#)
        func get(_ band: String) -> ServiceExchange {
            ServiceExchange(service.handle(ServiceRequest(
                method: "GET", path: RequestText("/v1/layouts/\(id)/attributes"),
                query: [("x", "0"), ("y", "0"), ("width", "300"), ("height", "450"), ("band", band)])))
        }
        let banded = get("true")
        #expect(banded.status == 200 && banded.text == post.text)
        #expect(banded.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        let plain = get("false")
        #expect(plain.json["band"] == nil && banded.text.hasPrefix(String(plain.text.dropLast())))
        #expect(banded.headers["ETag"] != plain.headers["ETag"])
        let refused = get("yes")
        #expect(refused.status == 400 && refused.json["type"] as? String == "/problems/invalid-parameter")
    }

    @Test func aBandListsOnlyTheSectionsItsBoundsTouchAndTheCellsWithDepthsInIt() {
        let id = register()
        let answer = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"x":0,"y":0,"width":300,"height":300},"band":true}"#)
        let band = answer.json["band"] as? [String: Any]
        #expect((band?["sections"] as? [[String: Any]])?.compactMap { $0["section"] as? Int } == [0])
        #expect((band?["depths"] as? [Any])?.isEmpty == true)
    }

    @Test func eachBoundsOfAListGetsItsBand() {
        let id = register()
        let answer = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":[{"width":300,"height":100},{"y":500,"width":300,"height":100}],"band":true}"#)
        let results = answer.json["results"] as? [[String: Any]] ?? []
        let sections = results.map { (($0["band"] as? [String: Any])?["sections"] as? [[String: Any]])?.compactMap { $0["section"] as? Int } }
        #expect(sections == [[0], [1]])
    }

    @Test func rightToLeftHorizontalHeadersAreMirroredAndSpansAreNot() {
        // Columns of one 50-point square after a 30-point header: the section spans 0–140 and its
        // header, mirrored across the content width, rests at x 110.
        let id = send("POST", "/v1/layouts", #"""
            {"viewport":{"height":100},"layout":{"scrollDirection":"horizontal","itemSize":{"width":50,"height":50},
             "headerReferenceSize":{"width":30}},"itemCount":2}
            """#).layoutId
        let answer = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"width":140,"height":100},"layoutDirection":"rightToLeft","band":true}"#)
        #expect(answer.text.hasSuffix(#"""
            "band":{"orderedSections":true,"pinsHeaders":false,"pinsFooters":false,"sections":[\#
            {"section":0,"start":0,"end":140,"header":{"x":110,"y":0,"width":30,"height":100}}],"depths":[]}}
            """#), "\(answer.text)")
    }

    @Test func bandIsABoolean() {
        let id = register()
        let answer = send("POST", "/v1/layouts/\(id)/attributes", #"{"bounds":{"width":300,"height":100},"band":"yes"}"#)
        #expect(answer.status == 400)
        #expect(answer.pointer == "/band")
    }

    /// A band's sections count against the answer's budget with its attributes: with negative insets
    /// every section may be in a band, and 240 bounds of 10,000 sections each would be a 550 MB answer.
    @Test func aBandsSectionsCountAgainstTheAnswersBudget() {
        let sections = Array(repeating: #"{"itemCount":1}"#, count: 10_000).joined(separator: ",")
        let registered = send("POST", "/v1/layouts", #"""
            {"viewport":{"width":390},"layout":{"headerReferenceSize":{"height":20},"footerReferenceSize":{"height":20},
             "sectionInset":{"top":-1000}},"sections":[\#(sections)]}
            """#)
        #expect(registered.status == 201)
        let far = #"{"x":0,"y":1e8,"width":390,"height":1}"#
        let list = send(
            "POST", "/v1/layouts/\(registered.layoutId)/attributes",
            #"{"bounds":[\#(Array(repeating: far, count: 240).joined(separator: ","))],"band":true}"#)
        #expect(list.status == 400 && list.type == "/problems/answer-too-large", "\(list.text.prefix(300))")
        // 10 bounds of 10,000 sections are within the budget of 100,000; the 11th passes it.
        #expect(list.pointer == "/bounds/10", "\(list.text.prefix(300))")
        let one = send("POST", "/v1/layouts/\(registered.layoutId)/attributes", #"{"bounds":\#(far),"band":true}"#)
        #expect(one.status == 200)
        let small = LayoutService(configuration: {
            var configuration = LayoutService.Configuration()
            configuration.limits.maxAnswerAttributes = 9_999
            return configuration
        }())
        let id = ServiceExchange.send(small, "POST", "/v1/layouts", json: #"""
            {"viewport":{"width":390},"layout":{"sectionInset":{"top":-1000}},"sections":[\#(sections)]}
            """#).layoutId
        let refused = ServiceExchange.send(small, "POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":\#(far),"band":true}"#)
        #expect(refused.status == 400 && refused.pointer == "/bounds", "\(refused.text.prefix(300))")
    }
}
