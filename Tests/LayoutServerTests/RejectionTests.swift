import HTTPServer
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LayoutServer
@testable import LayoutService

@Suite("Rejections the HTTP layer answers itself")
struct RejectionTests {
    /// One name per rejection, its own: its problem's slug, unless other answers share that problem
    /// (the framing faults under malformed-request, the body budget under the service's server-busy).
    @Test func aRejectionIsNamedByItsProblemUnlessShared() {
        let configuration = LayoutServer.Configuration()
        let problems = Rejection.all.map { $0.problem(configuration) }
        #expect(Set(Rejection.all.map(\.name)).count == Rejection.all.count)
        let serviceBusy = Problem.computeBusy(waiting: 1).slug
        for (rejection, problem) in zip(Rejection.all, problems) {
            let shared = problems.count(where: { $0.slug == problem.slug }) > 1 || problem.slug == serviceBusy
            if !shared { #expect(rejection.name == problem.slug) }
        }
    }

    @Test func problemBodiesNameTheConfiguredLimits() throws {
        var configuration = LayoutServer.Configuration()
        configuration.maxURIBytes = 1234
        configuration.requestTimeoutSeconds = 7
        let uri = String(decoding: Rejection.HS_REJECT_URI_TOO_LONG.problem(configuration).body, as: UTF8.self)
        #expect(uri == #"{"type":"/problems/uri-too-long","title":"URI Too Long","status":414,"detail":"The request target (path and query) is longer than the limit of 1234 bytes."}"#)
        let timeout = String(decoding: Rejection.HS_REJECT_REQUEST_TIMEOUT.problem(configuration).body, as: UTF8.self)
        #expect(timeout.contains("within 7 seconds"))
    }

    /// The server's own counters of open connections and of body bytes in flight go back to zero once
    /// clients leave, whatever they left half done.
    @Test func countersComeBackToZero() throws {
        try withTestServer { server in
            do {
                let finished = try HTTPTestClient(port: server.port)
                #expect(try finished.request("GET", "/livez", body: nil, headers: [:]).status == 200)
                let halfway = try HTTPTestClient(port: server.port)
                try halfway.send("POST /v1/layout HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: 40000\r\n\r\n{\"bou")
                try waitUntil { server.inflightBodyBytes == 40000 && server.openConnections == 2 }
            }
            try waitUntil { server.openConnections == 0 && server.inflightBodyBytes == 0 }
        }
    }

    private func waitUntil(_ condition: () -> Bool) throws {
        for _ in 0..<200 where !condition() { usleep(10_000) }
        #expect(condition())
    }
}
