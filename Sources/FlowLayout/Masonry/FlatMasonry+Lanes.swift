extension FlatMasonry {
    /// The items lane by lane (each column's, then the full-span ones), each lane's in item order, in
    /// storage that placements with items appended share. When a lane's cells overlap (a negative
    /// spacing), the greatest bottom so far and the least top from each cell on in the lane, which a
    /// binary search may rely on where tops and bottoms are not in order.
    struct Lanes: Sendable {
        /// Lane k's items are the first `counts[k]` of `items[k]`.
        let items: [AppendableStorage<UInt32>]
        let counts: [Int]
        /// Nil when in every lane each cell starts and ends at or after the one before it: then the
        /// bottoms and tops themselves are in order.
        let bounds: Bounds?

        struct Bounds {
            /// Lane k's cells are `starts[k]..<starts[k + 1]` in each array.
            let starts: [Int]
            let bottomsSoFar: [Double]
            let topsFromHere: [Double]
        }

        /// The items of `placed`, by lane, item order kept (a counting sort). O(n + c).
        init(_ placed: MasonryPlacer.Placed, topsAscend: Bool) {
            let (laneOfItem, tops, heights) = (
                placed.lanes.prefix(placed.count), placed.tops.prefix(placed.count), placed.heights.prefix(placed.count))
            var counts = [Int](repeating: 0, count: placed.laneCount)
            for lane in laneOfItem { counts[Int(lane)] += 1 }
            // Each lane's next slot, filled by the sort right after: trivial values, before the storage is
            // shared. Only a lane without cells may have no slots.
            let items = withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt32>?.self, capacity: placed.laneCount) { next in
                let items = counts.indices.map { lane in
                    AppendableStorage<UInt32>(capacity: AppendableStorage<UInt32>.capacity(reserving: counts[lane]), count: counts[lane]) {
                        next.initializeElement(at: lane, to: $0.baseAddress)
                    }
                }
                for (item, lane) in laneOfItem.enumerated() {
                    let lane = Int(lane)
                    if let slot = next[lane] {
                        slot.initialize(to: UInt32(item))
                        next[lane] = slot + 1
                    }
                }
                return items
            }
            (self.items, self.counts) = (items, counts)
            // In order when every cell starts and ends at or after the one before it in its lane, as
            // ascending tops with no cell ending above the one before it in its column guarantee.
            var inOrder = true
            for lane in counts.indices where inOrder && !topsAscend {
                var previous = -1
                for position in 0..<counts[lane] {
                    let item = Int(items[lane][position])
                    if previous >= 0,
                        tops[item] < tops[previous] || tops[item] + FixedLength(heights[item]) < tops[previous] + FixedLength(heights[previous])
                    {
                        inOrder = false
                        break
                    }
                    previous = item
                }
            }
            guard !inOrder else {
                bounds = nil
                return
            }
            var starts = [0]
            for count in counts { starts.append(starts[starts.count - 1] + count) }
            var bottomsSoFar = [Double](repeating: 0, count: placed.count)
            var topsFromHere = [Double](repeating: 0, count: placed.count)
            for lane in counts.indices {
                var greatest = -Double.infinity
                for position in 0..<counts[lane] {
                    let item = Int(items[lane][position])
                    greatest = Swift.max(greatest, tops[item].doubleValue + heights[item])
                    bottomsSoFar[starts[lane] + position] = greatest
                }
                var least = Double.infinity
                for position in (0..<counts[lane]).reversed() {
                    least = Swift.min(least, tops[Int(items[lane][position])].doubleValue)
                    topsFromHere[starts[lane] + position] = least
                }
            }
            bounds = Bounds(starts: starts, bottomsSoFar: bottomsSoFar, topsFromHere: topsFromHere)
        }

        private init(items: [AppendableStorage<UInt32>], counts: [Int]) {
            (self.items, self.counts, self.bounds) = (items, counts, nil)
        }

        /// How many of lane `lane`'s cells are of items below `item`: a binary search. O(log n).
        func count(lane: Int, below item: Int, work: inout some WorkCounter) -> Int {
            var (lower, upper) = (0, counts[lane])
            while lower < upper {
                let middle = (lower + upper) / 2
                work += 1
                if Int(items[lane][middle]) < item { lower = middle + 1 } else { upper = middle }
            }
            return lower
        }

        /// The item of lane `lane`'s first cell, if it has one before its position `position`.
        func first(lane: Int, before position: Int) -> Int? {
            position > 0 ? Int(items[lane][0]) : nil
        }

        /// The item of lane `lane`'s cell before its position `position`, if any.
        func last(lane: Int, before position: Int) -> Int? {
            position > 0 ? Int(items[lane][position - 1]) : nil
        }

        /// These lanes with each one's cells before the item `placer` went on from, then the items it
        /// placed, each lane's storage extended; nil when a cell would start or end above the one before
        /// it in its lane. O(c + k).
        func appending(_ placer: borrowing MasonryPlacer, tops: AppendableStorage<FixedLength>, heights: AppendableStorage<Double>) -> Lanes? {
            precondition(bounds == nil)
            let (start, kept) = (placer.firstItem, placer.laneCounts)
            // Each lane's last cell so far (its top and bottom), and how many cells it gains.
            var last = kept.indices.map { lane in
                self.last(lane: lane, before: kept[lane]).map { (top: tops[$0], bottom: tops[$0] + FixedLength(heights[$0])) }
            }
            var gained = [Int](repeating: 0, count: counts.count)
            for index in placer.laneOfItem.indices {
                let lane = Int(placer.laneOfItem[index])
                let (top, bottom) = (placer.tops[index], placer.tops[index] + FixedLength(placer.heights[index]))
                if let previous = last[lane], !(top >= previous.top && bottom >= previous.bottom) { return nil }
                last[lane] = (top, bottom)
                gained[lane] += 1
            }
            var added = gained.map { count in
                var items: [UInt32] = []
                items.reserveCapacity(count)
                return items
            }
            for (index, lane) in placer.laneOfItem.enumerated() { added[Int(lane)].append(UInt32(start + index)) }
            let items = counts.indices.map { lane in
                self.items[lane].appending(after: kept[lane], added[lane].count) { _ = $0.initialize(fromContentsOf: added[lane]) }
            }
            return Lanes(items: items, counts: counts.indices.map { kept[$0] + added[$0].count })
        }

        /// The positions in lane `lane` of the cells that may reach into [low, high]: from the first whose
        /// bottom (or greatest bottom so far) reaches `low`, to the first from which every top is past `high`.
        func positions(
            lane: Int, reaching low: Double, _ high: Double, tops: AppendableStorage<FixedLength>, heights: AppendableStorage<Double>,
            work: inout some WorkCounter
        ) -> Range<Int> {
            let items = items[lane]
            var lower = 0
            var upper = counts[lane]
            let end = upper
            let start = bounds?.starts[lane] ?? 0
            while lower < upper {
                let middle = (lower + upper) / 2
                work += 1
                let item = Int(items[middle])
                let bottom = bounds?.bottomsSoFar[start + middle] ?? tops[item].doubleValue + heights[item]
                if bottom < low { lower = middle + 1 } else { upper = middle }
            }
            var last = lower
            if let bounds {
                while last < end, bounds.topsFromHere[start + last] <= high { last += 1 }
            } else {
                while last < end, tops[Int(items[last])].doubleValue <= high { last += 1 }
            }
            return lower..<last
        }

        var heapByteCount: Int {
            let arrayOverhead = 48
            let total = counts.reduce(0, +)
            let bounds = bounds == nil ? 0 : 2 * (total * 8 + arrayOverhead) + counts.count * 8
            return 2 * arrayOverhead + counts.count * (48 + 8) + total * 4 + bounds
        }
    }
}
