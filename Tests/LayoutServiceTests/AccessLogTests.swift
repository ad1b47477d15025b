import Foundation
import Logging
import Testing

@testable import LayoutService

/// The one line per request, as `JSONLogHandler` writes it and as any other handler sees it through
/// `AccessRecord.metadataProvider`.
@Suite("Access log")
struct AccessLogTests {
    private static let layoutBody = #"{"bounds":{"width":320,"height":500},"itemCount":6}"#

    private func handle(_ service: LayoutService, _ json: String, requestID: String? = nil) -> ServiceResponse {
        Array(json.utf8).withUnsafeBytes { body in
            service.handle(ServiceRequest(
                method: "POST", path: "/v1/layout", contentType: "application/json", requestID: requestID, body: body))
        }
    }

    /// The lines a JSON handler writes while `body` runs, read back from a pipe.
    private func logText(
        metadataProvider: Logger.MetadataProvider? = nil, _ body: (Logger) -> Void
    ) -> [Substring] {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        do {
            let sink = LogSink(descriptor: ends[1])
            body(Logger(label: "test") {
                var handler = JSONLogHandler(label: $0, level: .info, sink: sink)
                handler.metadataProvider = metadataProvider
                return handler
            })
            sink.flush()
        }
        close(ends[1])
        let text = String(decoding: FileHandle(fileDescriptor: ends[0]).readDataToEndOfFile(), as: UTF8.self)
        return text.split(separator: "\n")
    }

    private func jsonLines(_ body: (Logger) -> Void) throws -> [[String: Any]] {
        try logText(body).map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func jsonLineCarriesTheRequestsFields() throws {
        let lines = try jsonLines { logger in
            var configuration = LayoutService.Configuration()
            configuration.logger = logger
            let service = LayoutService(configuration: configuration)
            #expect(handle(service, Self.layoutBody, requestID: "trace-7").status == 200)
            #expect(handle(service, #"{"bounds":{"width":-1,"height":1},"itemCount":1}"#).status == 400)
        }
        try #require(lines.count == 2)
        let (first, second) = (lines[0], lines[1])
        #expect(first["message"] as? String == "request" && first["level"] as? String == "info")
        #expect(first["method"] as? String == "POST" && first["route"] as? String == "/v1/layout")
        #expect(first["status"] as? Int == 200 && first["request_id"] as? String == "trace-7")
        #expect(first["items"] as? Int == 6 && first["cache"] as? String == "miss")
        #expect(first["request_bytes"] as? Int == Self.layoutBody.utf8.count)
        #expect((first["response_bytes"] as? Int ?? 0) > 0 && (first["duration_us"] as? Double ?? 0) > 0)
        #expect(first["error"] == nil)
        #expect(second["status"] as? Int == 400)
        #expect((second["error"] as? String ?? "").contains("non-negative"), "the cause of an error is on its line")
        #expect((second["request_id"] as? String ?? "").isEmpty == false)
    }

    @Test func otherLinesCarryTheirOwnMetadataAndNoAccessFields() throws {
        let lines = try jsonLines { logger in
            logger.warning("cache full", metadata: ["budget": .stringConvertible(64), "who": "test"])
        }
        try #require(lines.count == 1)
        #expect(lines[0]["message"] as? String == "cache full" && lines[0]["level"] as? String == "warning")
        #expect(lines[0]["budget"] as? Int == 64 && lines[0]["who"] as? String == "test")
        #expect(lines[0]["route"] == nil && lines[0]["status"] == nil)
    }

    @Test func providedMetadataJoinsTheLineWithoutRepeatingTheAccessFields() throws {
        let provider = Logger.MetadataProvider.multiplex([
            AccessRecord.metadataProvider, Logger.MetadataProvider { ["trace": "t-1"] },
        ])!
        let lines = logText(metadataProvider: provider) { logger in
            var configuration = LayoutService.Configuration()
            configuration.logger = logger
            #expect(handle(LayoutService(configuration: configuration), Self.layoutBody).status == 200)
        }
        try #require(lines.count == 1)
        let line = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(line["trace"] as? String == "t-1" && line["status"] as? Int == 200)
        for key in ["status", "route", "method", "request_id", "duration_us"] {
            #expect(lines[0].components(separatedBy: "\"\(key)\":").count == 2, "\(key) once, not also as provided")
        }
    }

    @Test func otherHandlersGetTheFieldsFromTheMetadataProvider() throws {
        let captured = CapturingHandler.Lines()
        var configuration = LayoutService.Configuration()
        configuration.logger = Logger(label: "test") { _ in
            CapturingHandler(lines: captured, metadataProvider: AccessRecord.metadataProvider)
        }
        let service = LayoutService(configuration: configuration)
        #expect(handle(service, Self.layoutBody, requestID: "trace-8").status == 200)
        configuration.logger.info("after")
        let lines = captured.lines
        try #require(lines.count == 2)
        #expect(lines[0].message == "request")
        #expect(lines[0].metadata["route"] == "/v1/layout" && lines[0].metadata["method"] == "POST")
        #expect(lines[0].metadata["status"] == "200" && lines[0].metadata["request_id"] == "trace-8")
        #expect(lines[0].metadata["items"] == "6" && lines[0].metadata["cache"] == "miss")
        #expect(lines[1].message == "after" && lines[1].metadata.isEmpty, "the record is current only for its own line")
    }

    @Test func theCurrentRecordIsSetOnlyWhileItsLineIsLogged() {
        func record(_ id: String) -> AccessRecord {
            AccessRecord(
                requestID: RequestID(given: id), method: "GET", route: .live, status: 200, nanoseconds: 1000, requestBytes: 0,
                responseBytes: 2, cacheHit: nil, items: nil, error: nil)
        }
        #expect(AccessRecord.current == nil)
        record("outer").withCurrent {
            #expect(AccessRecord.current?.requestID.description == "outer")
            record("inner").withCurrent { #expect(AccessRecord.current?.requestID.description == "inner") }
            #expect(AccessRecord.current?.requestID.description == "outer", "a nested line puts the outer record back")
        }
        #expect(AccessRecord.current == nil)
        #expect(AccessRecord.metadataProvider.get().isEmpty)
    }
}
