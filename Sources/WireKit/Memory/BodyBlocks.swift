/// Buffers for answers' bodies, kept per thread: an answer's buffer comes from its thread's shelves and
/// goes back to the thread that lets go of it last (the HTTP server's worker, once the answer is sent,
/// which is the thread that wrote it).
///
/// Two shelves: whole buffers the server let go of (object and block, so an answer over HTTP
/// allocates nothing), and the blocks of buffers freed any other way (an answer dropped in process).
enum BodyBlocks {
    /// Bytes of a block: a scroll answer of up to about 80 attributes.
    static let size = 16 * 1024
    /// Buffers, and blocks, kept per thread: enough for the answers a worker has written and not yet sent.
    static let kept = 8

    /// Buffers smaller than this are left to malloc's per-thread cache, which serves them well.
    static let smallest = 1024

    private static let buffers = ThreadLocal<Shelf<ByteBuffer>>("the answer buffers") { Shelf(capacity: kept) }

    private static let blocks = ThreadLocal<Shelf<UnsafeMutablePointer<UInt8>>>(
        "the body blocks", release: { shelf in while let block = shelf.pointee.take() { block.deallocate() } }
    ) { Shelf(capacity: kept) }

    /// An empty buffer of `size` bytes: one this thread kept, else one around a kept block, else a new one.
    static func take() -> ByteBuffer {
        if let buffer = buffers.pointer.pointee.take() {
            buffer.count = 0
            return buffer
        }
        return ByteBuffer(block: blocks.pointer.pointee.take() ?? .allocate(capacity: size))
    }

    /// Keeps `buffer` for this thread's next answer when it is a block's size and the shelf has room;
    /// otherwise it is freed with the caller's last reference. The caller must hold the only one.
    static func give(_ buffer: ByteBuffer) {
        guard buffer.capacity == size else { return }
        _ = buffers.pointer.pointee.give(buffer)
    }

    /// Keeps the block of a buffer being freed; false when the shelf is full and the caller frees it.
    static func give(block: UnsafeMutablePointer<UInt8>) -> Bool { blocks.pointer.pointee.give(block) }
}

/// Up to `capacity` things kept, last in, first out.
struct Shelf<Item> {
    private var items: [Item] = []
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        items.reserveCapacity(capacity)
    }

    /// The thing kept last, or nil when none is.
    mutating func take() -> Item? { items.popLast() }

    /// Keeps `item`; false when the shelf is full.
    mutating func give(_ item: Item) -> Bool {
        guard items.count < capacity else { return false }
        items.append(item)
        return true
    }
}
