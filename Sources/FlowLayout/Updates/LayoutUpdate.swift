/// An item's place: its section and its index in the section (UIKit's index path).
public struct ItemPath: Hashable, Sendable {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }
}

/// One change to a layout's items or sections (UIKit's `performBatchUpdates` operations). In a batch,
/// each operation's indices are read against the layout the previous one left, as JSON Patch reads
/// its operations (docs/flow-layout.md §16).
public enum LayoutUpdate: Hashable, Sendable {
    /// `items` inserted before item `at` (`at` may be the count: at the end).
    case insertItems(section: Int, at: Int, items: [FlowItem])
    /// `count` items from `at` removed.
    case deleteItems(section: Int, at: Int, count: Int)
    /// One item taken out at `from` and put in at `to`, read after it was taken out (JSON Patch's move).
    case moveItem(from: ItemPath, to: ItemPath)
    /// New sizes for the consecutive items from `at` (measured ones: no longer estimates). The items
    /// keep their identity and their parallax depths.
    case resizeItems(section: Int, at: Int, sizes: [Size])
    /// `items` added after the section's last item (a feed's next page).
    case appendItems(section: Int, items: [FlowItem])
    /// `sections` inserted before section `at` (`at` may be the count).
    case insertSections(at: Int, sections: [FlowSection])
    /// `count` sections from `at` removed.
    case deleteSections(at: Int, count: Int)
}

/// Why a batch was refused: which operation and which of its fields, and what is wrong. A refused batch
/// changes nothing.
public struct LayoutUpdateError: Error, Hashable, Sendable {
    /// A field of an operation (`LayoutUpdate`'s associated values).
    public enum Field: Hashable, Sendable {
        case section, at, count, items, sizes, sections
        /// The section or the item of a move's index paths.
        case from(IndexPathPart), to(IndexPathPart)
    }

    public enum IndexPathPart: Hashable, Sendable {
        case section, item
    }

    /// The operation's index in the batch.
    public var operation: Int
    public var field: Field
    public var message: String
    /// The operation is well formed but the layout would pass `maxItems` or `maxSections`.
    public var exceedsLimit: Bool

    public init(operation: Int, field: Field, message: String, exceedsLimit: Bool = false) {
        self.operation = operation
        self.field = field
        self.message = message
        self.exceedsLimit = exceedsLimit
    }
}
