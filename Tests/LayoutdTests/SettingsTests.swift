import ArgumentParser
import Foundation
import HTTPServer
import LayoutServer
import Testing

@testable import LayoutService
@testable import layoutd

/// `Settings` is the one statement of the process's settings: every option of `layoutd` is a row with
/// the row's default, and the defaults the layers below keep for other callers (the service's and the
/// HTTP server's configurations, the C server's `hs_config_init`) and docs/configuration.md's table
/// are the table's.
@Suite("Settings")
struct SettingsTests {
    @Test func everyOptionIsASettingWithItsDefault() throws {
        let values = try Layoutd.parse([]).optionValues
        #expect(Set(values.keys) == Set(Settings.all.map(\.flag)))
        for setting in Settings.all {
            let value = values[setting.flag]
            switch setting.value {
            case .integer(let expected, let range):
                #expect(value.flatMap(Layoutd.integer) == expected, "--\(setting.flag)")
                #expect(range.contains(expected), "--\(setting.flag)")
            case .text(let expected): #expect(value as? String == expected, "--\(setting.flag)")
            case .optionalText: #expect(value.map { "\($0)" } == "nil", "--\(setting.flag)")
            case .choice(let expected, let choices):
                #expect("\(value!)" == expected && choices.contains(expected), "--\(setting.flag)")
            }
        }
    }

    @Test func theLayersBelowKeepTheSameDefaults() {
        let server = LayoutServer.Configuration()
        #expect(server.host == Settings.host.text)
        #expect(Int(server.port) == Settings.port.integer)
        #expect(server.threads == Settings.threads.integer)
        #expect(server.connectionLimit == Settings.connectionLimit.integer)
        #expect(server.connectionTimeoutSeconds == Settings.connectionTimeout.integer)
        #expect(server.requestTimeoutSeconds == Settings.requestTimeout.integer)
        #expect(server.connectionMemoryBytes == Settings.connectionMemory.integer)
        #expect(server.maxURIBytes == Settings.maxUriBytes.integer)
        #expect(server.maxBodyBytes == Settings.maxBodyBytes.integer)
        #expect(server.maxInflightBodyBytes == Settings.maxInflightBodyBytes.integer)
        #expect(server.computeThreads == Settings.computeThreads.integer)
        #expect(server.computeQueue == Settings.computeQueue.integer)

        let service = LayoutService.Configuration()
        #expect(service.cacheBytes == Settings.cacheBytes.integer)
        #expect(service.maxInflightAnswerBytes == Settings.maxInflightAnswerBytes.integer)
        #expect(service.limits.maxItems == Settings.maxItems.integer)
        #expect(service.limits.maxAnswerAttributes == Settings.maxAnswerAttributes.integer)
        #expect(service.limits.maxBodyBytes == Settings.maxBodyBytes.integer)
        #expect(service.crossOrigin == nil && Settings.corsOrigins.text.isEmpty)

        var c = hs_config()
        hs_config_init(&c)
        #expect(Int(c.port) == Settings.port.integer)
        #expect(Int(c.threads) == Settings.threads.integer)
        #expect(Int(c.connection_limit) == Settings.connectionLimit.integer)
        #expect(Int(c.connection_timeout_seconds) == Settings.connectionTimeout.integer)
        #expect(Int(c.request_timeout_seconds) == Settings.requestTimeout.integer)
        #expect(c.connection_memory_limit == Settings.connectionMemory.integer)
        #expect(c.max_uri_bytes == Settings.maxUriBytes.integer)
        #expect(c.max_body_bytes == Settings.maxBodyBytes.integer)
        #expect(c.max_inflight_body_bytes == Settings.maxInflightBodyBytes.integer)
    }

    @Test func theDocsTableIsTheSettingsTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        #expect(docs.contains(Settings.markdownTable), "docs/configuration.md's table should read:\n\(Settings.markdownTable)")
    }

    @Test func everyRangeIsEnforcedWithItsMessage() throws {
        for setting in Settings.all {
            guard case .integer(_, let range) = setting.value, range.lowerBound > Int.min else { continue }
            let below = String(range.lowerBound - 1)
            #expect(throws: (any Error).self, "--\(setting.flag) \(below)") { _ = try Layoutd.parse(["--\(setting.flag)=\(below)"]) }
            if setting.flag != "port" {
                let message = Layoutd.message(for: ValidationError("--\(setting.flag) must be \(setting.accepted)."))
                do {
                    _ = try Layoutd.parse(["--\(setting.flag)=\(below)"])
                } catch {
                    #expect(Layoutd.message(for: error) == message, "--\(setting.flag)")
                }
            }
        }
        #expect(Settings.maxBodyBytes.environment == "LAYOUTD_MAX_BODY_BYTES")
    }
}
