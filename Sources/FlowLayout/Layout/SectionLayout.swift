/// One laid-out section: where it sits along the scroll axis, its header and footer, and its items.
struct SectionLayout: Sendable {
    enum Body: Sendable {
        case uniform(UniformGrid)
        case rows(RowLines)
    }

    /// Absolute scroll-axis offset of the section's start.
    var offset: Double
    /// Scroll-axis length: header, insets, lines and footer.
    var length: Double
    /// Header and footer thickness along the scroll axis; 0 means there is none.
    var headerLength: Double
    var footerLength: Double
    /// Section-relative scroll offset of the footer.
    var footerStart: Double
    /// Section-relative scroll extent of the lines: after the header and leading inset, before the
    /// trailing inset and footer.
    var linesStart: Double
    var linesEnd: Double
    var itemCount: Int
    var body: Body
    /// Per-item parallax depths, NaN where none (see `FlowSection.parallaxDepths`).
    var parallaxDepths: [Double]?

    var end: Double { offset + length }

    var byteCount: Int {
        let depths = (parallaxDepths?.capacity ?? 0) * MemoryLayout<Double>.stride
        switch body {
        case .uniform: return MemoryLayout<SectionLayout>.stride + depths
        case .rows(let rows): return MemoryLayout<SectionLayout>.stride + rows.byteCount + depths
        }
    }
}
