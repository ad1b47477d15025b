import Logging

#if canImport(Glibc)
import Glibc
#endif

/// One JSON object per line on standard error: what log collectors parse without configuration.
/// Keys are written in a fixed order (timestamp, level, label, message, then metadata sorted, an
/// `AccessRecord` as its own members); whole lines go through `LogSink`, so lines from concurrent
/// threads never interleave.
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
        var writer = JSONWriter(capacity: 384)
        writer.raw("{\"timestamp\":\"")
        Self.writeTimestamp(into: &writer)
        writer.byte(UInt8(ascii: "\""))
        writer.raw(",\"level\":")
        writer.string(event.level.rawValue)
        writer.raw(",\"label\":")
        writer.string(label)
        writer.raw(",\"message\":")
        writer.string(event.message.description)
        let merged = metadata.isEmpty ? event.metadata ?? [:] : metadata.merging(event.metadata ?? [:]) { $1 }
        for key in merged.count > 1 ? merged.keys.sorted() : Array(merged.keys) {
            if case .stringConvertible(let record as AccessRecord) = merged[key]! {
                record.writeMembers(into: &writer)
                continue
            }
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

    /// RFC 3339 UTC with milliseconds, digit by digit: this runs for every request line.
    private static func writeTimestamp(into writer: inout JSONWriter) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int32, _ width: Int) {
            var divisor: Int32 = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                writer.byte(UInt8(truncatingIfNeeded: rest / divisor) &+ 48)
                rest %= divisor
                divisor /= 10
            }
        }
        digits(parts.tm_year + 1900, 4)
        writer.byte(UInt8(ascii: "-"))
        digits(parts.tm_mon + 1, 2)
        writer.byte(UInt8(ascii: "-"))
        digits(parts.tm_mday, 2)
        writer.byte(UInt8(ascii: "T"))
        digits(parts.tm_hour, 2)
        writer.byte(UInt8(ascii: ":"))
        digits(parts.tm_min, 2)
        writer.byte(UInt8(ascii: ":"))
        digits(parts.tm_sec, 2)
        writer.byte(UInt8(ascii: "."))
        digits(Int32(now.tv_nsec / 1_000_000), 3)
        writer.byte(UInt8(ascii: "Z"))
    }
}
