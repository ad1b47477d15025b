extension CompositionalPlacement {
    /// Group `g`'s start from the first group's, and its length, along the groups' axis. O(1) when
    /// periodic, O(log groups) in a tree.
    func groupSpan(_ g: Int) -> (start: Double, length: Double) {
        switch groups {
        case .periodic(let periodic):
            let length = g == periodic.count - 1 ? periodic.lastLength : periodic.length
            return (Double(g) * (periodic.length + spacing), length)
        case .tree(let root):
            var work = 0
            let position = GroupTree.chunk(holding: g, byCells: false, in: root!, work: &work)
            let span = position.node.chunk.span(ofGroup: g - position.firstGroup, axes)
            return ((position.start + span.start).doubleValue, span.length)
        }
    }
}
