import FlowLayout

/// Writes JSON straight into bytes: no intermediate objects, no Foundation (DESIGN.md measured 8 µs
/// against JSONEncoder's 200 µs for a typical answer).
///
/// Numbers are written in the shortest form that parses back to the same double, integers without a
/// fraction, and -0 as 0, so equal answers are equal bytes.
struct JSONWriter {
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
        let count = text.utf8CodeUnitCount
        guard count <= 32 else {
            storage.append(UnsafeRawBufferPointer(start: text.utf8Start, count: count))
            return
        }
        // The keys and punctuation of an answer: copied in (at most four overlapping) eight-byte words
        // rather than through a call to memcpy, which costs more than the copy at these lengths.
        storage.reserve(32)
        let source = UnsafeRawPointer(text.utf8Start)
        let destination = UnsafeMutableRawPointer(storage.base + storage.count)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                destination.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            destination.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else {
            for offset in 0..<count {
                destination.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
        storage.count += count
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
        storage.reserve(20)
        storage.count += Self.writeUnsigned(UInt64(value), to: storage.base + storage.count)
    }

    /// Integral values below 2^53 as integers; the rest in the shortest form that parses back to the
    /// same double: `ShortestDecimal` for the usual layout values, the standard library's printer
    /// for everything else.
    mutating func number(_ value: Double) {
        storage.reserve(Self.maximumNumberLength)
        storage.count += Self.writeNumber(value, to: storage.base + storage.count)
    }

    /// The longest spelling of a finite double: `-1.7976931348623157e+308`.
    private static let maximumNumberLength = 24

    /// Writes `value` at `destination`, which has room for `maximumNumberLength` bytes, and returns
    /// the length.
    @inline(__always)
    private static func writeNumber(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        // -0 is not below 0, so it is written as 0.
        if value < 0 {
            destination[0] = UInt8(ascii: "-")
            return 1 + writeMagnitude(-value, to: destination + 1)
        }
        return writeMagnitude(value, to: destination)
    }

    /// `writeNumber` for a value that is not negative (or NaN, which the last path refuses).
    @inline(__always)
    private static func writeMagnitude(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        // Integral below 2^53: a conversion to Int64 (one instruction, where UInt64 takes several) and
        // back is exact. Cheaper than `rounded(.towardZero)`, a libm call on the baseline x86-64 this
        // is built for.
        if value < 9_007_199_254_740_992 {
            let whole = Int64(value)
            if Double(whole) == value { return writeUnsigned(UInt64(whole), to: destination) }
        }
        if let decimal = ShortestDecimal(value) { return writeDecimal(decimal, to: destination) }
        return writeStandard(value, to: destination)
    }

    /// The standard library's shortest round-trip spelling, for what `ShortestDecimal` leaves.
    @inline(never)
    private static func writeStandard(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(value.isFinite, "JSON has no representation for \(value)")
        var text = value.description
        return text.withUTF8 { utf8 in
            precondition(utf8.count <= maximumNumberLength)
            destination.update(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    @inline(__always)
    private static func writeUnsigned(_ value: UInt64, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count = digitCount(value)
        _ = writeDigits(value, count: count, endingAt: destination + count)
        return count
    }

    /// `significand × 10^exponent` for a negative exponent, spelled as the standard library spells
    /// doubles in this range: `20381.333333333332`, `0.05`.
    @inline(__always)
    private static func writeDecimal(_ decimal: ShortestDecimal, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let count = digitCount(decimal.significand)
        let fractionDigits = -decimal.exponent
        let wholeDigits = count - fractionDigits
        if wholeDigits > 0 {
            // The fraction's digits right to left, the point, then what is left: the whole part.
            let point = destination + wholeDigits
            let whole = writeDigits(decimal.significand, count: fractionDigits, endingAt: point + 1 + fractionDigits)
            point.pointee = UInt8(ascii: ".")
            _ = writeDigits(whole, count: wholeDigits, endingAt: point)
            return count + 1
        }
        // 0.0…0 then the digits.
        destination[0] = UInt8(ascii: "0")
        destination[1] = UInt8(ascii: ".")
        for index in 0..<(-wholeDigits) { destination[2 + index] = UInt8(ascii: "0") }
        let length = 2 - wholeDigits + count
        _ = writeDigits(decimal.significand, count: count, endingAt: destination + length)
        return length
    }

    /// Writes the last `count` decimal digits of `value` (zero-padded) to end at `end`, two at a time
    /// from a table, and returns what is left of `value`.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) -> UInt64 {
        var position = UnsafeMutableRawPointer(end)
        var rest = value
        var left = count
        let pairs = UnsafeRawPointer(digitPairs.utf8Start)
        while left >= 2 {
            let quotient = rest / 100
            let pair = Int(truncatingIfNeeded: rest &- quotient &* 100)
            position -= 2
            position.storeBytes(of: pairs.loadUnaligned(fromByteOffset: pair &* 2, as: UInt16.self), as: UInt16.self)
            rest = quotient
            left -= 2
        }
        if left == 1 {
            let quotient = rest / 10
            position -= 1
            position.storeBytes(of: UInt8(truncatingIfNeeded: rest &- quotient &* 10) &+ 48, as: UInt8.self)
            rest = quotient
        }
        return rest
    }

    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """

    /// Decimal digits of `value` (1 for 0): an estimate from its bit length (× log10 2), corrected by
    /// one comparison.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        let odd = value | 1
        let estimate = ((64 - odd.leadingZeroBitCount) &* 1233) >> 12
        return estimate + (odd >= powersOfTen[estimate] ? 1 : 0)
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

    /// A number as this writer spells it (`-3`, `0.5`, `1e+300`), for messages.
    static func spelling(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
