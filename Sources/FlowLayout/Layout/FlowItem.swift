/// One item as a section holds it: its size, whether that size is only the layout's estimate
/// (`FlowLayoutSettings.estimatedItemSize`) still to be measured, its own parallax depth, and how a
/// masonry section places it. A value type; lengths in points.
public struct FlowItem: Hashable, Sendable {
    /// The size the item is laid out at.
    public var size: Size
    /// The size is the estimate, not a measurement: answers mark the cell `estimated` so the client
    /// measures it and sends the size back (`LayoutUpdate.resizeItems`).
    public var isEstimated: Bool
    /// The item's own parallax depth (`maxOffset`), overriding the request's; nil when it has none.
    public var parallaxDepth: Double?
    /// Its column in a masonry section (docs/flow-layout.md §22.2); other sections ignore it.
    public var masonryRole: MasonryRole

    /// An item of `size`, measured unless said otherwise.
    public init(size: Size, isEstimated: Bool = false, parallaxDepth: Double? = nil, masonryRole: MasonryRole = .byRule) {
        self.size = size
        self.isEstimated = isEstimated
        self.parallaxDepth = parallaxDepth
        self.masonryRole = masonryRole
    }

    /// The item's term in a section's `SequenceHash`: its size's bits, the estimate flag, its depth
    /// (-0 folded into 0) and its masonry role, mixed. O(1) and cheap: a million-item list hashes in a few milliseconds.
    var hashTerm: UInt64 {
        var word = Self.bits(size.width) &* 0x9E37_79B9_7F4A_7C15
        word = (word ^ Self.bits(size.height) ^ (isEstimated ? 0x5555 : 0)) &* 0xC2B2_AE3D_27D4_EB4F
        if let parallaxDepth { word = (word ^ Self.bits(parallaxDepth) ^ 0xAAAA) &* 0x1656_67B1_9E37_79F9 }
        // A role by rule (every item outside masonry) leaves the term, and older ids, as they were.
        let role = masonryRole.code
        if role != 0 { word = (word ^ UInt64(role) << 32 ^ 0x3C3C) &* 0x94D0_49BB_1331_11EB }
        return word ^ (word >> 29)
    }

    @inline(__always) private static func bits(_ value: Double) -> UInt64 { (value == 0 ? 0 : value).bitPattern }
}
