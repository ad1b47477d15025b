import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One JSON object per line on standard error: what log collectors parse without configuration.
/// Keys are written in a fixed order (timestamp, level, label, message, then metadata sorted); whole
/// lines go through `LogSink`, so lines from concurrent threads never interleave.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    private let label: String

    public init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"timestamp\":")
        writer.string(Self.timestamp())
        writer.raw(",\"level\":")
        writer.string(event.level.rawValue)
        writer.raw(",\"label\":")
        writer.string(label)
        writer.raw(",\"message\":")
        writer.string(event.message.description)
        let merged = self.metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.keys.sorted() {
            writer.byte(UInt8(ascii: ","))
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
            Self.write(merged[key]!, into: &writer)
        }
        writer.raw("}\n")
        writer.withBytes { LogSink.standardError.write($0) }
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

    /// RFC 3339 UTC with milliseconds.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
