import FlowLayout
import Foundation
import Logging
import Testing

@testable import LayoutService
@testable import WireKit
@testable import layoutd_fuzz

/// gzip-compressed answers: `Accept-Encoding` as RFC 9110 §12.5.3 reads it, which answers go
/// compressed, their headers and tags, and that the bytes gunzip to the answer sent without it.
@Suite("Compression")
struct CompressionTests {
    private let service = LayoutService()

    /// A screen of a 500-item grid: about 11 KB of JSON.
    private static let view = [(name: "x", value: "0"), (name: "y", value: "800"), (name: "width", value: "390"), (name: "height", value: "844")]
    /// A strip 10 points tall: a few cells, under 1 KiB.
    private static let strip = [(name: "x", value: "0"), (name: "y", value: "0"), (name: "width", value: "390"), (name: "height", value: "10")]

    private func request(
        _ method: String, _ path: String, query: [(name: String, value: String)] = [], json: String? = nil,
        acceptEncoding: String? = nil, ifNoneMatch: String? = nil
    ) -> ServiceResponse {
        Array((json ?? "").utf8).withUnsafeBytes { body in
            service.handle(ServiceRequest(
                method: method, path: RequestText(path), query: query, contentType: json == nil ? nil : "application/json",
                ifNoneMatch: ifNoneMatch, acceptEncoding: acceptEncoding.map { RequestText($0) }, body: body))
        }
    }

