/// What a base layout really costs while the cache keeps it.
extension BaseLayout {
    /// Bytes a heap-allocated array costs besides its elements: the object header (isa and reference
    /// count), count and capacity (32 bytes on 64-bit platforms), plus the allocator's own header.
    static let arrayHeapOverhead = 32 + 16

    /// Bytes this layout holds in the cache: its elements (`byteCount`), the header of every heap
    /// array it keeps alive (the section list, and per row-path section the sizes, the three line
    /// columns and the optional depths), and the cache entry itself (its slot in the recency list and
    /// its slot in the index). This is what counts against the byte budget and what `bytes` reports.
    public var storedByteCount: Int {
        var arrays = 1
        for section in sections {
            if case .rows = section.body { arrays += 4 }
            if section.parallaxDepths != nil { arrays += 1 }
        }
        return byteCount + arrays * Self.arrayHeapOverhead + LayoutCache.entryOverhead
    }
}
