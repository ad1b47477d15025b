import FlowLayout

/// The array a view's attributes are gathered in: one per thread, reused by every answer made on it,
/// so a scroll gathers into warm memory malloc is not asked for.
public enum AttributeScratch {
    /// Arrays grown past this many attributes are let go after use, so one answer with thousands of
    /// elements does not keep its memory for the life of the thread.
    static let keptCapacity = 512

    private static let arrays = ThreadLocal<[LayoutAttributes]>("the attribute scratch") { [] }

    /// Calls `body` with this thread's array, empty. A nested call (none is made today) gets an array
    /// of its own.
    public static func with<Result>(_ body: (inout [LayoutAttributes]) -> Result) -> Result {
        let kept = arrays.pointer
        var attributes: [LayoutAttributes] = []
        swap(&attributes, &kept.pointee)
        let result = body(&attributes)
        if attributes.capacity <= keptCapacity {
            attributes.removeAll(keepingCapacity: true)
            swap(&attributes, &kept.pointee)
        }
        return result
    }
}
