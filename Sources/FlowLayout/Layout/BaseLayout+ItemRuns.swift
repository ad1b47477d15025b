/// A layout's inputs read back out of it, and a layout made from them again: what a store keeps is
/// the settings, each section's overrides and its items as runs of equal items, whatever requests
/// (a registration, updates) made the layout. A layout rebuilt from them has the same `contentHash`
/// and gives the same answers (docs/flow-layout.md §16: ids name what is laid out).
extension BaseLayout {
    /// Everything the layout was laid out from but the items: the settings, the cross-axis length, the
    /// insets, and each section's overrides with no items. O(sections).
    public var inputWithoutItems: FlowLayoutInput {
        FlowLayoutInput(
            settings: environment.settings, sections: sections.map(\.overrides),
            crossAxisLength: environment.crossAxisLength, contentInset: environment.contentInset,
            safeAreaInsets: environment.safeAreaInsets, layoutMargins: environment.layoutMargins,
            scrollAxisLength: environment.scrollAxisLength)
    }

    /// Hands `body` section `section`'s items in order, a stretch of equal items kept as a run as one
    /// call with how many (consecutive calls may carry equal items). O(runs + listed items): a counted
    /// section is one call whatever its count.
    public func forEachRun(inSection section: Int, _ body: (FlowItem, Int) -> Void) {
        let lines = sections[section].lines
        var uncounted = Uncounted()
        LineTree.forEachRun(in: lines.root, items: 0..<lines.itemCount, work: &uncounted) { item, count in
            body(item, count)
            return true
        }
    }

    /// The layout of `input`'s settings and sections' overrides, with section k's items handed by
    /// `items(k, feed)` as runs (an item and how many) instead of `input`'s own items, which are
    /// ignored. The same items as a registration give the same layout, id and answers; O(runs +
    /// listed items).
    public convenience init(_ input: FlowLayoutInput, items: (_ section: Int, _ feed: (FlowItem, Int) -> Void) -> Void) {
        let environment = LayoutEnvironment(input)
        let given = input.sections.enumerated().map { index, section in
            let overrides = section.overrides
            let geometry = environment.geometry(of: overrides).lines
            let lines = SectionLines(geometry: geometry, seed: UInt64(index)) { feed in
                // The breaker's feed is only called during this call.
                withoutActuallyEscaping(feed) { items(index, $0) }
            }
            return (overrides: overrides, lines: lines)
        }
        self.init(environment: environment, sections: given)
    }
}
