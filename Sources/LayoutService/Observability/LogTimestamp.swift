#if canImport(Glibc)
import Glibc
import WireKit
#endif

/// RFC 3339 UTC timestamps with milliseconds (`2026-11-23T07:01:38.123Z`) for log lines.
///
/// Every request's line has one, and lines come thousands a second: the 20 bytes up to the
/// milliseconds are formatted once per second and copied for the lines within it. The civil date
/// comes from the day number by integer arithmetic, not `gmtime_r`.
struct LogTimestamp {
    /// The second `prefix` spells, or nil before the first line.
    private var second: Int?
    /// `2026-11-23T07:01:38.`, then room for the milliseconds and the digit writer's slack.
    private var prefix: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Writes the current time.
    mutating func write(into writer: inout JSONWriter) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        write(second: Int(now.tv_sec), millisecond: now.tv_nsec / 1_000_000, into: &writer)
    }

    mutating func write(second: Int, millisecond: Int, into writer: inout JSONWriter) {
        if second != self.second {
            self.second = second
            Self.format(second: second, into: &prefix)
        }
        // The prefix, then the milliseconds and `Z` over the prefix's spare bytes.
        var text = prefix
        withUnsafeMutableBytes(of: &text) { bytes in
            DecimalDigits.write(UInt64(millisecond), count: 3, to: bytes.baseAddress! + 20)
            bytes[23] = UInt8(ascii: "Z")
            writer.raw(UnsafeRawBufferPointer(rebasing: bytes[0..<24]))
        }
    }

    /// `YYYY-MM-DDThh:mm:ss.` for a count of seconds from 1970 to 9999.
    private static func format(second: Int, into prefix: inout (UInt64, UInt64, UInt64, UInt64)) {
        let (days, time) = second.quotientAndRemainder(dividingBy: 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        withUnsafeMutableBytes(of: &prefix) { bytes in
            // Fields left to right, each over the digit writer's slack after the one before, separators last.
            func put(_ value: Int, at offset: Int, width: Int) {
                DecimalDigits.write(UInt64(value), count: width, to: bytes.baseAddress! + offset)
            }
            put(year, at: 0, width: 4)
            put(month, at: 5, width: 2)
            put(day, at: 8, width: 2)
            put(time / 3600, at: 11, width: 2)
            put(time / 60 % 60, at: 14, width: 2)
            put(time % 60, at: 17, width: 2)
            (bytes[4], bytes[7], bytes[10]) = (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"))
            (bytes[13], bytes[16], bytes[19]) = (UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "."))
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
