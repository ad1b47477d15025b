import Foundation
import Testing
import SeededRandom

@Suite("HTTP server over a real socket")
struct ServerTests {
    static let grid = """
        {"bounds":{"x":0,"y":0,"width":320,"height":200},"itemCount":7,"parallax":{"model":"center","maxOffset":30}}
        """

    /// Stopping used to close the listening socket while worker threads could still have it in their
    /// epoll sets; libmicrohttpd aborts the process when it then fails to take it out. Many stops,
    /// each right after traffic on every worker, give that race its chances.
    @Test func stopsCleanlyRightAfterTraffic() throws {
        for _ in 0..<40 {
            try withTestServer(threads: 4) { server in
                for _ in 0..<4 {
                    let response = try HTTPTestClient(port: server.port).request("GET", "/livez", body: nil, headers: [:])
                    #expect(response.status == 200)
                }
            }
        }
    }

    @Test func healthzAnswers200() throws {
        try withTestServer { server in
            let response = try HTTPTestClient(port: server.port).request("GET", "/healthz", body: nil, headers: [:])
            #expect(response.status == 200)
            #expect(response.json["status"] as? String == "ok")
        }
    }

    @Test func layoutAnswersFramesOfWorkedExampleOne() throws {
        try withTestServer { server in
            let response = try HTTPTestClient(port: server.port).request("POST", "/v1/layout", json: Self.grid)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/json")
            let json = response.json
            #expect(json["cache"] as? String == "miss")
            #expect((json["layoutId"] as? String)?.count == 32)
            let contentSize = json["contentSize"] as? [String: Double]
            #expect(contentSize == ["width": 320, "height": 110])
            let attributes = json["attributes"] as? [[String: Any]] ?? []
            let xs = attributes.compactMap { ($0["frame"] as? [String: Double])?["x"] }
            let ys = attributes.compactMap { ($0["frame"] as? [String: Double])?["y"] }
            #expect(xs == [0, 67.5, 135, 202.5, 270, 0, 67.5])
            #expect(ys == [0, 0, 0, 0, 0, 60, 60])
            // Centre model: bounds centre 100, first row centre 25: (100 − 25) · 30 / (100 + 25) = 18.
            let offsets = attributes.compactMap { ($0["parallaxOffset"] as? [String: Double])?["y"] }
            #expect(offsets.first == 18)
        }
    }

