/// `sectionInsetReference` (docs/flow-layout.md §2): with `.safeArea` or `.layoutMargins` the section
/// insets across the scroll axis grow by how far the reference insets exceed the content inset, and the
/// whole content gets a pad before the first and after the last section along the scroll axis.
struct SectionInsetAdjustment: Sendable {
    var leadPad: Double = 0
    var trailPad: Double = 0
    /// The reference insets and the content inset, or nil for `.contentInset` (insets used as given).
    private var insets: (reference: EdgeInsets, content: EdgeInsets)?

    init(_ input: FlowLayoutInput) {
        let reference: EdgeInsets
        switch input.settings.sectionInsetReference {
        case .contentInset: return
        case .safeArea: reference = input.safeAreaInsets
        case .layoutMargins: reference = input.layoutMargins
        }
        let content = input.contentInset
        let direction = input.settings.effectiveScrollDirection
        self.leadPad = Swift.max(direction.scrollLead(reference) - direction.scrollLead(content), 0)
        self.trailPad = Swift.max(direction.scrollTrail(reference) - direction.scrollTrail(content), 0)
        self.insets = (reference, content)
    }

    /// `edge' = max(edge + R.edge − A.edge, 0)` for the two edges across the scroll axis.
    func adjust(_ inset: EdgeInsets, direction: ScrollDirection) -> EdgeInsets {
        guard let (r, a) = insets else { return inset }
        var adjusted = inset
        switch direction {
        case .vertical:
            adjusted.left = Swift.max(inset.left + r.left - a.left, 0)
            adjusted.right = Swift.max(inset.right + r.right - a.right, 0)
        case .horizontal:
            adjusted.top = Swift.max(inset.top + r.top - a.top, 0)
            adjusted.bottom = Swift.max(inset.bottom + r.bottom - a.bottom, 0)
        }
        return adjusted
    }
}
