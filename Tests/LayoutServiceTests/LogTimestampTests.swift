#if canImport(Glibc)
import Glibc
#endif
@testable import LayoutService
import Testing

/// The access log's timestamps: the civil date computed without `gmtime_r` must be the C library's.
@Suite("Log timestamps")
struct LogTimestampTests {
    @Test(arguments: [-719_468, -1, 0, 59, 60, 365, 10_956, 11_016, 11_017, 20_415, 20_510, 2_932_896])
    func civilDateMatchesGmtime(daysSince1970: Int) {
        var seconds = time_t(daysSince1970 * 86_400)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let (year, month, day) = JSONLogHandler.civilDate(daysSince1970: daysSince1970)
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
            let date = JSONLogHandler.civilDate(daysSince1970: days)
            guard date == (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday)) else {
                Issue.record("day \(days): \(date)")
                return
            }
        }
    }
}
