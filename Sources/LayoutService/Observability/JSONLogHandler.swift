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
    private let sink: LogSink

    public init(label: String, level: Logger.Level, sink: LogSink = .standardError) {
        self.label = label
        self.logLevel = level
        self.sink = sink
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.isEmpty ? event.metadata ?? [:] : metadata.merging(event.metadata ?? [:]) { $1 }
        let message = event.message.description
        sink.append { writer in
            writer.raw("{\"timestamp\":\"")
            Self.writeTimestamp(into: &writer)
            writer.raw(Self.levelMember(event.level))
            writer.raw(",\"label\":")
            writer.string(label)
            writer.raw(",\"message\":")
            writer.string(message)
            if merged.count == 1, let (key, value) = merged.first {
                Self.writeMember(key, value, into: &writer)  // the access line: no keys to sort
            } else {
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

    /// `,"key":value`, or an `AccessRecord`'s own members.
    private static func writeMember(_ key: String, _ value: Logger.MetadataValue, into writer: inout JSONWriter) {
        if case .stringConvertible(let record as AccessRecord) = value {
            record.writeMembers(into: &writer)
            return
        }
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

    /// RFC 3339 UTC with milliseconds (`2026-11-23T07:01:38.123Z`). This runs for every request line,
    /// so the civil date comes from the day number by integer arithmetic (no `gmtime_r`) and the 24
    /// bytes are formatted on the stack and appended at once.
    private static func writeTimestamp(into writer: inout JSONWriter) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let (days, secondOfDay) = Int(now.tv_sec).quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        // Room for the digit writer's slack after the last field; fields written left to right, each
        // over the previous one's slack, and the separators last.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24 + DecimalDigits.slack) { buffer in
            let text = UnsafeMutableBufferPointer(rebasing: buffer[0..<24])
            func put(_ value: Int, at offset: Int, width: Int) {
                DecimalDigits.write(UInt64(value), count: width, to: UnsafeMutableRawPointer(text.baseAddress! + offset))
            }
            put(year, at: 0, width: 4)
            put(month, at: 5, width: 2)
            put(day, at: 8, width: 2)
            put(secondOfDay / 3600, at: 11, width: 2)
            put(secondOfDay / 60 % 60, at: 14, width: 2)
            put(secondOfDay % 60, at: 17, width: 2)
            put(now.tv_nsec / 1_000_000, at: 20, width: 3)
            (text[4], text[7], text[10], text[13], text[16], text[19], text[23]) = (45, 45, 84, 58, 58, 46, 90)  // - - T : : . Z
            writer.raw(UnsafeRawBufferPointer(text))
        }
    }

    /// Year, month, day of the proleptic Gregorian calendar for a day count from 1970-01-01 (Howard
    /// Hinnant's `civil_from_days`).
    static func civilDate(daysSince1970: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSince1970 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
