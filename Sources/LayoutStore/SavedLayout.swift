import FlowLayout

/// What a save did: whether the store had the layout already, and the layout as `load` will answer it,
/// which is what a replica keeps in its cache.
public struct SavedLayout: Sendable {
    /// The store had the layout before this save.
    public let existed: Bool
    private let saved: BaseLayout
    /// What was stored, when the store keeps archives rather than the layout itself.
    private let archive: LayoutArchive?

    /// A save of `layout` into a store that keeps it as it is (in memory).
    public init(existed: Bool, layout: BaseLayout) {
        self.existed = existed
        self.saved = layout
        self.archive = nil
    }

    /// A save of `layout` into a store that keeps its `archive` (shared by replicas).
    public init(existed: Bool, layout: BaseLayout, archive: LayoutArchive) {
        self.existed = existed
        self.saved = layout
        self.archive = archive
    }

    /// The layout as `load` answers it: from an archive, rebuilt, the same object structure whatever
    /// requests made the saved one, so every replica answers the same bytes, cost figures (`bytes`)
    /// included. Computed when asked (O(items)): a caller that keeps a layout it has already asks not.
    public var layout: BaseLayout {
        guard let archive else { return saved }
        return (try? archive.rebuilt()) ?? saved
    }
}
