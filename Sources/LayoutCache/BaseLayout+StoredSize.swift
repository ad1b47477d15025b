import FlowLayout

/// What a base layout really costs while the cache keeps it.
extension BaseLayout {
    /// Bytes this layout holds in the cache: what it keeps alive on the heap (`heapByteCount`: its
    /// elements and the header of every array) and the cache entry itself (its slot in the recency list
    /// and its slot in the index). This is what counts against the byte budget and what `bytes`
    /// reports. O(sections).
    public var storedByteCount: Int {
        heapByteCount + LayoutCache.entryOverhead
    }
}
