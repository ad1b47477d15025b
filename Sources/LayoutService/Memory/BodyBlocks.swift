#if canImport(Glibc)
import Glibc
#endif

/// Buffers for answers' bodies, a few kept per thread: an answer's buffer comes from its thread's
/// shelf and goes back to the shelf of the thread that lets go of it last (the HTTP server's worker,
/// once the answer is sent, which is the thread that wrote it).
///
/// Why: a scroll answer is a few kilobytes, which malloc serves from its slower bins rather than its
/// per-thread cache, and a block fresh from malloc is colder in the processor's cache than the one the
/// thread's last answer was written in. The buffer object is kept with its block: making and freeing
/// one per answer ran the runtime's allocation and deallocation paths on every request.
enum BodyBlocks {
    /// Bytes of a block: a scroll answer of up to about 80 attributes.
    static let size = 16 * 1024
    /// Buffers kept per thread, enough for the answers a worker has written and not yet sent.
    static let kept = 8

    /// Buffers smaller than this are left to malloc's per-thread cache, which serves them well.
    static let smallest = 1024

    /// A thread's kept buffers: a count, then up to `kept` retained buffer references, one word each.
    private static let key = makeThreadSpecificKey(for: "the body blocks") { shelf in
        let shelf = shelf!
        for index in 0..<shelf.load(as: Int.self) { buffer(at: index, on: shelf).release() }
        shelf.deallocate()
    }

    private static var shelf: UnsafeMutableRawPointer {
        if let shelf = pthread_getspecific(key) { return shelf }
        let shelf = UnsafeMutableRawPointer.allocate(byteCount: (1 + kept) * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
        shelf.storeBytes(of: 0, as: Int.self)
        pthread_setspecific(key, shelf)
        return shelf
    }

    private static func buffer(at index: Int, on shelf: UnsafeMutableRawPointer) -> Unmanaged<ByteBuffer> {
        shelf.load(fromByteOffset: (1 + index) * MemoryLayout<Int>.stride, as: Unmanaged<ByteBuffer>.self)
    }

    /// An empty buffer of `size` bytes: one this thread kept, or a new one.
    static func take() -> ByteBuffer {
        let shelf = shelf
        let count = shelf.load(as: Int.self)
        guard count > 0 else { return ByteBuffer(capacity: size) }
        shelf.storeBytes(of: count - 1, as: Int.self)
        let buffer = buffer(at: count - 1, on: shelf).takeRetainedValue()
        buffer.count = 0
        return buffer
    }

    /// Keeps `buffer` for this thread's next answer when it is a block's size and the shelf has room;
    /// otherwise it is freed with the caller's last reference. The caller must hold the only one.
    static func give(_ buffer: ByteBuffer) {
        let shelf = shelf
        let count = shelf.load(as: Int.self)
        guard count < kept, buffer.capacity == size else { return }
        shelf.storeBytes(of: Unmanaged.passRetained(buffer), toByteOffset: (1 + count) * MemoryLayout<Int>.stride, as: Unmanaged<ByteBuffer>.self)
        shelf.storeBytes(of: count + 1, as: Int.self)
    }
}
