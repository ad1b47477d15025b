import HTTPServer
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LayoutServer
@testable import LayoutService

@Suite("Rejections the HTTP layer answers itself")
struct RejectionTests {
    /// Every rejection of the C server has its problem, in the same slot, with the status the server
    /// sends on the status line; a new case on one side and not the other fails here.
    @Test func everyRejectionHasItsProblemAndStatus() {
        #expect(Rejection.allCases.count == Int(HS_REJECTION_COUNT.rawValue))
        let configuration = LayoutServer.Configuration()
        for (slot, rejection) in Rejection.allCases.enumerated() {
            #expect(Int(rejection.code.rawValue) == slot)
            let problem = rejection.problem(configuration)
            #expect(problem.status == Int(hs_rejection_status(rejection.code)), "\(rejection)")
        }
        #expect(Set(Rejection.allCases.map(\.rawValue)).count == Rejection.allCases.count)
    }

    @Test func problemBodiesNameTheConfiguredLimits() throws {
        var configuration = LayoutServer.Configuration()
        configuration.maxURIBytes = 1234
        configuration.requestTimeoutSeconds = 7
        let uri = String(decoding: Rejection.uriTooLong.problem(configuration).body, as: UTF8.self)
        #expect(uri == #"{"type":"/problems/uri-too-long","title":"URI Too Long","status":414,"detail":"The request target (path and query) is longer than the limit of 1234 bytes."}"#)
        let timeout = String(decoding: Rejection.requestTimeout.problem(configuration).body, as: UTF8.self)
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