    @Test func scrollingIsACacheHitWithoutRebuild() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let first = try client.request("POST", "/v1/layout", json: Self.grid)
            let scrolled = try client.request("POST", "/v1/layout", json: Self.grid.replacingOccurrences(of: "\"y\":0", with: "\"y\":60"))
            #expect(first.json["cache"] as? String == "miss")
            #expect(scrolled.json["cache"] as? String == "hit")
            #expect(first.json["layoutId"] as? String == scrolled.json["layoutId"] as? String)
            #expect(server.service.cache.statistics.builds == 1)
            let wider = try client.request("POST", "/v1/layout", json: Self.grid.replacingOccurrences(of: "320", with: "330"))
            #expect(wider.json["cache"] as? String == "miss")
            #expect(server.service.cache.statistics.builds == 2)
        }
    }

    @Test func sameRequestGivesByteIdenticalAnswers() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let miss = try client.request("POST", "/v1/layout", json: Self.grid)
            let hit1 = try client.request("POST", "/v1/layout", json: Self.grid)
            let hit2 = try client.request("POST", "/v1/layout", json: Self.grid)
            #expect(hit1.body == hit2.body)
            // A fresh build and a cached one differ only in the `cache` member.
            #expect(miss.text.replacingOccurrences(of: "\"cache\":\"miss\"", with: "\"cache\":\"hit\"") == hit1.text)
        }
    }

    @Test func unknownPathIs404AndWrongMethodIs405WithAllow() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let missing = try client.request("GET", "/v2/nothing", body: nil, headers: [:])
            #expect(missing.status == 404)
            #expect(missing.headers["content-type"] == "application/problem+json")
            let wrong = try client.request("GET", "/v1/layout", body: nil, headers: [:])
            #expect(wrong.status == 405)
            #expect(wrong.headers["allow"] == "POST, OPTIONS")
            #expect(wrong.json["status"] as? Int == 405)
        }
    }

    @Test func wrongOrMissingContentTypeIs415() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let form = try client.request("POST", "/v1/layout", json: Self.grid, headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(form.status == 415)
            let none = try client.request("POST", "/v1/layout", json: Self.grid, headers: [:])
            #expect(none.status == 415)
            let withCharset = try client.request("POST", "/v1/layout", json: Self.grid, headers: ["Content-Type": "application/json; charset=utf-8"])
            #expect(withCharset.status == 200)
        }
    }

    @Test(arguments: [
        ("{\"bounds\":", "", "malformed-json"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"items\":[{\"width\":-1,\"height\":5}]}", "/items/0/width", "invalid-field"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"sections\":[{\"items\":[{\"width\":1,\"height\":5},{\"width\":\"2\",\"height\":5}]}]}", "/sections/0/items/1/width", "invalid-field"),
        ("{\"bounds\":{\"width\":320},\"itemCount\":3}", "/bounds/height", "invalid-field"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"itemCount\":3,\"layout\":{\"minimumLineSpacing\":1e300}}", "/layout/minimumLineSpacing", "limit-exceeded"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"itemCount\":100001}", "/itemCount", "limit-exceeded"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"itemCount\":3,\"colour\":1}", "/colour", "invalid-field"),
        ("{\"bounds\":{\"x\":0,\"y\":5,\"width\":320,\"height\":100},\"scrollOffset\":{\"x\":0,\"y\":6},\"itemCount\":3}", "/scrollOffset", "invalid-field"),
        ("{\"bounds\":{\"width\":320,\"height\":100},\"itemCount\":3,\"parallax\":{\"model\":\"tilt\",\"maxOffset\":3}}", "/parallax/model", "invalid-field"),
    ])
    func badInputIs400NamingTheField(body: String, pointer: String, slug: String) throws {
        try withTestServer { server in
            let response = try HTTPTestClient(port: server.port).request("POST", "/v1/layout", json: body)
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.json["pointer"] as? String == pointer)
            #expect(response.json["type"] as? String == "/problems/\(slug)")
            #expect(response.json["status"] as? Int == 400)
        }
    }

    @Test func declaredOversizedBodyIs413BeforeItIsSent() throws {
        try withTestServer(maxBodyBytes: 1024) { server in
            let client = try HTTPTestClient(port: server.port)
            try client.send("POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.headers["content-type"] == "application/problem+json")
        }
    }

    @Test func chunkedBodyPastTheCapIs413() throws {
        try withTestServer(maxBodyBytes: 1024) { server in
            let client = try HTTPTestClient(port: server.port)
            var request = "POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            let chunk = String(repeating: " ", count: 600)
            for _ in 0..<3 { request += "258\r\n\(chunk)\r\n" }
            request += "0\r\n\r\n"
            try client.send(request)
            #expect(try client.readResponse().status == 413)
            // The server is still serving.
            #expect(try HTTPTestClient(port: server.port).request("GET", "/healthz", body: nil, headers: [:]).status == 200)
        }
    }

    @Test func chunkedBodyUnderTheCapIsServed() throws {
        try withTestServer(maxBodyBytes: 1024) { server in
            let client = try HTTPTestClient(port: server.port)
            let body = Array(Self.grid.utf8)
            let half = body.count / 2
            var request = Array("POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for part in [body[..<half], body[half...]] {
                request += Array(String(part.count, radix: 16).utf8) + [13, 10] + part + [13, 10]
            }
            request += Array("0\r\n\r\n".utf8)
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect((response.json["attributes"] as? [Any])?.count == 7)
        }
    }

    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            for offset in 0..<50 {
                let body = Self.grid.replacingOccurrences(of: "\"y\":0", with: "\"y\":\(offset)")
                #expect(try client.request("POST", "/v1/layout", json: body).status == 200)
            }
        }
    }

    @Test func garbageNeverCrashesTheServer() throws {
        try withTestServer { server in
            var generator = SplitMix64(seed: 42)
            let seed = Array(Self.grid.utf8)
            for round in 0..<300 {
                var body = seed
                // Mutate a few bytes, truncate, or send pure noise.
                switch round % 3 {
                case 0: for _ in 0..<4 { body[Int(generator.next() % UInt64(body.count))] = UInt8(truncatingIfNeeded: generator.next()) }
                case 1: body = Array(body.prefix(Int(generator.next() % UInt64(body.count))))
                default: body = (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                }
                let response = try HTTPTestClient(port: server.port).request("POST", "/v1/layout", body: body)
                #expect(response.status == 200 || response.status == 400, "round \(round): \(response.status)")
            }
            #expect(try HTTPTestClient(port: server.port).request("GET", "/healthz", body: nil, headers: [:]).status == 200)
        }
    }
}
