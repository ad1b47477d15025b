/// What a layout's sections are laid out in, apart from their items: the settings, the bounds' length
/// across the scroll axis and the insets. An update keeps it; only items and sections change. A value
/// type; lengths in points.
public struct LayoutEnvironment: Sendable {
    public let settings: FlowLayoutSettings
    public let crossAxisLength: Double
    public let contentInset: EdgeInsets
    public let safeAreaInsets: EdgeInsets
    public let layoutMargins: EdgeInsets
    /// Bounds minus content insets across the scroll axis: the width lines are broken to (§1); 0 when
    /// the bounds leave no room.
    public let dimension: Double
    /// The bounds' length along the scroll axis (compositional sections' containers, §23.2).
    public let scrollAxisLength: Double
    let insetAdjustment: SectionInsetAdjustment
    /// The axis the content scrolls along (CSS mode's, when in CSS mode). Last: a byte-sized field
    /// adds no padding there.
    public let direction: ScrollDirection

    init(_ input: FlowLayoutInput) {
        settings = input.settings
        crossAxisLength = input.crossAxisLength
        contentInset = input.contentInset
        safeAreaInsets = input.safeAreaInsets
        layoutMargins = input.layoutMargins
        direction = settings.effectiveScrollDirection
        dimension = Swift.max(0, crossAxisLength - direction.lineLead(contentInset) - direction.lineTrail(contentInset))
        insetAdjustment = SectionInsetAdjustment(input)
        scrollAxisLength = input.scrollAxisLength
    }

    /// The container of a compositional section's groups (§23.2): the viewport less the content inset
    /// and the section's insets, on both axes.
    func container(of section: CompositionalSection) -> Size {
        let insets = section.contentInsets
        let width = direction == .vertical ? dimension : scrollAxisLength - contentInset.left - contentInset.right
        let height = direction == .vertical ? scrollAxisLength - contentInset.top - contentInset.bottom : dimension
        return Size(
            width: Swift.max(0, width - insets.leading - insets.trailing),
            height: Swift.max(0, height - insets.top - insets.bottom))
    }

    /// A section's line geometry, header and footer lengths, and its inset after `sectionInsetReference`.
    func geometry(of section: FlowSection) -> (lines: LineGeometry, header: Double, footer: Double, inset: EdgeInsets) {
        let inset = insetAdjustment.adjust(
            section.sectionInset ?? settings.css?.padding ?? settings.sectionInset, direction: direction)
        let (lines, header, footer) = SectionLayout.geometry(
            of: section, settings: settings, dimension: dimension, sectionInset: inset)
        return (lines, header, footer, inset)
    }

    /// A section's items broken into lines from scratch.
    func lines(of section: FlowSection, seed: UInt64) -> SectionLines {
        let geometry = geometry(of: section).lines
        // Varied sizes alone (most listed sections) go to the breaker in one loop; anything else, and
        // one size for all (kept as a run), item by item or run by run.
        if case .sizes(let sizes) = section.items, section.hasSizesOnly,
            let first = sizes.first, sizes.contains(where: { $0 != first })
        {
            return SectionLines(geometry: geometry, seed: seed) { breaker, work in
                sizes.withUnsafeBufferPointer { breaker.feed(sizes: $0, work: &work) }
            }
        }
        return SectionLines(geometry: geometry, seed: seed) { feed in
            section.forEachRun(countedItem: settings.countedItem(of: section), feed)
        }
    }

    /// Feeds what the id depends on besides the sections.
    func combine(into hasher: inout ContentHasher) {
        hasher.combine(FlowLayoutInput.algorithmVersion)
        hasher.combine(crossAxisLength)
        hasher.combine(contentInset)
        if settings.sectionInsetReference != .contentInset {
            hasher.combine(safeAreaInsets)
            hasher.combine(layoutMargins)
        }
        hasher.combine(settings)
        // Given only for compositional sections (FlowLayoutInput.scrollAxisLength): other ids stay.
        if scrollAxisLength != 0 {
            hasher.combine(0x636F_6D70_6F73_6974 as UInt64)  // "composit"
            hasher.combine(scrollAxisLength)
        }
    }
}
