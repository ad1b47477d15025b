/// The bytes of an answer: written once (by a `JSONWriter`, or copied from an array), then only read.
///
/// Why not `[UInt8]`: the writer's buffer would be copied into an array, and the array again by the
/// HTTP server, 4 KB twice on every scroll. The writer's buffer is the body itself, and the server
/// sends straight from it while it holds a reference (`retainedBytes`).
public struct ResponseBody: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    let buffer: ByteBuffer

    init(buffer: ByteBuffer) { self.buffer = buffer }

    public init(_ bytes: [UInt8]) {
        buffer = ByteBuffer(capacity: bytes.count)
        bytes.withUnsafeBytes { buffer.append($0) }
    }

    public init(arrayLiteral bytes: UInt8...) { self.init(bytes) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { buffer.count }

    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < buffer.count, "index out of range")
        return buffer.base[position]
    }

    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
    }

    /// The bytes, valid until `release(_:)` is called with the returned context: for a C consumer that
    /// keeps them past this call (the HTTP server, until the answer is sent).
    public func retainedBytes() -> (bytes: UnsafeRawBufferPointer, context: UnsafeMutableRawPointer) {
        (UnsafeRawBufferPointer(start: buffer.base, count: buffer.count), Unmanaged.passRetained(buffer).toOpaque())
    }

    /// Drops the reference `retainedBytes()` took; a buffer nobody else holds goes back to this
    /// thread's `BodyBlocks` for the next answer.
    public static func release(_ context: UnsafeMutableRawPointer) {
        var buffer = Unmanaged<ByteBuffer>.fromOpaque(context).takeRetainedValue()
        buffer.giveBackBudget()
        if isKnownUniquelyReferenced(&buffer) { BodyBlocks.give(buffer) }
    }

    /// Counts these bytes against `budget` until the server lets go of them (`release`); false when
    /// they do not fit, and nothing counted. Answers of `AnswerBudget.unbudgetedBytes` or less always fit.
    public func take(from budget: AnswerBudget) -> Bool {
        guard buffer.count > AnswerBudget.unbudgetedBytes, buffer.budget == nil else { return true }
        guard budget.take(buffer.count) else { return false }
        buffer.budget = budget
        return true
    }

    /// Becomes `other`; the buffer let go of goes back to this thread's `BodyBlocks` when nothing else
    /// holds it (the identity bytes of an answer sent compressed, written a moment ago on this thread).
    public mutating func replace(with other: ResponseBody) {
        var previous = buffer
        self = other
        if isKnownUniquelyReferenced(&previous) { BodyBlocks.give(previous) }
    }

    public static func == (lhs: ResponseBody, rhs: ResponseBody) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }
}

/// The memory of an answer's bytes: written through a raw pointer by a `JSONWriter` (which keeps its
/// own count and tells this one when done), then shared, never written again, as a `ResponseBody`.
/// Buffers of a scroll answer's size come from `BodyBlocks`, kept per thread.
@usableFromInline
final class ByteBuffer: @unchecked Sendable {
    // Unchecked: a class's stored `var` is checked for exclusive access at run time wherever code of
    // another module (inlined across modules) touches it, a few hundred instructions a scroll. A
    // buffer is written by one writer, then only read (the invariant `ResponseBody` documents).
    @exclusivity(unchecked) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var capacity: Int
    /// The budget these bytes are counted against while they wait to be sent (`ResponseBody.take`).
    @exclusivity(unchecked) var budget: AnswerBudget?

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A buffer around a block of `BodyBlocks.size` bytes.
    init(block: UnsafeMutablePointer<UInt8>) {
        capacity = BodyBlocks.size
        base = block
    }

    /// A buffer for at least `capacity` bytes: a kept block for the sizes of scroll answers.
    static func make(capacity: Int) -> ByteBuffer {
        capacity >= BodyBlocks.smallest && capacity <= BodyBlocks.size ? BodyBlocks.take() : ByteBuffer(capacity: capacity)
    }

    /// Gives the bytes back to the budget they were counted against, once.
    func giveBackBudget() {
        budget?.giveBack(count)
        budget = nil
    }

    deinit {
        giveBackBudget()
        if capacity == BodyBlocks.size, BodyBlocks.give(block: base) { return }
        base.deallocate()
    }

    /// Makes room for `extra` more bytes after `count`, doubling.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var grown = capacity * 2
        while count + extra > grown { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    func append(_ source: UnsafeRawBufferPointer) {
        guard let address = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        (base + count).update(from: address.assumingMemoryBound(to: UInt8.self), count: source.count)
        count += source.count
    }
}
