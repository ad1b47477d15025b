/// What an engine call counts of its own work: tree nodes visited, items touched. Cost bounds are
/// stated in these units (O(log n + k) for a visible query, O(k log n) for an update), and tests and
/// benchmarks read them where a clock would measure the machine.
///
/// The public API counts into `Uncounted`, which the optimizer removes with every `+=`: counting
/// costs a release build nothing. Tests and benchmarks call the counting variants, declared
/// `@_spi(WorkCounting) public`, with an `Int`. Updates also meter their own re-breaking with an
/// `Int` (`updated(by:)` switches strategy past a budget): that count is the algorithm's, not an
/// instrument, and the counting variant reports it.
public protocol WorkCounter {
    mutating func add(_ units: Int)
}

extension WorkCounter {
    @inline(__always)
    static func += (counter: inout Self, units: Int) { counter.add(units) }
}

extension Int: WorkCounter {
    @inline(__always)
    public mutating func add(_ units: Int) { self += units }
}

/// The counter of the public API: counts nothing.
struct Uncounted: WorkCounter {
    /// Never read or written. It gives each counter an address of its own: every value of an empty
    /// type may share one, and ThreadSanitizer then takes two threads' `inout` uses for a race.
    private var storage: UInt8 = 0

    @inline(__always)
    mutating func add(_ units: Int) {}
}
