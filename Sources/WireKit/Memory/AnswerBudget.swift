import Synchronization

/// The bytes of large answers written and not yet sent, all connections together: what a client that
/// reads slowly (or many at once) can make the process hold. An answer over `unbudgetedBytes` takes
/// its size from the budget when it is finished and gives it back when the HTTP server lets go of it
/// (`ResponseBody.release`), or when it is dropped unsent; past the budget it is not sent at all, and
/// the request gets `503 server-busy` instead, so memory stays within the documented bound.
public final class AnswerBudget: Sendable {
    /// Answers this small are never counted or refused: every scroll and probe. (Computed: a stored
    /// static is initialised lazily, a check on every request.)
    public static var unbudgetedBytes: Int { 64 * 1024 }

    let limit: Int
    private let used = Atomic<Int>(0)

    public init(limit: Int) { self.limit = limit }

    /// Bytes taken now.
    public var taken: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes`; false, and nothing taken, when they do not fit.
    func take(_ bytes: Int) -> Bool {
        let total = used.add(bytes, ordering: .relaxed).newValue
        guard total > limit else { return true }
        used.subtract(bytes, ordering: .relaxed)
        return false
    }

    func giveBack(_ bytes: Int) { used.subtract(bytes, ordering: .relaxed) }
}
