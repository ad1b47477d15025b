#if canImport(Glibc)
import Glibc
#endif

/// Buffers for answers' bodies, kept per thread: an answer's buffer comes from its thread's shelves and
/// goes back to the thread that lets go of it last (the HTTP server's worker, once the answer is sent,
/// which is the thread that wrote it).
///
/// Why: a scroll answer is a few kilobytes, which malloc serves from its slower bins rather than its
/// per-thread cache, and a block fresh from malloc is colder in the processor's cache than the one the
/// thread's last answer was written in. Two shelves: whole buffers the server let go of (object and
/// block, so an answer over HTTP allocates nothing: making and freeing the object ran the runtime's
/// allocation and deallocation paths on every request), and the blocks of buffers freed any other way
/// (an answer dropped in process).
enum BodyBlocks {
    /// Bytes of a block: a scroll answer of up to about 80 attributes.
    static let size = 16 * 1024
    /// Buffers, and blocks, kept per thread: enough for the answers a worker has written and not yet sent.
    static let kept = 8

    /// Buffers smaller than this are left to malloc's per-thread cache, which serves them well.
    static let smallest = 1024

    private static let buffers = ThreadShelf(for: "the answer buffers", capacity: kept) { shelf in
        ThreadShelf.empty(shelf!) { Unmanaged<ByteBuffer>.fromOpaque($0).release() }
    }

    private static let blocks = ThreadShelf(for: "the body blocks", capacity: kept) { shelf in
        ThreadShelf.empty(shelf!) { $0.deallocate() }
    }

    /// An empty buffer of `size` bytes: one this thread kept, else one around a kept block, else a new one.
    static func take() -> ByteBuffer {
        if let kept = buffers.take() {
            let buffer = Unmanaged<ByteBuffer>.fromOpaque(kept).takeRetainedValue()
            buffer.count = 0
            return buffer
        }
        return ByteBuffer(block: blocks.take()?.assumingMemoryBound(to: UInt8.self) ?? .allocate(capacity: size))
    }

    /// Keeps `buffer` for this thread's next answer when it is a block's size and the shelf has room;
    /// otherwise it is freed with the caller's last reference. The caller must hold the only one.
    static func give(_ buffer: ByteBuffer) {
        guard buffer.capacity == size else { return }
        let retained = Unmanaged.passRetained(buffer)
        if !buffers.give(retained.toOpaque()) { retained.release() }
    }

    /// Keeps the block of a buffer being freed; false when the shelf is full and the caller frees it.
    static func give(block: UnsafeMutablePointer<UInt8>) -> Bool { blocks.give(UnsafeMutableRawPointer(block)) }
}

/// Up to `capacity` pointers kept per thread, last in, first out: a count, then the pointers, one
/// word each, behind a thread-specific key whose destructor frees what is left when the thread ends.
struct ThreadShelf {
    private let key: pthread_key_t
    private let capacity: Int

    init(for purpose: StaticString, capacity: Int, destructor: @convention(c) (UnsafeMutableRawPointer?) -> Void) {
        key = makeThreadSpecificKey(for: purpose, destructor: destructor)
        self.capacity = capacity
    }

    /// The pointer kept last on this thread, or nil when none is.
    func take() -> UnsafeMutableRawPointer? {
        guard let shelf = pthread_getspecific(key) else { return nil }
        let count = shelf.load(as: Int.self)
        guard count > 0 else { return nil }
        shelf.storeBytes(of: count - 1, as: Int.self)
        return shelf.load(fromByteOffset: count * MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer.self)
    }

    /// Keeps `pointer` on this thread's shelf; false when it is full.
    func give(_ pointer: UnsafeMutableRawPointer) -> Bool {
        let shelf = pthread_getspecific(key) ?? makeShelf()
        let count = shelf.load(as: Int.self)
        guard count < capacity else { return false }
        shelf.storeBytes(of: pointer, toByteOffset: (1 + count) * MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer.self)
        shelf.storeBytes(of: count + 1, as: Int.self)
        return true
    }

    private func makeShelf() -> UnsafeMutableRawPointer {
        let shelf = UnsafeMutableRawPointer.allocate(
            byteCount: (1 + capacity) * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
        shelf.storeBytes(of: 0, as: Int.self)
        pthread_setspecific(key, shelf)
        return shelf
    }

    /// Hands every pointer on `shelf` to `free`, then frees the shelf: for a key's destructor.
    static func empty(_ shelf: UnsafeMutableRawPointer, _ free: (UnsafeMutableRawPointer) -> Void) {
        for index in 0..<shelf.load(as: Int.self) {
            free(shelf.load(fromByteOffset: (1 + index) * MemoryLayout<Int>.stride, as: UnsafeMutableRawPointer.self))
        }
        shelf.deallocate()
    }
}
