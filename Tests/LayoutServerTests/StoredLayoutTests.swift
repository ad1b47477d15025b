import Foundation
import Testing

@Suite("Stored layouts over HTTP")
struct StoredLayoutTests {
    static let registration = """
        {"viewport":{"width":390},"layout":{"headerReferenceSize":{"height":30}},
         "items":[{"width":100,"height":50},{"width":120,"height":80},{"width":390,"height":40},{"width":60,"height":60}]}
        """

    private func register(_ client: HTTPTestClient, _ body: String = registration) throws -> (HTTPTestClient.Response, String) {
        let response = try client.request("POST", "/v1/layouts", json: body)
        return (response, response.json["layoutId"] as? String ?? "")
    }

    @Test func registeringTwiceGivesTheSameIdWith201Then200() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (first, id) = try register(client)
            #expect(first.status == 201)
            #expect(first.headers["location"] == "/v1/layouts/\(id)")
            #expect(id.count == 32)
            #expect(first.json["itemCount"] as? Int == 4)
            #expect(first.json["contentSize"] as? [String: Double] == ["width": 390, "height": 230])
            let (second, sameId) = try register(client)
            #expect(second.status == 200)
            #expect(sameId == id)
        }
    }

    @Test func scrollAnswersLikeTheFullRequest() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (_, id) = try register(client)
            let scrolled = try client.request("POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":{"x":0,"y":40,"width":390,"height":100},"scale":3}"#)
            #expect(scrolled.status == 200)
            #expect(scrolled.headers["etag"]?.hasPrefix("\"\(id)-") == true)
            let full = Self.registration.replacingOccurrences(of: #""viewport":{"width":390}"#, with: #""bounds":{"x":0,"y":40,"width":390,"height":100},"scale":3"#)
            let direct = try client.request("POST", "/v1/layout", json: full)
            #expect(direct.json["layoutId"] as? String == id)
            #expect(scrolled.text == direct.text, "a stored scroll and a full request give the same bytes")
        }
    }

    @Test func getWithQueryParametersAndConditionalRequests() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (_, id) = try register(client)
            let answer = try client.request("GET", "/v1/layouts/\(id)/attributes?x=0&y=0&width=390&height=60", body: nil, headers: [:])
            #expect(answer.status == 200)
            #expect(answer.headers["cache-control"]?.contains("immutable") == true)
            let kinds = (answer.json["attributes"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")\($0["item"] ?? "")" }
            #expect(kinds == ["cell0", "cell1", "header"])
            let etag = try #require(answer.headers["etag"])
            let again = try client.request("GET", "/v1/layouts/\(id)/attributes?x=0&y=0&width=390&height=60", body: nil, headers: ["If-None-Match": etag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            let other = try client.request("GET", "/v1/layouts/\(id)/attributes?x=0&y=50&width=390&height=60", body: nil, headers: ["If-None-Match": etag])
            #expect(other.status == 200)
            #expect(other.headers["etag"] != etag)
            let bad = try client.request("GET", "/v1/layouts/\(id)/attributes?width=390&height=abc", body: nil, headers: [:])
            #expect(bad.status == 400)
            #expect(bad.json["parameter"] as? String == "height")
        }
    }

    /// Escapes are undone in the path and in each query value before routing and decoding (the
    /// server skips unescaping only for texts without a `%`).
    @Test func percentEscapesInThePathAndQueryAreUndone() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (_, id) = try register(client)
            let plain = try client.request("GET", "/v1/layouts/\(id)/attributes?x=0&y=50&width=390&height=60", body: nil, headers: [:])
            #expect(plain.status == 200)
            // "%6C" is "l", "%35%30" is "50" and "%2E" is ".".
            let escaped = try client.request("GET", "/v1/%6Cayouts/\(id)/attributes?x=0&y=%35%30&width=390%2E0&height=60", body: nil, headers: [:])
            #expect(escaped.status == 200)
            #expect(escaped.body == plain.body)
            let bad = try client.request("GET", "/v1/layouts/\(id)/attributes?x=0&y=5%30px&width=390&height=60", body: nil, headers: [:])
            #expect(bad.status == 400)
            #expect(bad.json["parameter"] as? String == "y")
        }
    }

    @Test func aListOfBoundsAnswersOneListEach() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (_, id) = try register(client)
            let fling = (0..<10).map { #"{"x":0,"y":\#($0 * 20),"width":390,"height":50}"# }.joined(separator: ",")
            let answer = try client.request("POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":[\#(fling)],"parallax":{"model":"center","maxOffset":10}}"#)
            #expect(answer.status == 200)
            let results = answer.json["results"] as? [[String: Any]] ?? []
            #expect(results.count == 10)
            // Each entry equals the single-bounds answer for the same bounds.
            for (index, result) in results.enumerated() {
                let single = try client.request("POST", "/v1/layouts/\(id)/attributes", json: #"{"bounds":{"x":0,"y":\#(index * 20),"width":390,"height":50},"parallax":{"model":"center","maxOffset":10}}"#)
                #expect((result["attributes"] as? NSArray) == (single.json["attributes"] as? NSArray))
            }
        }
    }

    @Test func unknownDeletedAndMalformedIdsAre404TellingToRegisterAgain() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let (_, id) = try register(client)
            #expect(try client.request("GET", "/v1/layouts/\(id)", body: nil, headers: [:]).status == 200)
            #expect(try client.request("DELETE", "/v1/layouts/\(id)", body: nil, headers: [:]).status == 204)
            for path in ["/v1/layouts/\(id)", "/v1/layouts/\(id)/attributes?width=1&height=1", "/v1/layouts/not-an-id"] {
                let missing = try client.request("GET", path, body: nil, headers: [:])
                #expect(missing.status == 404)
                #expect(missing.json["type"] as? String == "/problems/layout-not-found")
            }
            #expect(try client.request("DELETE", "/v1/layouts/\(id)", body: nil, headers: [:]).status == 404)
            // /v1/layout needs no registration.
            let full = Self.registration.replacingOccurrences(of: #""viewport":{"width":390}"#, with: #""bounds":{"width":390,"height":100}"#)
            #expect(try client.request("POST", "/v1/layout", json: full).status == 200)
        }
    }

    /// A layout that alone exceeds the cache's whole budget cannot be stored: registering it is a 507
    /// naming both sizes (never a 201 whose Location then 404s), and /v1/layout still computes it.
    @Test func aLayoutLargerThanTheWholeCacheIs507AndLayoutStillAnswers() throws {
        try withTestServer(maxBodyBytes: 256 * 1024, cacheBytes: 16 * 1024) { server in
            let client = try HTTPTestClient(port: server.port)
            // 2,000 items one per line: about 72 KB stored, over a 16 KiB budget.
            let items = (0..<2000).map { #"{"width":\#(200 + $0 % 150),"height":\#(20 + $0 % 40)}"# }.joined(separator: ",")
            let answer = try client.request("POST", "/v1/layouts", json: #"{"viewport":{"width":390},"items":[\#(items)]}"#)
            #expect(answer.status == 507)
            #expect(answer.headers["content-type"] == "application/problem+json")
            #expect(answer.headers["location"] == nil)
            #expect(answer.json["type"] as? String == "/problems/layout-too-large")
            #expect(answer.json["status"] as? Int == 507)
            let detail = answer.json["detail"] as? String ?? ""
            #expect(detail.contains("The layout of 2000 items needs "), "\(detail)")
            #expect(detail.contains(" bytes, more than the cache's whole budget of 16384 bytes"), "\(detail)")
            let needed = detail.split(separator: " ").dropFirst(6).first.flatMap { Int($0) } ?? 0
            #expect(needed > 2000 * 36 && needed <= 2000 * 40, "\(detail)")
            #expect(server.service.cache.statistics.entries == 0)

            // Posting it again is the same 507, not a 200.
            #expect(try client.request("POST", "/v1/layouts", json: #"{"viewport":{"width":390},"items":[\#(items)]}"#).status == 507)
            // A layout that fits still registers.
            let (small, id) = try register(client)
            #expect(small.status == 201)
            #expect(try client.request("GET", "/v1/layouts/\(id)", body: nil, headers: [:]).status == 200)
            // /v1/layout answers the big one, computed each time and never cached.
            let full = #"{"bounds":{"x":0,"y":1000,"width":390,"height":300},"items":[\#(items)]}"#
            for _ in 0..<2 {
                let computed = try client.request("POST", "/v1/layout", json: full)
                #expect(computed.status == 200)
                #expect(computed.json["cache"] as? String == "miss")
                #expect((computed.json["attributes"] as? [Any])?.isEmpty == false)
            }
            #expect(server.service.cache.statistics.entries == 1)
        }
    }

    @Test func registrationNeedsTheCrossAxisLength() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let answer = try client.request("POST", "/v1/layouts", json: #"{"viewport":{"height":800},"itemCount":3}"#)
            #expect(answer.status == 400)
            #expect(answer.json["pointer"] as? String == "/viewport/width")
        }
    }
}
