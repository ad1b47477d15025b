import Foundation
import Testing

@testable import layoutd_fuzz

/// gzip over a real socket: the answer's headers and bytes as a client such as curl receives them,
/// inflated by zlib (the fuzz target's `gunzip`).
@Suite("Compression over HTTP")
struct CompressionHTTPTests {
    @Test func acceptEncodingGzipGetsAGzipAnswerThatGunzipsToTheIdentityOne() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let registered = try client.request("POST", "/v1/layouts", json: #"{"viewport":{"width":390},"itemCount":500}"#)
            let id = try #require(registered.json["layoutId"] as? String)
            let path = "/v1/layouts/\(id)/attributes?x=0&y=800&width=390&height=844"
            let plain = try client.request("GET", path, headers: [:])
            let compressed = try client.request("GET", path, headers: ["Accept-Encoding": "gzip"])
            #expect(plain.status == 200 && compressed.status == 200)
            #expect(plain.headers["content-encoding"] == nil && plain.headers["vary"] == "Accept-Encoding")
            #expect(compressed.headers["content-encoding"] == "gzip" && compressed.headers["vary"] == "Accept-Encoding")
            #expect(compressed.headers["content-type"] == "application/json")
            #expect(compressed.headers["etag"] != plain.headers["etag"])
            #expect(compressed.body.count < plain.body.count / 3)
            #expect(try gunzip(compressed.body) == plain.body)

            // POST scrolls, and a HEAD-less route's 304 with the gzip tag.
            let scroll = #"{"bounds":{"x":0,"y":2400,"width":390,"height":844},"scale":3}"#
            let postPlain = try client.request("POST", "/v1/layouts/\(id)/attributes", json: scroll)
            let postCompressed = try client.request(
                "POST", "/v1/layouts/\(id)/attributes", json: scroll,
                headers: ["Content-Type": "application/json", "Accept-Encoding": "deflate, gzip;q=0.9, br"])
            #expect(postCompressed.headers["content-encoding"] == "gzip")
            #expect(try gunzip(postCompressed.body) == postPlain.body)
            let notModified = try client.request(
                "GET", path, headers: ["Accept-Encoding": "gzip", "If-None-Match": try #require(compressed.headers["etag"])])
            #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.headers["content-encoding"] == nil)
        }
    }

    @Test func noAcceptEncodingOrASmallAnswerGoesAsIs() throws {
        try withTestServer { server in
            let client = try HTTPTestClient(port: server.port)
            let body = #"{"bounds":{"width":390,"height":844},"itemCount":200}"#
            _ = try client.request("POST", "/v1/layout", json: body)  // the build: "cache":"miss"
            let plain = try client.request("POST", "/v1/layout", json: body)
            #expect(plain.status == 200 && plain.body.count > 1024 && plain.headers["content-encoding"] == nil)
            #expect(plain.json["attributes"] != nil)
            let refused = try client.request(
                "POST", "/v1/layout", json: body, headers: ["Content-Type": "application/json", "Accept-Encoding": "gzip;q=0, identity"])
            #expect(refused.headers["content-encoding"] == nil && refused.body == plain.body)
            let small = try client.request("GET", "/livez", headers: ["Accept-Encoding": "gzip"])
            #expect(small.status == 200 && small.headers["content-encoding"] == nil && small.headers["vary"] == nil)
            #expect(small.text == #"{"status":"ok","store":"memory"}"#)
            // HEAD gets the GET's headers and length, without the body.
            let get = try client.request("GET", "/metrics", headers: ["Accept-Encoding": "gzip"])
            #expect(get.headers["content-encoding"] == "gzip")
            let headClient = try HTTPTestClient(port: server.port)
            try headClient.send("HEAD /metrics HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n")
            let head = headClient.readToEnd()
            let lines = head.components(separatedBy: "\r\n").map { $0.lowercased() }
            #expect(lines.first == "http/1.1 200 ok")
            #expect(lines.contains("content-encoding: gzip") && lines.contains("vary: accept-encoding"))
            #expect(lines.contains { $0.hasPrefix("content-length: ") && $0 != "content-length: 0" })
            // Nothing after the headers.
            #expect(head.hasSuffix("\r\n\r\n"))
        }
    }
}
