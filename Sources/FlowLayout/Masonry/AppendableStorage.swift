import Synchronization

/// Elements that immutable versions of a value share, each reading the prefix it was made with. The
/// version whose count is the storage's tip extends it in place; any other, or one that would pass the
/// capacity, copies its prefix into new storage first (twice as large). So appending k elements to the
/// latest version costs O(k), amortized over the copies, and no version ever sees its elements change:
/// only slots past the tip are written, each range by the one appender that claimed it.
///
/// Reads are unchecked: a version indexes only below its own count. Elements are bitwise copyable, so
/// nothing is deinitialized. The slots past what is written are not touched, so a large reserve costs
/// address space, not memory.
final class AppendableStorage<Element: BitwiseCopyable>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Element>
    private let capacity: Int
    /// Slots below it belong to some version; an appender takes [count, count + k) by moving it.
    private let tip: Atomic<Int>

    /// Storage of `capacity` slots whose first `count` `initialize` writes, all of them.
    init(capacity: Int, count: Int, initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
        precondition(count <= capacity)
        self.capacity = Swift.max(1, capacity)
        base = .allocate(capacity: self.capacity)
        tip = Atomic(count)
        initialize(UnsafeMutableBufferPointer(start: base, count: count))
    }

    deinit { base.deallocate() }

    /// Room for `count` elements and an eighth more, for appends to come.
    static func capacity(reserving count: Int) -> Int { count + count / 8 + 16 }

    @inline(__always)
    subscript(index: Int) -> Element { base[index] }

    /// The first `count` elements, for a version whose count it is.
    @inline(__always)
    func prefix(_ count: Int) -> UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Storage holding this one's first `count` elements, then `added` more that `write` writes, all
    /// of them: this storage when nothing is added or `count` is its tip and they fit, else a copy.
    func appending(after count: Int, _ added: Int, _ write: (UnsafeMutableBufferPointer<Element>) -> Void) -> AppendableStorage {
        if added == 0 { return self }
        if count + added <= capacity, tip.compareExchange(expected: count, desired: count + added, ordering: .relaxed).exchanged {
            write(UnsafeMutableBufferPointer(start: base + count, count: added))
            return self
        }
        return AppendableStorage(capacity: 2 * (count + added) + 16, count: count + added) { slots in
            _ = slots.initialize(fromContentsOf: UnsafeBufferPointer(start: base, count: count))
            write(UnsafeMutableBufferPointer(rebasing: slots[count...]))
        }
    }
}
