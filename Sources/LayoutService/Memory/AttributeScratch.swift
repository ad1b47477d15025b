import FlowLayout

#if canImport(Glibc)
import Glibc
#endif

/// The array a view's attributes are gathered in: one per thread, reused by every answer made on it.
///
/// Why: a scroll answer's attributes take a few kilobytes (about a hundred bytes each), which malloc
/// serves from its slower bins rather than its per-thread cache, and a block fresh from malloc is
/// colder in the processor's cache than the one the thread's last answer used.
final class AttributeScratch {
    private var attributes: [LayoutAttributes] = []

    /// Arrays grown past this many attributes are let go after use, so one answer with thousands of
    /// elements does not keep its memory for the life of the thread.
    static let keptCapacity = 512

    private static let key = makeThreadSpecificKey(for: "the attribute scratch") {
        Unmanaged<AttributeScratch>.fromOpaque($0!).release()
    }

    private static var current: AttributeScratch {
        if let scratch = pthread_getspecific(key) { return Unmanaged<AttributeScratch>.fromOpaque(scratch).takeUnretainedValue() }
        let scratch = AttributeScratch()
        pthread_setspecific(key, Unmanaged.passRetained(scratch).toOpaque())
        return scratch
    }

    /// Calls `body` with this thread's array, empty. A nested call (none is made today) gets an array
    /// of its own.
    static func with<Result>(_ body: (inout [LayoutAttributes]) -> Result) -> Result {
        let scratch = current
        var attributes: [LayoutAttributes] = []
        swap(&attributes, &scratch.attributes)
        let result = body(&attributes)
        if attributes.capacity <= keptCapacity {
            attributes.removeAll(keepingCapacity: true)
            scratch.attributes = attributes
        }
        return result
    }
}
