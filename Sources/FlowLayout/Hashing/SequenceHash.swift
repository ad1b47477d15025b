/// The hash of a sequence of items as a polynomial, Σ hᵢ · rⁱ modulo the prime 2⁶¹ − 1 in two lanes of
/// different bases: a monoid, so the hash of a concatenation follows from the hashes of its parts
/// (`a + b`). A tree of items keeps one per subtree and an update rehashes only the path it changed;
/// a run of n equal items hashes in O(log n). The value depends on the items alone, never on how they
/// were grouped: a counted section, the same sizes listed, and a list changed by updates agree.
///
/// Not cryptographic, like `ContentHash`. A value type.
struct SequenceHash: Hashable, Sendable {
    private static let prime: UInt64 = (1 << 61) - 1
    private static let bases: (UInt64, UInt64) = (0x0F2C_3A47_9B1D_5E63 % prime, 0x1D8E_4C2B_7A95_F3C1 % prime)

    /// Σ hᵢ · rⁱ in each lane.
    private(set) var sum: (UInt64, UInt64)
    /// r^count in each lane: what the next sequence's hash is scaled by when appended.
    private(set) var power: (UInt64, UInt64)

    /// The empty sequence.
    static let empty = SequenceHash(sum: (0, 0), power: (1, 1))

    private init(sum: (UInt64, UInt64), power: (UInt64, UInt64)) {
        self.sum = sum
        self.power = power
    }

    /// A sequence of one item.
    init(_ item: FlowItem) {
        let term = Self.reduce(item.hashTerm)
        self.init(sum: (term, term), power: Self.bases)
    }

    /// Items `item(0)` to `item(count - 1)` in order, by Horner's rule from the last: two products an
    /// item.
    init(count: Int, item: (Int) -> FlowItem) {
        var sum: (UInt64, UInt64) = (0, 0)
        for index in (0..<count).reversed() {
            let term = Self.reduce(item(index).hashTerm)
            sum = (Self.add(Self.multiply(sum.0, Self.bases.0), term), Self.add(Self.multiply(sum.1, Self.bases.1), term))
        }
        self.init(sum: sum, power: (Self.power(Self.bases.0, count), Self.power(Self.bases.1, count)))
    }

    private static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        var square = base
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result = multiply(result, square) }
            square = multiply(square, square)
            remaining >>= 1
        }
        return result
    }

    /// `count` copies of `self`, in O(log count) (doubling).
    func repeated(_ count: Int) -> SequenceHash {
        var result = SequenceHash.empty
        var square = self
        var remaining = count
        while remaining > 0 {
            if remaining & 1 == 1 { result = result + square }
            square = square + square
            remaining >>= 1
        }
        return result
    }

    /// The hash of `a` followed by `b`.
    static func + (a: SequenceHash, b: SequenceHash) -> SequenceHash {
        SequenceHash(
            sum: (add(a.sum.0, multiply(a.power.0, b.sum.0)), add(a.sum.1, multiply(a.power.1, b.sum.1))),
            power: (multiply(a.power.0, b.power.0), multiply(a.power.1, b.power.1)))
    }

    static func == (a: SequenceHash, b: SequenceHash) -> Bool { a.sum == b.sum && a.power == b.power }

    func hash(into hasher: inout Hasher) {
        hasher.combine(sum.0)
        hasher.combine(sum.1)
    }

    /// `value` modulo 2⁶¹ − 1 without a division: 2⁶¹ ≡ 1, so the bits above 61 fold back in.
    @inline(__always) private static func reduce(_ value: UInt64) -> UInt64 {
        let folded = (value & prime) + (value >> 61)
        return folded >= prime ? folded - prime : folded
    }

    @inline(__always) private static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let sum = a + b
        return sum >= prime ? sum - prime : sum
    }

    @inline(__always) private static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        // 2⁶⁴ ≡ 2³ (mod 2⁶¹ − 1): fold the product's bits above 61 back in.
        let folded = (low & prime) + (low >> 61) + (high << 3)
        let once = (folded & prime) + (folded >> 61)
        return once >= prime ? once - prime : once
    }
}

extension ContentHasher {
    /// Feeds a sequence's hash (both lanes and the length they were raised to).
    mutating func combine(_ sequence: SequenceHash) {
        combine(sequence.sum.0)
        combine(sequence.sum.1)
        combine(sequence.power.0)
        combine(sequence.power.1)
    }
}
