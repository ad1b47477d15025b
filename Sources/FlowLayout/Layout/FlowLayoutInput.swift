/// Everything the base layout depends on, and nothing it does not: no scroll offset, no screen scale,
/// and no scroll-axis viewport length unless a compositional section resolves against it. Two requests with equal inputs share one cached base layout.
///
/// Lengths are in points. A value type; `contentHash` (O(items)) names it across processes.
public struct FlowLayoutInput: Hashable, Sendable {
    /// The layout-level properties (UICollectionViewFlowLayout's).
    public var settings: FlowLayoutSettings
    /// The sections in order; section k's elements have index paths (k, item).
    public var sections: [FlowSection]
    /// The bounds' length across the scroll axis, in points: the width for vertical scrolling.
    public var crossAxisLength: Double
    /// UIKit's adjustedContentInset, in points: the lines are broken to `crossAxisLength` minus its
    /// two edges across the scroll axis. It does not move the content's origin (a scroll view shows
    /// the content's top at a scroll offset of `-top`).
    public var contentInset: EdgeInsets
    /// Only read when `settings.sectionInsetReference` is `.safeArea`.
    public var safeAreaInsets: EdgeInsets
    /// Only read when `settings.sectionInsetReference` is `.layoutMargins`.
    public var layoutMargins: EdgeInsets
    /// The bounds' length along the scroll axis, in points: read only by compositional sections, whose
    /// containers are the whole viewport (docs/flow-layout.md §23.2); part of the id unless 0, so give
    /// it only for them.
    public var scrollAxisLength: Double

    /// Whether any section is laid out as a compositional section.
    public var hasCompositionalSections: Bool { sections.contains { settings.compositional(of: $0) != nil } }

    /// An input with UIKit's default settings and no insets unless given.
    public init(
        settings: FlowLayoutSettings = FlowLayoutSettings(),
        sections: [FlowSection],
        crossAxisLength: Double,
        contentInset: EdgeInsets = .zero,
        safeAreaInsets: EdgeInsets = .zero,
        layoutMargins: EdgeInsets = .zero,
        scrollAxisLength: Double = 0
    ) {
        self.settings = settings
        self.sections = sections
        self.crossAxisLength = crossAxisLength
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.scrollAxisLength = scrollAxisLength
    }

    /// Total number of items in every section. O(sections).
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