    private func attributesPath() -> String {
        let answer = request("POST", "/v1/layouts", json: #"{"viewport":{"width":390},"itemCount":500}"#)
        let id = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["layoutId"] as? String ?? ""
        return "/v1/layouts/\(id)/attributes"
    }

    private func headers(_ response: ServiceResponse) -> [String: String] {
        var headers: [String: String] = [:]
        response.forEachHeader { name, value in
            headers[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        headers["X-Request-ID"] = nil
        return headers
    }

    // MARK: Accept-Encoding

    @Test(arguments: [
        ("gzip", ContentCoding.gzip),
        ("GZIP", .gzip),
        ("x-gzip", .gzip),
        ("gzip, deflate, br", .gzip),
        ("deflate, gzip", .gzip),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", .gzip),
        (" \tgzip \t", .gzip),
        ("gzip ; q=0.5", .gzip),
        ("gzip;Q=0.001", .gzip),
        ("gzip;q=1.000", .gzip),
        ("*", .gzip),
        ("*;q=0.5", .gzip),
        ("gzip, identity", .gzip),
        ("identity;q=0.5, gzip", .gzip),
        ("gzip;q=0", .identity),
        ("gzip;q=0.000", .identity),
        ("GZip;Q=0", .identity),
        ("*, gzip;q=0", .identity),
        ("gzip;q=0, *", .identity),
        ("*;q=0", .identity),
        ("identity", .identity),
        ("identity;q=1, gzip;q=0.5", .identity),
        ("*;q=1, gzip;q=0.5", .identity),
        ("", .identity),
        (" , ,", .identity),
        ("deflate, br", .identity),
        ("gzipped", .identity),
        ("gzip;q=2", .identity),
        ("gzip;q=1.5", .identity),
        ("gzip;q=0.1234", .identity),
        ("gzip;q=", .identity),
        ("gzip;q=abc", .identity),
        ("gzip;q=0, gzip", .identity),
    ])
    func acceptEncodingIsReadAsRFC9110Says(value: String, expected: ContentCoding) {
        #expect(AcceptEncoding.preferred(RequestText(value)) == expected, "\(value)")
    }

    // MARK: Answers

    @Test func aLargeAnswerGoesGzipAndGunzipsToTheIdentityAnswer() throws {
        let path = attributesPath()
        let plain = request("GET", path, query: Self.view)
        let compressed = request("GET", path, query: Self.view, acceptEncoding: "gzip, deflate")
        #expect(plain.status == 200 && compressed.status == 200)
        #expect(plain.body.count > 1024)
        #expect(compressed.body.count < plain.body.count / 3)
        #expect(try gunzip(compressed.body) == Array(plain.body))
        let (plainHeaders, compressedHeaders) = (headers(plain), headers(compressed))
        #expect(plainHeaders["Content-Encoding"] == nil && plainHeaders["Vary"] == "Accept-Encoding")
        #expect(compressedHeaders["Content-Encoding"] == "gzip" && compressedHeaders["Vary"] == "Accept-Encoding")
        #expect(compressedHeaders["Content-Type"] == "application/json")
        #expect(compressedHeaders["Cache-Control"] == plainHeaders["Cache-Control"])
    }

    @Test func aClientThatRefusesGzipGetsTheIdentityAnswer() {
        let path = attributesPath()
        let plain = request("GET", path, query: Self.view)
        for value in ["gzip;q=0", "identity", "br", ""] {
            let answer = request("GET", path, query: Self.view, acceptEncoding: value)
            #expect(answer.body == plain.body && headers(answer) == headers(plain), "\(value)")
        }
    }

    @Test func aSmallAnswerIsNeitherCompressedNorVaried() {
        let path = attributesPath()
        let answer = request("GET", path, query: Self.strip, acceptEncoding: "gzip")
        #expect(answer.status == 200 && answer.body.count <= 1024)
        #expect(headers(answer)["Content-Encoding"] == nil && headers(answer)["Vary"] == nil)
        #expect(answer.body == request("GET", path, query: Self.strip).body)
        // Registration metadata, health: small too.
        let health = request("GET", "/livez", acceptEncoding: "gzip")
        #expect(String(decoding: health.body, as: UTF8.self) == #"{"status":"ok","store":"memory"}"#)
        #expect(headers(health)["Vary"] == nil)
    }

    @Test func everyAnswerOverTheThresholdGoesCompressedAndNoneAtIt() throws {
        // POST scrolls of growing heights: answers on both sides of 1,024 bytes.
        let path = attributesPath()
        var sizes: Set<Bool> = []
        for height in stride(from: 10, through: 200, by: 5) {
            let json = #"{"bounds":{"x":0,"y":0,"width":390,"height":\#(height)}}"#
            let plain = request("POST", path, json: json)
            let answer = request("POST", path, json: json, acceptEncoding: "gzip")
            let over = plain.body.count > ServiceResponse.compressionThreshold
            sizes.insert(over)
            #expect((headers(answer)["Content-Encoding"] == "gzip") == over, "\(plain.body.count) bytes")
            // A POST's answer is never stored by a cache: only the compressed one says it varies.
            #expect((headers(answer)["Vary"] != nil) == over && headers(plain)["Vary"] == nil)
            #expect(try (over ? gunzip(answer.body) : Array(answer.body)) == Array(plain.body))
        }
        #expect(sizes == [true, false])
    }

    @Test func theSameRequestGivesTheSameCompressedBytes() {
        let path = attributesPath()
        let first = request("GET", path, query: Self.view, acceptEncoding: "gzip")
        let bytes = Array(first.body)
        // Other answers compressed between them, on this thread's stream, change nothing.
        _ = request("POST", path, json: #"{"bounds":[{"x":0,"y":0,"width":390,"height":2000},{"x":0,"y":3000,"width":390,"height":900}]}"#,
                    acceptEncoding: "gzip")
        let second = request("GET", path, query: Self.view, acceptEncoding: "gzip")
        #expect(Array(second.body) == bytes)
        // RFC 1952 header: magic, deflate, no flags (so no file name), modification time 0.
        #expect(Array(bytes.prefix(8)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0])
        // Another thread's stream gives the same bytes too.
        let path2 = path
        let other = Thread.detachNewThreadAndWait { Array(self.request("GET", path2, query: Self.view, acceptEncoding: "gzip").body) }
        #expect(other == bytes)
    }

    @Test func theCompressedAnswerHasItsOwnStrongTagAndA304NamesTheOneSelected() throws {
        let path = attributesPath()
        let plain = request("GET", path, query: Self.view)
        let compressed = request("GET", path, query: Self.view, acceptEncoding: "gzip")
        let plainTag = try #require(headers(plain)["ETag"])
        let gzipTag = try #require(headers(compressed)["ETag"])
        #expect(plainTag != gzipTag)
        #expect(gzipTag == String(plainTag.dropLast()) + "-gzip\"")
        for (tag, acceptEncoding, full) in [(plainTag, nil, plain), (gzipTag, "gzip", compressed)] {
            let answer = request("GET", path, query: Self.view, acceptEncoding: acceptEncoding, ifNoneMatch: tag)
            #expect(answer.status == 304, "\(tag) \(acceptEncoding ?? "-")")
            // Exactly the 200's validator and cache fields, and its length (sent as Content-Length),
            // without its type and coding.
            var expected = headers(full)
            expected["Content-Type"] = nil
            expected["Content-Encoding"] = nil
            #expect(headers(answer) == expected)
            #expect(answer.body.count == full.body.count)
        }
        // The other representation's tag names bytes of another length: the selected one is sent.
        #expect(request("GET", path, query: Self.view, acceptEncoding: "gzip", ifNoneMatch: plainTag).status == 200)
        #expect(request("GET", path, query: Self.view, ifNoneMatch: gzipTag).status == 200)
        // A list, a weak comparison and any.
        for condition in ["\"x\", \(gzipTag)", "W/\(gzipTag)", " \"y\" ,W/\(gzipTag) ", "*"] {
            #expect(request("GET", path, query: Self.view, acceptEncoding: "gzip", ifNoneMatch: condition).status == 304, "\(condition)")
        }
        #expect(request("GET", path, query: Self.view, acceptEncoding: "gzip", ifNoneMatch: "\"x\", W/\"y\"").status == 200)
        let otherView = [(name: "x", value: "0"), (name: "y", value: "900"), (name: "width", value: "390"), (name: "height", value: "844")]
        #expect(request("GET", path, query: otherView, acceptEncoding: "gzip", ifNoneMatch: gzipTag).status == 200)
        #expect(request("GET", path, query: Self.view, ifNoneMatch: "\"\(String(plainTag.dropFirst().dropLast()))-br\"").status == 200)
    }

    @Test func entityTagsSpellTheGzipRepresentation() {
        let layout = ContentHash(high: 1, low: 2)
        var tag = EntityTag(layout: layout, view: .max)
        tag.coding = .gzip
        #expect(tag.spelling == "\"0000000000000001000000000000000" + "2-ffffffffffffffff-gzip\"")
        var metadata = EntityTag(layout: layout)
        metadata.coding = .gzip
        #expect(metadata.spelling == "\"00000000000000010000000000000002-gzip\"")
        #expect(metadata.isNamed(by: metadata.spelling) && !EntityTag(layout: layout).isNamed(by: metadata.spelling))
        #expect(metadata.isNamed(by: "*"))
    }

    @Test func aLargeProblemGoesCompressedToo() throws {
        // A 404 naming a 2,000-character id.
        let path = "/v1/layouts/" + String(repeating: "z", count: 2000)
        let plain = request("GET", path)
        let answer = request("GET", path, acceptEncoding: "gzip")
        #expect(plain.status == 404 && answer.status == 404 && plain.body.count > 1024)
        #expect(headers(answer)["Content-Type"] == "application/problem+json" && headers(answer)["Content-Encoding"] == "gzip")
        #expect(try gunzip(answer.body) == Array(plain.body))
    }

    @Test func aHeadAnswerHasTheHeadersOfTheGet() throws {
        // /metrics answers HEAD; its exposition is several kilobytes.
        let get = request("GET", "/metrics", acceptEncoding: "gzip")
        let head = request("HEAD", "/metrics", acceptEncoding: "gzip")
        #expect(headers(get)["Content-Encoding"] == "gzip" && headers(head) == headers(get))
        #expect(String(decoding: try gunzip(get.body), as: UTF8.self).contains("layoutd_http_requests_total"))
    }

    @Test func theAccessLogCountsTheBytesSent() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var sizes: [Int] = []
        do {
            let sink = LogSink(descriptor: ends[1])
            var configuration = LayoutService.Configuration()
            configuration.logger = Logger(label: "test") { JSONLogHandler(label: $0, level: .info, sink: sink) }
            let logged = LayoutService(configuration: configuration)
            let path = Array(#"{"viewport":{"width":390},"itemCount":500}"#.utf8).withUnsafeBytes { body in
                let answer = logged.handle(ServiceRequest(method: "POST", path: "/v1/layouts", contentType: "application/json", body: body))
                let id = (try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["layoutId"] as? String ?? ""
                return "/v1/layouts/\(id)/attributes"
            }
            for acceptEncoding in [nil, "gzip"] as [RequestText?] {
                sizes.append(logged.handle(ServiceRequest(method: "GET", path: RequestText(path), query: Self.view, acceptEncoding: acceptEncoding)).body.count)
            }
            sink.flush()
        }
        close(ends[1])
        let lines = String(decoding: FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        let bytes = try lines.suffix(2).map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["response_bytes"] as? Int }
        #expect(bytes == sizes.map { Optional($0) })
        #expect(sizes[1] < sizes[0])
    }
}

private final class ResultBox<T>: @unchecked Sendable { var value: T? }

extension Thread {
    /// `body`'s result, run on a new thread (with its own thread-specific storage), waited for.
    static func detachNewThreadAndWait<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}
