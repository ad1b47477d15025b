@testable import FlowLayout
import Testing

/// A chunk's least start and greatest end are picked by double sums, exactly when those cannot tell
/// two groups apart (`Extreme`, docs/flow-layout.md §23.8).
@Suite("Group extremes")
struct GroupExtremeTests {
    /// Two groups at 10¹⁶ whose ends differ by a quarter point: their doubles are equal (the spacing
    /// of doubles there is 2), their exact sums are not.
    @Test(arguments: [false, true])
    func groupsTheirDoublesCannotTellApartAreComparedExactly(greatest: Bool) {
        let start = FixedLength(1e16)
        var extreme = Extreme(keepsGreatest: greatest)
        extreme.note(start: start, approximate: 1e16, offset: 0.25, magnitude: 1e16)
        extreme.note(start: start, approximate: 1e16, offset: 0.5, magnitude: 1e16)
        extreme.note(start: start, approximate: 1e16, offset: 0.375, magnitude: 1e16)
        #expect(extreme.exact == start + FixedLength(greatest ? 0.5 : 0.25))
    }

    /// Groups far apart are told apart by their doubles alone, and the one kept is summed exactly.
    @Test func groupsFarApartAreToldByTheirDoubles() {
        var least = Extreme(keepsGreatest: false)
        var greatest = Extreme(keepsGreatest: true)
        var position = FixedLength.zero
        var approximate = 0.0
        var magnitude = 0.0
        for (length, low, high) in [(10.0, 1.0, 9.5), (12.0, -0.5, 12.25), (7.0, 0.0, 30.0), (3.0, 2.0, 2.5)] {
            least.note(start: position, approximate: approximate, offset: low, magnitude: magnitude)
            greatest.note(start: position, approximate: approximate, offset: high, magnitude: magnitude)
            position += FixedLength(length + 4)
            approximate += length + 4
            magnitude += length + 4
        }
        #expect(least.exact == FixedLength(0) + FixedLength(1.0))
        #expect(greatest.exact == FixedLength(14 + 16) + FixedLength(30.0))
    }
}
