#if canImport(Glibc)
import Glibc
#endif

/// Blocks of memory for answers' bodies, a few kept per thread: an answer's buffer comes from its
/// thread's blocks and goes back to the blocks of the thread that lets go of it (the HTTP server's
/// worker, once the answer is sent, which is the thread that wrote it).
///
/// Why: a scroll answer is a few kilobytes, which malloc serves from its slower bins rather than its
/// per-thread cache, and a block fresh from malloc is colder in the processor's cache than the one the
/// thread's last answer was written in.
enum BodyBlocks {
    /// Bytes of a block: a scroll answer of up to about 80 attributes.
    static let size = 16 * 1024
    /// Blocks kept per thread, enough for the answers a worker has written and not yet sent.
    static let kept = 8

    /// Buffers smaller than this are left to malloc's per-thread cache, which serves them well.
    static let smallest = 1024

    /// A thread's kept blocks: a count, then up to `kept` block addresses, one word each.
    private static let key = makeThreadSpecificKey(for: "the body blocks") { shelf in
        let shelf = shelf!
        for index in 0..<shelf.load(as: Int.self) { block(at: index, on: shelf).deallocate() }
        shelf.deallocate()
    }

    private static var shelf: UnsafeMutableRawPointer {
        if let shelf = pthread_getspecific(key) { return shelf }
        let shelf = UnsafeMutableRawPointer.allocate(byteCount: (1 + kept) * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
        shelf.storeBytes(of: 0, as: Int.self)
        pthread_setspecific(key, shelf)
        return shelf
    }

    private static func block(at index: Int, on shelf: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UInt8> {
        shelf.load(fromByteOffset: (1 + index) * MemoryLayout<Int>.stride, as: UnsafeMutablePointer<UInt8>.self)
    }

    /// A block of `size` bytes: one this thread kept, or a new one.
    static func take() -> UnsafeMutablePointer<UInt8> {
        let shelf = shelf
        let count = shelf.load(as: Int.self)
        guard count > 0 else { return .allocate(capacity: size) }
        shelf.storeBytes(of: count - 1, as: Int.self)
        return block(at: count - 1, on: shelf)
    }

    /// Keeps `block` (of `size` bytes) for this thread's next answer, or frees it when enough are kept.
    static func give(_ block: UnsafeMutablePointer<UInt8>) {
        let shelf = shelf
        let count = shelf.load(as: Int.self)
        guard count < kept else { return block.deallocate() }
        shelf.storeBytes(of: block, toByteOffset: (1 + count) * MemoryLayout<Int>.stride, as: UnsafeMutablePointer<UInt8>.self)
        shelf.storeBytes(of: count + 1, as: Int.self)
    }
}
