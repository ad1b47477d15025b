/// The running bottom of each column, the least of them (ties to the lowest index) and the greatest.
/// A few columns are scanned. More are kept in two tournament trees (least and greatest), O(log c) to
/// change one column; levelling them all (a full-span item) is O(1): it raises a floor and starts an
/// epoch, and a column or tree node not written in the current epoch stands at the floor.
struct ColumnBottoms {
    /// Up to this many columns the least is found by a scan, cheaper than keeping a tree.
    static let scanned = 8
    private let count: Int
    private var values: [FixedLength]
    private let size: Int
    /// Per node (leaves from `size` on): the column of its subtree's least and greatest bottom, and
    /// the epoch they were found in; per column, the epoch of its value. Empty for scanned columns.
    private var least: [Int] = []
    private var greatest: [Int] = []
    private var nodeEpochs: [Int] = []
    private var valueEpochs: [Int] = []
    /// Each node's first column, where every bottom in its subtree is the floor; -1 past the last.
    private var firstColumns: [Int] = []
    private var epoch = 0
    private var floor = FixedLength.zero

    init(count: Int) {
        self.count = count
        var size = 1
        while size < count { size *= 2 }
        self.size = size
        values = [FixedLength](repeating: .zero, count: count)
        guard count > Self.scanned else { return }
        least = [Int](repeating: 0, count: 2 * size)
        greatest = least
        nodeEpochs = [Int](repeating: -1, count: 2 * size)
        valueEpochs = [Int](repeating: -1, count: count)
        firstColumns = (0..<2 * size).map { node in
            var leaf = Swift.max(node, 1)
            while leaf < size { leaf *= 2 }
            return leaf - size < count ? leaf - size : -1
        }
    }

    private var isTree: Bool { count > Self.scanned }

    subscript(column: Int) -> FixedLength {
        get { !isTree || valueEpochs[column] == epoch ? values[column] : floor }
        set {
            values[column] = newValue
            guard isTree else { return }
            valueEpochs[column] = epoch
            var node = (size + column) / 2
            while node >= 1 {
                let (left, right) = (winners(2 * node), winners(2 * node + 1))
                least[node] = lesser(left.least, right.least)
                greatest[node] = greater(left.greatest, right.greatest)
                nodeEpochs[node] = epoch
                node /= 2
            }
        }
    }

    /// The column whose bottom is least, the lowest of equal ones.
    var leastColumn: Int {
        guard isTree else {
            var least = 0
            for column in 1..<count where values[column] < values[least] { least = column }
            return least
        }
        return winners(1).least
    }

    /// Where the lowest column ends now: where a full-span item starts.
    var greatestBottom: FixedLength {
        guard isTree else { return values.max() ?? .zero }
        return self[winners(1).greatest]
    }

    /// Every column to `bottom`.
    mutating func level(at bottom: FixedLength) {
        guard isTree else {
            for column in values.indices { values[column] = bottom }
            return
        }
        floor = bottom
        epoch += 1
    }

    /// A node's least and greatest column (-1 for none): a leaf's own column, a node written in this
    /// epoch its winners, any other its first column, where every bottom is the floor.
    private func winners(_ node: Int) -> (least: Int, greatest: Int) {
        if node >= size {
            let column = node - size
            return column < count ? (column, column) : (-1, -1)
        }
        if nodeEpochs[node] == epoch { return (least[node], greatest[node]) }
        return (firstColumns[node], firstColumns[node])
    }

    /// The column of the lesser bottom, the lower index when they are equal.
    private func lesser(_ left: Int, _ right: Int) -> Int {
        if left < 0 || right < 0 { return Swift.max(left, right) }
        let (a, b) = (self[left], self[right])
        if a < b { return left }
        if b < a { return right }
        return Swift.min(left, right)
    }

    /// The column of the greater bottom, the lower index when they are equal.
    private func greater(_ left: Int, _ right: Int) -> Int {
        if left < 0 || right < 0 { return Swift.max(left, right) }
        let (a, b) = (self[left], self[right])
        if a > b { return left }
        if b > a { return right }
        return Swift.min(left, right)
    }
}
