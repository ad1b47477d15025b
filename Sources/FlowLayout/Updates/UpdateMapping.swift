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
        var path = old
        for step in steps {
            switch step {
            case .insertItems(let section, let at, let count):
                if path.section == section && path.item >= at { path.item += count }
            case .deleteItems(let section, let at, let count):
                guard path.section == section, path.item >= at else { continue }
                if path.item < at + count { return nil }
                path.item -= count
            case .move(let from, let to):
                if path == from {
                    path = to
                    continue
                }
                if path.section == from.section && path.item > from.item { path.item -= 1 }
                if path.section == to.section && path.item >= to.item { path.item += 1 }
            case .insertSections, .deleteSections:
                guard let section = Self.newSection(of: path.section, step) else { return nil }
                path.section = section
            }
        }
        return path
    }

    /// Where an item of the new layout was in the old one; nil when it was inserted.
    public func oldPath(of new: ItemPath) -> ItemPath? {
        var path = new
        for step in steps.reversed() {
            switch step {
            case .insertItems(let section, let at, let count):
                guard path.section == section, path.item >= at else { continue }
                if path.item < at + count { return nil }
                path.item -= count
            case .deleteItems(let section, let at, let count):
                if path.section == section && path.item >= at { path.item += count }
            case .move(let from, let to):
                if path == to {
                    path = from
                    continue
                }
                if path.section == to.section && path.item > to.item { path.item -= 1 }
                if path.section == from.section && path.item >= from.item { path.item += 1 }
            case .insertSections, .deleteSections:
                guard let section = Self.oldSection(of: path.section, step) else { return nil }
                path.section = section
            }
        }
        return path
    }

    /// Where a section of the old layout is in the new one; nil when it was deleted.
    public func newSection(of old: Int) -> Int? {
        var section = old
        for step in steps {
            guard let next = Self.newSection(of: section, step) else { return nil }
            section = next
        }
        return section
    }

    /// Where a section of the new layout was in the old one; nil when it was inserted.
    public func oldSection(of new: Int) -> Int? {
        var section = new
        for step in steps.reversed() {
            guard let previous = Self.oldSection(of: section, step) else { return nil }
            section = previous
        }
        return section
    }

    private static func newSection(of section: Int, _ step: Step) -> Int? {
        switch step {
        case .insertSections(let at, let count): return section >= at ? section + count : section
        case .deleteSections(let at, let count):
            if section < at { return section }
            return section < at + count ? nil : section - count
        default: return section
        }
    }

    private static func oldSection(of section: Int, _ step: Step) -> Int? {
        switch step {
        case .insertSections(let at, let count):
            if section < at { return section }
            return section < at + count ? nil : section - count
        case .deleteSections(let at, let count): return section >= at ? section + count : section
        default: return section
        }
    }
}
