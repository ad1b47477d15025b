import FlowLayout

/// Writes JSON straight into bytes: no intermediate objects, no Foundation (DESIGN.md measured 8 µs
/// against JSONEncoder's 200 µs for a typical answer).
///
/// Numbers are written in the shortest form that parses back to the same double, integers without a
/// fraction, and -0 as 0, so equal answers are equal bytes.
struct JSONWriter: TextOutputStream {
    /// A growable byte buffer written through a raw pointer: appending a few bytes is a bounds check
    /// and a store, where `[UInt8].append(contentsOf:)` costs a generic call each time.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        @inline(__always)
        func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            var grown = capacity * 2
            while count + extra > grown { grown *= 2 }
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: base, count: count)
            base.deallocate()
            base = moved
            capacity = grown
        }

        @inline(__always)
        func append(_ source: UnsafeRawBufferPointer) {
            guard let address = source.baseAddress, source.count > 0 else { return }
            reserve(source.count)
            (base + count).update(from: address.assumingMemoryBound(to: UInt8.self), count: source.count)
            count += source.count
        }

        @inline(__always)
        func append(_ byte: UInt8) {
            reserve(1)
            base[count] = byte
            count += 1
        }
    }

    private let storage: Storage

    init(capacity: Int = 4096) {
        storage = Storage(capacity: capacity)
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    var count: Int { storage.count }

    /// Forgets what was written, keeping the capacity.
    mutating func removeAll() { storage.count = 0 }

    /// The bytes written so far, without copying them.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        storage.append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) { storage.append(value) }

    /// Bytes as they are (already valid JSON text).
    @inline(__always)
    mutating func raw(_ text: UnsafeRawBufferPointer) { storage.append(text) }

    mutating func integer(_ value: Int) {
        if value < 0 {
            storage.append(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
    }

    private mutating func unsigned(_ value: UInt) {
        if value < 10 {
            storage.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        digits(UInt64(value), count: Self.digitCount(UInt64(value)))
    }

    /// Writes exactly `count` decimal digits of `value` (zero-padded on the left), four at a time:
    /// one division per four digits keeps the chain of dependent divisions short.
    @inline(__always)
    private mutating func digits(_ value: UInt64, count: Int) {
        storage.reserve(count)
        Self.writeDigits(value, count: count, endingAt: storage.base + storage.count + count)
        storage.count += count
    }

    @inline(__always)
    private static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        var position = end
        var rest = value
        var left = count
        digitPairs.withUTF8Buffer { pairs in
            @inline(__always) func pair(_ value: UInt64) {
                position -= 2
                position[0] = pairs[Int(value) &* 2]
                position[1] = pairs[Int(value) &* 2 &+ 1]
            }
            while left >= 4 {
                let quotient = rest / 10_000
                let group = rest &- quotient &* 10_000
                pair(group % 100)
                pair(group / 100)
                rest = quotient
                left -= 4
            }
            if left >= 2 {
                pair(rest % 100)
                rest /= 100
                left -= 2
            }
            if left == 1 {
                position -= 1
                position[0] = UInt8(truncatingIfNeeded: rest) &+ 48
            }
        }
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Decimal digits of `value`: an estimate from its bit length (× log10 2), corrected by one comparison.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 - value.leadingZeroBitCount
        let estimate = (bits &* 1233) >> 12
        return estimate + (value >= powersOfTen[estimate] ? 1 : 0)
    }

    /// Integral values below 2^53 as integers; the rest in the shortest form that parses back to the
    /// same double: `ShortestDecimal` for the usual layout values, the standard library's printer
    /// (through `_writeASCII` below, without making a String) for everything else.
    mutating func number(_ value: Double) {
        if value == 0 {
            storage.append(UInt8(ascii: "0"))
        } else if value.magnitude < 9_007_199_254_740_992, value.rounded(.towardZero) == value {
            integer(Int(value))
        } else if let decimal = ShortestDecimal(value) {
            if value < 0 { storage.append(UInt8(ascii: "-")) }
            self.decimal(decimal)
        } else {
            precondition(value.isFinite, "JSON has no representation for \(value)")
            value.write(to: &self)
        }
    }

    /// `significand × 10^exponent` for a negative exponent, spelled as the standard library spells
    /// doubles in this range: `20381.333333333332`, `0.05`.
    private mutating func decimal(_ decimal: ShortestDecimal) {
        let count = Self.digitCount(decimal.significand)
        let whole = count + decimal.exponent
        if whole > 0 {
            // The digits one place to the right, then the whole part moved left over the gap and the
            // point after it.
            storage.reserve(count + 1)
            let start = storage.base + storage.count
            Self.writeDigits(decimal.significand, count: count, endingAt: start + count + 1)
            for index in 0..<whole { start[index] = start[index + 1] }
            start[whole] = UInt8(ascii: ".")
            storage.count += count + 1
        } else {
            raw("0.")
            for _ in 0..<(-whole) { storage.append(UInt8(ascii: "0")) }
            digits(decimal.significand, count: count)
        }
    }

    /// A layout id as a JSON string: 32 hex digits in quotes, without making a String.
    mutating func string(_ hash: ContentHash) {
        storage.reserve(34)
        let start = storage.base + storage.count
        start[0] = UInt8(ascii: "\"")
        hash.writeHex(to: start + 1)
        start[33] = UInt8(ascii: "\"")
        storage.count += 34
    }

    mutating func string(_ value: String) {
        storage.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var clean = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                storage.append(UnsafeRawBufferPointer(rebasing: bytes[clean..<index]))
                escape(byte)
                clean = index + 1
            }
            storage.append(UnsafeRawBufferPointer(rebasing: bytes[clean...]))
        }
        storage.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\r"): raw("\\r")
        case UInt8(ascii: "\t"): raw("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            raw("\\u00")
            storage.append(hex.utf8Start[Int(byte >> 4)])
            storage.append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    /// An object of integer members, in the given order.
    mutating func object(_ members: KeyValuePairs<StaticString, Int>) {
        storage.append(UInt8(ascii: "{"))
        for (index, member) in members.enumerated() {
            raw(index == 0 ? "\"" : ",\"")
            raw(member.key)
            raw("\":")
            integer(member.value)
        }
        storage.append(UInt8(ascii: "}"))
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { storage.append(UnsafeRawBufferPointer($0)) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { storage.append(UnsafeRawBufferPointer(buffer)) }

    /// A number as this writer spells it (`-3`, `0.5`, `1e+300`), for messages.
    static func spelling(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
