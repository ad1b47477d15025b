import FlowLayout

/// Writes JSON straight into bytes: no intermediate objects, no Foundation (DESIGN.md measured 8 µs
/// against JSONEncoder's 200 µs for a typical answer).
///
/// Numbers are written in the shortest form that parses back to the same double, integers without a
/// fraction, and -0 as 0, so equal answers are equal bytes.
struct JSONWriter {
    private let storage: ByteBuffer

    init(capacity: Int = 4096) {
        storage = ByteBuffer(capacity: capacity)
    }

    /// A copy of the bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// The bytes written, as an answer's body without a copy: the writer is done with once this is taken.
    var body: ResponseBody { ResponseBody(buffer: storage) }

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
        storage.reserve(20 + DecimalDigits.slack)
        storage.count += Self.writeUnsigned(UInt64(value), to: storage.base + storage.count)
    }

    /// Integral values below 2^53 as integers; the rest in the shortest form that parses back to the
    /// same double: `ShortestDecimal` for the usual layout values, the standard library's printer
    /// for everything else.
    mutating func number(_ value: Double) {
        storage.reserve(Self.numberRoom)
        storage.count += Self.writeNumber(value, to: storage.base + storage.count)
    }

    /// The longest spelling of a finite double: `-1.7976931348623157e+308`.
    private static let maximumNumberLength = 24
    /// Room a number is written in: the longest spelling, and what the digit writer may store past a
    /// spelling's last digit.
    private static let numberRoom = maximumNumberLength + DecimalDigits.slack

    /// Writes `value` at `destination`, which has room for `numberRoom` bytes, and returns
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
        if let decimal = ShortestDecimal(value) { return writeDecimal(decimal, of: value, to: destination) }
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
        let count = DecimalDigits.count(value)
        DecimalDigits.write(value, count: count, to: destination)
        return count
    }

    /// `significand × 10^exponent` (exponent negative) for `value`, spelled as the standard library
    /// spells doubles in this range: `20381.333333333332`, `0.05`.
    ///
    /// The whole part and the fraction are written as two numbers, with nothing read back. The whole
    /// part is the value's own: no integer lies between a non-integral double and a decimal that
    /// parses back to it (integers below 2^53 are doubles themselves), so truncating the value gives
    /// the decimal's whole part, and the fraction's digits are what is left of the significand.
    /// (Writing all the digits, then moving the fraction's one place on for the point, read back
    /// bytes just stored by differently placed words: a stalled load each time, a fifth of the
    /// time spent writing numbers under load.)
    @inline(__always)
    private static func writeDecimal(
        _ decimal: ShortestDecimal, of value: Double, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let whole = UInt64(Int64(value))
        let fractionDigits = -decimal.exponent
        let fraction = decimal.significand &- whole &* powersOfTen[fractionDigits]
        let wholeDigits = DecimalDigits.count(whole)
        DecimalDigits.write(whole, count: wholeDigits, to: destination)
        destination[wholeDigits] = UInt8(ascii: ".")
        DecimalDigits.write(fraction, count: fractionDigits, to: destination + wholeDigits + 1)
        return wholeDigits + 1 + fractionDigits
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
        // Native and small strings lend their UTF-8 in place; anything else is made contiguous first.
        let lent: Void? = value.utf8.withContiguousStorageIfAvailable { string(utf8: UnsafeRawBufferPointer($0)) }
        if lent == nil {
            var value = value
            value.withUTF8 { string(utf8: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Text as a JSON string. Eight bytes at a time while none needs escaping (the usual case: ids,
    /// routes, messages), the last few bytes as one padded word; byte by byte from the first word that
    /// holds a byte to escape.
    private mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        // Room for the quotes and for the last word stored whole.
        storage.reserve(bytes.count + 2 + 8)
        let start = storage.base + storage.count
        start.pointee = UInt8(ascii: "\"")
        let destination = UnsafeMutableRawPointer(start + 1)
        var clean = 0
        while clean + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: clean, as: UInt64.self)
            if Self.needsEscaping(word) { break }
            destination.storeBytes(of: word, toByteOffset: clean, as: UInt64.self)
            clean += 8
        }
        let rest = bytes.count - clean
        if rest < 8 {
            // The tail in one word, padded with spaces (which need no escaping).
            var tail = (UInt64(0x2020_2020_2020_2020) &>> UInt64(8 * rest)) &<< UInt64(8 * rest)
            for index in 0..<rest { tail |= UInt64(bytes[clean + index]) &<< UInt64(8 * index) }
            if !Self.needsEscaping(tail) {
                destination.storeBytes(of: tail, toByteOffset: clean, as: UInt64.self)
                (start + 1 + bytes.count).pointee = UInt8(ascii: "\"")
                storage.count += bytes.count + 2
                return
            }
        }
        storage.count += 1 + clean
        for index in clean..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            storage.append(UnsafeRawBufferPointer(rebasing: bytes[clean..<index]))
            escape(byte)
            clean = index + 1
        }
        storage.append(UnsafeRawBufferPointer(rebasing: bytes[clean...]))
        storage.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes is a control character, a quote or a backslash: the classic
    /// SWAR tests for a byte below a bound and for a zero byte (after XOR with the byte sought).
    @inline(__always)
    private static func needsEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highBits != 0 }
        let control = (word &- ones &* 0x20) & ~word & highBits != 0
        return control || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
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
