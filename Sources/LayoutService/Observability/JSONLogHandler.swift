import Logging
import WireKit

/// One JSON object per line on standard error: what log collectors parse without configuration.
/// Keys are written in a fixed order (timestamp, level, label, message, the access record's fields
/// when the line is an access line, then metadata sorted); whole lines go through `LogSink`, so
/// lines from concurrent threads never interleave.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    /// Context metadata merged into every line. Not needed for access lines: their fields come from
    /// `AccessRecord.current`, typed (`AccessRecord.metadataProvider` is for other handlers).
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level
    /// `,"label":"…","message":`, escaped once here rather than on every line.
    private let labelMembers: [UInt8]
    private let sink: LogSink

    public init(label: String, level: Logger.Level, sink: LogSink = .standardError) {
        var members = JSONWriter(capacity: label.utf8.count + 32)
        members.raw(",\"label\":")
        members.string(label)
        members.raw(",\"message\":")
        self.labelMembers = members.bytes
        self.logLevel = level
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let access = AccessRecord.current
        var merged = metadata
        if var provided = metadataProvider?.get() {
            // An access line's fields are written typed from `access`, not a second time as provided
            // (a process may give every handler `AccessRecord.metadataProvider`).
            if let access { for key in access.metadata.keys { provided[key] = nil } }
            merged.merge(provided) { $1 }
        }
        if let metadata = event.metadata { merged.merge(metadata) { $1 } }
        let message = event.message.description
        sink.append { writer, timestamp in
            writer.raw("{\"timestamp\":\"")
            timestamp.write(into: &writer)
            writer.raw(Self.levelMember(event.level))
            labelMembers.withUnsafeBytes { writer.raw($0) }
            writer.string(message)
            access?.writeMembers(into: &writer)
            if !merged.isEmpty {
                for key in merged.keys.sorted() { Self.writeMember(key, merged[key]!, into: &writer) }
            }
            writer.raw("}\n")
        }
    }

    /// `","level":"info"` and its siblings, spelled once: the member after the timestamp's value.
    private static func levelMember(_ level: Logger.Level) -> StaticString {
        switch level {
        case .trace: "\",\"level\":\"trace\""
        case .debug: "\",\"level\":\"debug\""
        case .info: "\",\"level\":\"info\""
        case .notice: "\",\"level\":\"notice\""
        case .warning: "\",\"level\":\"warning\""
        case .error: "\",\"level\":\"error\""
        case .critical: "\",\"level\":\"critical\""
        }
    }

    /// `,"key":value`.
    private static func writeMember(_ key: String, _ value: Logger.MetadataValue, into writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: ","))
        writer.string(key)
        writer.byte(UInt8(ascii: ":"))
        write(value, into: &writer)
    }

    private static func write(_ value: Logger.MetadataValue, into writer: inout JSONWriter) {
        switch value {
        case .string(let string): writer.string(string)
        case .stringConvertible(let convertible):
            if let number = convertible as? Int { writer.integer(number) }
            else if let number = convertible as? Double { writer.number(number) }
            else { writer.string(convertible.description) }
        case .array(let values):
            writer.byte(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                write(value, into: &writer)
            }
            writer.byte(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            writer.byte(UInt8(ascii: "{"))
            for (index, key) in dictionary.keys.sorted().enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.string(key)
                writer.byte(UInt8(ascii: ":"))
                write(dictionary[key]!, into: &writer)
            }
            writer.byte(UInt8(ascii: "}"))
        }
    }
}
