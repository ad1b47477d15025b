/// Where the items and sections of a layout went in a batch of updates, and where those of the new
/// layout came from: identity across the batch (a moved or resized item is the same item). Each
/// lookup replays the batch's steps: O(operations).
public struct UpdateMapping: Sendable {
    enum Step: Sendable {
        case insertItems(section: Int, at: Int, count: Int)
        case deleteItems(section: Int, at: Int, count: Int)
        case move(from: ItemPath, to: ItemPath)
        case insertSections(at: Int, count: Int)
        case deleteSections(at: Int, count: Int)
    }

    var steps: [Step] = []

    /// Where an item of the old layout is in the new one; nil when it was deleted.
    public func newPath(of old: ItemPath) -> ItemPath? {
        var path: ItemPath? = old
        for step in steps { path = path.flatMap { Self.map($0, through: step) } }
        return path
    }

    /// Where an item of the new layout was in the old one; nil when it was inserted: the batch undone,
    /// each step's inverse in reverse order.
    public func oldPath(of new: ItemPath) -> ItemPath? {
        var path: ItemPath? = new
        for step in steps.reversed() { path = path.flatMap { Self.map($0, through: step.inverse) } }
        return path
    }

    /// Where a section of the old layout is in the new one; nil when it was deleted.
    public func newSection(of old: Int) -> Int? {
        newPath(of: ItemPath(section: old, item: -1))?.section
    }

    /// Where a section of the new layout was in the old one; nil when it was inserted.
    public func oldSection(of new: Int) -> Int? {
        oldPath(of: ItemPath(section: new, item: -1))?.section
    }

    /// An item's place after one step; nil when the step deletes it. Item -1 stands for the section
    /// itself, which item steps never move.
    private static func map(_ path: ItemPath, through step: Step) -> ItemPath? {
        var path = path
        switch step {
        case .insertItems(let section, let at, let count):
            if path.section == section && path.item >= at { path.item += count }
        case .deleteItems(let section, let at, let count):
            guard path.section == section, path.item >= at else { break }
            if path.item < at + count { return nil }
            path.item -= count
        case .move(let from, let to):
            if path == from { return to }
            if path.section == from.section && path.item > from.item { path.item -= 1 }
            if path.section == to.section && path.item >= to.item { path.item += 1 }
        case .insertSections(let at, let count):
            if path.section >= at { path.section += count }
        case .deleteSections(let at, let count):
            guard path.section >= at else { break }
            if path.section < at + count { return nil }
            path.section -= count
        }
        return path
    }
}

extension UpdateMapping.Step {
    /// The step that undoes this one: what was inserted is deleted (and so has no old place), and the
    /// other way round.
    var inverse: Self {
        switch self {
        case .insertItems(let section, let at, let count): return .deleteItems(section: section, at: at, count: count)
        case .deleteItems(let section, let at, let count): return .insertItems(section: section, at: at, count: count)
        case .move(let from, let to): return .move(from: to, to: from)
        case .insertSections(let at, let count): return .deleteSections(at: at, count: count)
        case .deleteSections(let at, let count): return .insertSections(at: at, count: count)
        }
    }
}
