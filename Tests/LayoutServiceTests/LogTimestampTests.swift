#if canImport(Glibc)
import Glibc
#endif
@testable import LayoutService
@testable import WireKit
import Testing

/// The access log's timestamps: the civil date computed without `gmtime_r` must be the C library's.
@Suite("Log timestamps")
struct LogTimestampTests {
    @Test(arguments: [-719_468, -1, 0, 59, 60, 365, 10_956, 11_016, 11_017, 20_415, 20_510, 2_932_896])
    func civilDateMatchesGmtime(daysSince1970: Int) {
        var seconds = time_t(daysSince1970 * 86_400)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let (year, month, day) = LogTimestamp.civilDate(daysSince1970: daysSince1970)
        #expect(year == Int(parts.tm_year) + 1900)
        #expect(month == Int(parts.tm_mon) + 1)
        #expect(day == Int(parts.tm_mday))
    }

    @Test func everyDayOfFourHundredYearsMatchesGmtime() {
        // 1900-03-01 to 2300: every leap-year rule (4, 100, 400) is crossed.
        for days in stride(from: -25_508, to: 120_000, by: 1) {
            var seconds = time_t(days * 86_400)
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let date = LogTimestamp.civilDate(daysSince1970: days)
            guard date == (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday)) else {
                Issue.record("day \(days): \(date)")
                return
            }
        }
    }

    /// The C library's spelling of a second, with milliseconds.
    private func reference(second: Int, millisecond: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let length = strftime(&text, text.count, "%Y-%m-%dT%H:%M:%S", &parts)
        let ms = String(millisecond)
        return String(decoding: text[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            + "." + String(repeating: "0", count: 3 - ms.count) + ms + "Z"
    }

    /// One formatter across seconds, repeated seconds (the cached prefix) and day and year boundaries.
    @Test func timestampsMatchStrftimeAcrossSecondsAndDays() {
        var timestamp = LogTimestamp()
        let seconds = [0, 0, 59, 60, 86_399, 86_400, 951_782_399, 951_782_400, 1_795_392_000, 1_795_392_000,
                       1_795_392_001, 253_402_300_799]
        for (index, second) in seconds.enumerated() {
            let millisecond = [0, 7, 99, 999, 500][index % 5]
            var writer = JSONWriter()
            timestamp.write(second: second, millisecond: millisecond, into: &writer)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == reference(second: second, millisecond: millisecond))
        }
    }
}
