/// Everything the base layout depends on, and nothing it does not: no scroll offset, no scroll-axis
/// viewport length, no screen scale. Two requests with equal inputs share one cached base layout.
public struct FlowLayoutInput: Hashable, Sendable {
    public var settings: FlowLayoutSettings
    public var sections: [FlowSection]
    /// The bounds' length across the scroll axis: the width for vertical scrolling.
    public var crossAxisLength: Double
    /// UIKit's adjustedContentInset.
    public var contentInset: EdgeInsets
    /// Only read when `settings.sectionInsetReference` is `.safeArea`.
    public var safeAreaInsets: EdgeInsets
    /// Only read when `settings.sectionInsetReference` is `.layoutMargins`.
    public var layoutMargins: EdgeInsets

    public init(
        settings: FlowLayoutSettings = FlowLayoutSettings(),
        sections: [FlowSection],
        crossAxisLength: Double,
        contentInset: EdgeInsets = .zero,
        safeAreaInsets: EdgeInsets = .zero,
        layoutMargins: EdgeInsets = .zero
    ) {
        self.settings = settings
        self.sections = sections
        self.crossAxisLength = crossAxisLength
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
    }

    /// Total number of items in every section.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
