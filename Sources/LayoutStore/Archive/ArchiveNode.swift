import FlowLayout

/// Equal items in a row, as a section's items are stored: one item and how many.
public struct ItemRun: Hashable, Sendable {
    public var item: FlowItem
    public var count: Int

    public init(_ item: FlowItem, count: Int) {
        self.item = item
        self.count = count
    }
}

/// A child of an interior node: its key, its height (0 for a leaf) and how many items it holds.
package struct ChildReference: Hashable, Sendable {
    var key: ContentHash
    var itemCount: Int
}

/// One stored chunk of a section's items, addressed by the hash of its bytes: a leaf of runs, or an
/// interior node of children, one level above them. A section's items are the leaves in order.
package enum ArchiveNode: Sendable, Equatable {
    case leaf([ItemRun])
    case interior(height: Int, children: [ChildReference])

    /// Nodes are at most this tall: a section's items (2³¹) fit in far fewer levels, so a value that
    /// says more is corrupt, and a walk down always ends.
    static let maxHeight = 16

    var height: Int {
        switch self {
        case .leaf: 0
        case .interior(let height, _): height
        }
    }

    var itemCount: Int {
        switch self {
        case .leaf(let runs): runs.reduce(0) { $0 + $1.count }
        case .interior(_, let children): children.reduce(0) { $0 + $1.itemCount }
        }
    }

    /// The key of a value: the content hash of its bytes, so a value read back is checked against the
    /// key it was read under.
    static func key(of bytes: [UInt8]) -> ContentHash {
        var hasher = ContentHasher()
        hasher.combine(0x6E6F_6465 as UInt64)  // "node": a node never shares a key with other hashes
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }

    var bytes: [UInt8] {
        var writer = ArchiveWriter()
        switch self {
        case .leaf(let runs):
            writer.byte(0)
            writer.count(runs.count)
            for run in runs {
                let item = run.item
                writer.byte(RunFlags(item).rawValue)
                writer.size(item.size)
                if let depth = item.parallaxDepth { writer.double(depth) }
                if item.masonryRole != .byRule { writer.count(Int(item.masonryRole.code)) }
                writer.count(run.count)
            }
        case .interior(let height, let children):
            writer.byte(UInt8(height))
            writer.count(children.count)
            for child in children {
                writer.hash(child.key)
                writer.count(child.itemCount)
            }
        }
        return writer.bytes
    }

    /// The node stored under `key`: refused unless the bytes hash to the key and decode whole.
    package init(bytes: [UInt8], key: ContentHash) throws(ArchiveError) {
        guard Self.key(of: bytes) == key else { throw .corrupt("a node does not hash to its key") }
        var reader = ArchiveReader(bytes)
        let height = Int(try reader.byte())
        guard height <= Self.maxHeight else { throw .corrupt("a node is too tall") }
        let count = try reader.count(max: bytes.count)
        if height == 0 {
            var runs: [ItemRun] = []
            runs.reserveCapacity(count)
            for _ in 0..<count {
                let flags = RunFlags(rawValue: try reader.byte())
                guard flags.isKnown else { throw .corrupt("a run's flags are unknown") }
                let size = try reader.size()
                let depth = flags.contains(.depth) ? try reader.double() : nil
                let role = flags.contains(.role) ? MasonryRole(code: UInt16(try reader.count(max: Int(UInt16.max)))) : .byRule
                let length = try reader.count(max: BaseLayout.maxItemsInASection)
                guard length > 0 else { throw .corrupt("a run is empty") }
                runs.append(ItemRun(
                    FlowItem(size: size, isEstimated: flags.contains(.estimated), parallaxDepth: depth, masonryRole: role), count: length))
            }
            self = .leaf(runs)
        } else {
            var children: [ChildReference] = []
            children.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.hash()
                children.append(ChildReference(key: key, itemCount: try reader.count(max: BaseLayout.maxItemsInASection)))
            }
            self = .interior(height: height, children: children)
        }
        guard reader.isAtEnd else { throw .corrupt("a node has bytes after its end") }
    }
}

/// What a stored run holds besides its size and count: which of the optional fields follow the size.
struct RunFlags: OptionSet {
    let rawValue: UInt8
    static let estimated = RunFlags(rawValue: 1)
    /// A parallax depth follows the size.
    static let depth = RunFlags(rawValue: 2)
    /// A masonry role's code follows the depth (format 2).
    static let role = RunFlags(rawValue: 4)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ item: FlowItem) {
        self = item.isEstimated ? .estimated : []
        if item.parallaxDepth != nil { insert(.depth) }
        if item.masonryRole != .byRule { insert(.role) }
    }

    /// No bit beyond these.
    var isKnown: Bool { rawValue < 8 }
}
