import Foundation
import Testing

/// Parallax is a pure function of the cached base layout and the bounds: an answer from a fresh build
/// and one from the cache are the same bytes (but for the `cache` member), for every model and layer,
/// and the stored-layout route gives those bytes too.
@Suite("Parallax answers: cached and fresh are byte-identical")
struct ParallaxCacheTests {
    /// Varied items (two per line, some alone), a header, and the bars' content inset.
    static let base = """
        "contentInset":{"top":100,"bottom":34},"layout":{"headerReferenceSize":{"height":40},"minimumLineSpacing":6},
        "items":[{"width":180,"height":120},{"width":150,"height":90},{"width":390,"height":200},{"width":120,"height":160,"maxOffset":9},
                 {"width":200,"height":80},{"width":390,"height":140},{"width":170,"height":110},{"width":190,"height":130},
                 {"width":390,"height":220},{"width":100,"height":60}]
        """

    static let cases: [(name: String, parallax: String, y: Double, expects: [String])] = [
        ("cover with progress", #"{"model":"cover","maxOffset":24,"insets":"contentInset","targetInset":{"bottom":30}}"#, 150, ["\"progress\":", "\"parallaxOffset\":"]),
        ("cover clamped, reversed", #"{"model":"cover","maxOffset":24,"clamp":true,"direction":"reverse","insets":{"top":20,"bottom":40}}"#, 420, ["\"progress\":"]),
        ("whatsAppImage", #"{"model":"whatsAppImage","imageOverflow":30,"insets":{"top":100,"bottom":50},"targetInset":{"bottom":20}}"#, 300, ["\"progress\":", "\"parallaxOffset\":"]),
        ("tableCellImage", #"{"model":"tableCellImage","factor":40,"insets":"contentInset"}"#, 300, ["\"progress\":", "\"parallaxOffset\":"]),
        ("stretchHeader pulled down", #"{"stretchHeader":{"height":100,"factor":2}}"#, -180, ["\"kind\":\"stretchHeader\""]),
        ("stretchHeader scrolled away", #"{"stretchHeader":{"height":100,"factor":3}}"#, -40, ["\"kind\":\"stretchHeader\""]),
        ("backgrounds", #"{"backgrounds":[{"position":-150,"length":400},{"position":0,"length":900,"rate":0.5,"overscrollRate":0.25}]}"#, -160, ["\"kind\":\"background\"", "\"layer\":1"]),
        ("everything at once", #"{"model":"cover","maxOffset":12,"clamp":true,"insets":"contentInset","stretchHeader":{"height":100},"backgrounds":[{"position":-100,"length":300,"rate":0.5}]}"#, -150, ["\"progress\":", "\"kind\":\"stretchHeader\"", "\"kind\":\"background\""]),
    ]

    @Test(arguments: 0..<cases.count)
    func freshAndCachedAnswersAreTheSameBytes(index: Int) throws {
        let (name, parallax, y, expects) = Self.cases[index]
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let body = #"{"bounds":{"x":0,"y":\#(y),"width":390,"height":500},"scale":3,\#(Self.base),"parallax":\#(parallax)}"#
            let fresh = try client.request("POST", "/v1/layout", json: body)
            #expect(fresh.status == 200, "\(name): \(fresh.text)")
            #expect(fresh.json["cache"] as? String == "miss", "\(name)")
            let cached = try client.request("POST", "/v1/layout", json: body)
            #expect(cached.json["cache"] as? String == "hit", "\(name)")
            #expect(server.service.cache.statistics.builds == 1)
            let freshText = fresh.text.replacingOccurrences(of: "\"cache\":\"miss\"", with: "\"cache\":\"hit\"")
            #expect(freshText == cached.text, "\(name): a fresh build and the cache give the same bytes")
            for fragment in expects {
                #expect(cached.text.contains(fragment), "\(name): the answer has \(fragment)")
            }

            // Forget the layout and build it again: still the same bytes.
            let id = try #require(fresh.json["layoutId"] as? String)
            #expect(try client.request("DELETE", "/v1/layouts/\(id)", body: nil, headers: [:]).status == 204)
            let rebuilt = try client.request("POST", "/v1/layout", json: body)
            #expect(rebuilt.json["cache"] as? String == "miss", "\(name)")
            #expect(rebuilt.body == fresh.body, "\(name): a rebuild gives the same bytes")

            // The stored-layout route answers the same bytes for the same bounds and parallax.
            let scrolled = try client.request(
                "POST", "/v1/layouts/\(id)/attributes",
                json: #"{"bounds":{"x":0,"y":\#(y),"width":390,"height":500},"scale":3,"parallax":\#(parallax)}"#)
            #expect(scrolled.status == 200, "\(name): \(scrolled.text)")
            #expect(scrolled.text == cached.text, "\(name): the stored route gives the same bytes")
        }
    }
}
