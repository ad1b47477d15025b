import Testing

@testable import LayoutService

/// `--cors-origins` as parsed, and the fields it adds: a preflight from an allowed origin learns the
/// path's methods; an answer to it names the origin; any other origin's answer is the same without them.
@Suite("Cross-origin policy")
struct CrossOriginTests {
    @Test func parsesOriginsOrAnyAndRefusesWhatIsNotAnOrigin() throws {
        #expect(try CrossOriginPolicy(parsing: "") == nil)
        #expect(try CrossOriginPolicy(parsing: " , ") == nil)
        #expect(try CrossOriginPolicy(parsing: "*")?.origins == .any)
        #expect(try CrossOriginPolicy(parsing: " https://a.test ,http://localhost:5173")?.origins
            == .listed(["https://a.test", "http://localhost:5173"]))
        for invalid in ["a.test", "https://a.test/", "https://a.test/app", "*, https://a.test", "https://", "://a.test", "https://u@a.test"] {
            #expect(throws: CrossOriginPolicy.InvalidOrigin.self, "\(invalid)") { try CrossOriginPolicy(parsing: invalid) }
        }
    }

    private func answer(_ policy: String, method: String = "GET", path: String = "/healthz", origin: String?, preflight: String? = nil)
        -> (status: Int, headers: [String: String], body: [UInt8])
    {
        var configuration = LayoutService.Configuration()
        configuration.crossOrigin = try! CrossOriginPolicy(parsing: policy)
        let response = LayoutService(configuration: configuration).handle(ServiceRequest(
            method: method, path: RequestText(path), origin: origin, accessControlRequestMethod: preflight))
        var headers: [String: String] = [:]
        response.forEachHeader { name, value in
            headers[String(decoding: name, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        headers["X-Request-ID"] = nil
        return (response.status, headers, Array(response.body))
    }

    @Test func aPreflightFromAnAllowedOriginLearnsThePathsMethods() {
        let allowed = answer("https://a.test", method: "OPTIONS", path: "/v1/layouts", origin: "https://a.test", preflight: "POST")
        #expect(allowed.status == 204)
        #expect(allowed.headers == [
            "Allow": "POST, OPTIONS", "Vary": "Origin", "Access-Control-Allow-Origin": "https://a.test",
            "Access-Control-Allow-Methods": "POST, OPTIONS", "Access-Control-Max-Age": "7200",
            "Access-Control-Allow-Headers": "Content-Type, Content-Encoding, If-None-Match, X-Request-ID, X-Layout-Id",
        ])
        // Another origin's preflight, or none configured: a plain OPTIONS.
        let other = answer("https://a.test", method: "OPTIONS", path: "/v1/layouts", origin: "https://b.test", preflight: "POST")
        #expect(other.status == 204 && other.headers == ["Allow": "POST, OPTIONS", "Vary": "Origin"])
        let none = answer("", method: "OPTIONS", path: "/v1/layouts", origin: "https://a.test", preflight: "POST")
        #expect(none.status == 204 && none.headers == ["Allow": "POST, OPTIONS"])
    }

    @Test func answersNameAnAllowedOriginAndAreTheSameForAnyOther() {
        let allowed = answer("https://a.test", origin: "https://a.test")
        let other = answer("https://a.test", origin: "https://b.test")
        let anonymous = answer("https://a.test", origin: nil)
        #expect(allowed.body == other.body && other.body == anonymous.body && allowed.status == 200)
        #expect(allowed.headers["Access-Control-Allow-Origin"] == "https://a.test")
        #expect(allowed.headers["Access-Control-Expose-Headers"] == "ETag, Location, Retry-After, X-Request-ID")
        for headers in [other.headers, anonymous.headers] {
            #expect(headers.keys.filter { $0.hasPrefix("Access-Control") }.isEmpty)
        }
        #expect([allowed, other, anonymous].allSatisfy { $0.headers["Vary"] == "Origin" })
        // Any origin: `*`, the same for everyone, so nothing varies.
        let any = answer("*", origin: "https://b.test")
        #expect(any.headers["Access-Control-Allow-Origin"] == "*" && any.headers["Vary"] == nil)
        // The HTTP layer's refusals get the same fields.
        let policy = try! CrossOriginPolicy(parsing: "https://a.test")!
        #expect(policy.refusalFields(origin: "https://a.test").map(\.value) == ["Origin", "https://a.test", CrossOriginPolicy.exposedHeaders])
        #expect(policy.refusalFields(origin: "https://b.test").map(\.name) == ["Vary"])
    }
}
