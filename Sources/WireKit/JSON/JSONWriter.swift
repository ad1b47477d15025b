import FlowLayout

/// Writes JSON straight into bytes: no intermediate objects, no Foundation (docs/architecture.md §6).
///
/// Numbers are written in the shortest form that parses back to the same double, integers without a
/// fraction, and -0 as 0, so equal answers are equal bytes.
public struct JSONWriter {
    /// Owns the memory, and becomes the answer's body (`body`) without a copy.
    @usableFromInline let storage: ByteBuffer
    // The storage's address, capacity and the bytes written, kept here as well, so a run of appends
    // stays in registers. The storage learns the count when the body is taken, and its address
    // whenever it grows: the two must agree then.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// The bytes written so far.
    public var count: Int { written }

    public init(capacity: Int = 4096) {
        storage = ByteBuffer.make(capacity: capacity)
        base = storage.base
        self.capacity = storage.capacity
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: written)) }

    /// The bytes written, as an answer's body without a copy: the writer is done with once this is taken.
    public var body: ResponseBody {
        storage.count = written
        return ResponseBody(buffer: storage)
    }

    /// Forgets what was written, keeping the capacity.
    public mutating func removeAll() { written = 0 }

    /// The bytes written so far, without copying them.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: written))
    }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if written + extra > capacity { grow(extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(_ extra: Int) {
        storage.count = written
        storage.reserve(extra)
        base = storage.base
        capacity = storage.capacity
    }

    @inlinable @inline(__always)
    mutating func append(_ source: UnsafeRawBufferPointer) {
        guard let address = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        (base + written).update(from: address.assumingMemoryBound(to: UInt8.self), count: source.count)
        written += source.count
    }

    @inlinable @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[written] = byte
        written += 1
    }

    @inlinable @inline(__always)
    public mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        guard length <= 32 else { return append(UnsafeRawBufferPointer(start: text.utf8Start, count: length)) }
        appendShort(text.utf8Start, count: length)
    }

    /// A short run of bytes kept for the process (a member's name, `MemberNames.fragment`), copied as
    /// `raw(_: StaticString)` copies its text.
    @inlinable @inline(__always)
    public mutating func raw(fragment: UnsafeRawBufferPointer) {
        guard let source = fragment.baseAddress, fragment.count <= 32 else { return append(fragment) }
        appendShort(source, count: fragment.count)
    }

    /// The keys and punctuation of an answer, at most 32 bytes: copied in (at most four overlapping)
    /// eight-byte words, or byte by byte below eight, rather than through a call to memcpy, which
    /// costs more than the copy at these lengths.
    @inlinable @inline(__always)
    mutating func appendShort(_ source: UnsafeRawPointer, count length: Int) {
        reserve(32)
        let destination = UnsafeMutableRawPointer(base + written)
        if length >= 8 {
            var offset = 0
            while offset + 8 < length {
                destination.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            destination.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
        } else {
            for offset in 0..<length {
                destination.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
        written += length
    }

    @inlinable @inline(__always)
    public mutating func byte(_ value: UInt8) { append(value) }

    /// Bytes as they are (already valid JSON text).
    @inlinable @inline(__always)
    public mutating func raw(_ text: UnsafeRawBufferPointer) { append(text) }

    @inlinable
    public mutating func integer(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
    }

    @inlinable
    mutating func unsigned(_ value: UInt) {
        reserve(20 + DecimalDigits.slack)
        written += DecimalDigits.write(UInt64(value), to: base + written)
    }

    /// Integral values below 2^53 as integers; the rest in the shortest form that parses back to the
    /// same double: `ShortestDecimal` for the usual layout values, the standard library's printer
    /// for everything else.
    @inlinable
    public mutating func number(_ value: Double) {
        reserve(Self.numberRoom)
        written += Self.writeNumber(value, to: base + written)
    }

    /// The longest spelling of a finite double: `-1.7976931348623157e+308`.
    @inlinable static var maximumNumberLength: Int { 24 }
    /// Room a number is written in: the longest spelling, and what the digit writer may store past a
    /// spelling's last digit.
    @inlinable static var numberRoom: Int { maximumNumberLength + DecimalDigits.slack }

    /// Writes `value` at `destination`, which has room for `numberRoom` bytes, and returns
    /// the length.
    ///
    /// One copy of each digit writer, for both signs and for integers and decimals alike, so the code
    /// an answer runs stays small.
    @inlinable @inline(__always)
    static func writeNumber(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        // -0 is not below 0, so it is written as 0. The minus is stored either way: a number that is
        // not negative writes its first digit over it.
        let sign = value < 0 ? 1 : 0
        destination[0] = UInt8(ascii: "-")
        let magnitude = value < 0 ? -value : value
        let start = destination + sign
        // Integral below 2^53: a conversion to Int64 and back is exact.
        // `ShortestDecimal` takes values below 2^52 only, so its whole part is the one found here.
        guard magnitude < 9_007_199_254_740_992 else { return sign + writeStandard(magnitude, to: start) }
        let whole = UInt64(bitPattern: Int64(magnitude))
        var decimal: ShortestDecimal?
        if Double(Int64(bitPattern: whole)) != magnitude {
            decimal = ShortestDecimal(magnitude)
            if decimal == nil { return sign + writeStandard(magnitude, to: start) }
        }
        let wholeDigits = DecimalDigits.write(whole, to: start)
        guard let decimal else { return sign + wholeDigits }
        return sign + wholeDigits + writeFraction(decimal, whole: whole, to: start + wholeDigits)
    }

    /// The standard library's shortest round-trip spelling, for what `ShortestDecimal` leaves.
    @usableFromInline @inline(never)
    static func writeStandard(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(value.isFinite, "JSON has no representation for \(value)")
        var text = value.description
        return text.withUTF8 { utf8 in
            precondition(utf8.count <= maximumNumberLength)
            destination.update(from: utf8.baseAddress!, count: utf8.count)
            return utf8.count
        }
    }

    /// The point and fraction digits of `significand × 10^exponent` (exponent negative), a value
    /// whose whole part is `whole` and is already written: as the standard library spells doubles in
    /// this range, `20381.333333333332`, `0.05`.
    ///
    /// The whole part and the fraction are written as two numbers, with nothing read back. The whole
    /// part is the value's own: no integer lies between a non-integral double and a decimal that
    /// parses back to it (integers below 2^53 are doubles themselves), so the truncated value is the
    /// decimal's whole part, and the fraction's digits are what is left of the significand. Nothing
    /// just written is read back (a load straddling fresh stores stalls).
    @inlinable @inline(__always)
    static func writeFraction(
        _ decimal: ShortestDecimal, whole: UInt64, to destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let fractionDigits = -decimal.exponent
        let fraction = decimal.significand &- whole &* powersOfTen[fractionDigits]
        destination[0] = UInt8(ascii: ".")
        DecimalDigits.write(fraction, count: fractionDigits, to: destination + 1)
        return 1 + fractionDigits
    }

    /// A layout id as a JSON string: 32 hex digits in quotes, without making a String.
    public mutating func string(_ hash: ContentHash) {
        reserve(34)
        let start = base + written
        start[0] = UInt8(ascii: "\"")
        hash.writeHex(to: start + 1)
        start[33] = UInt8(ascii: "\"")
        written += 34
    }

    public mutating func string(_ value: String) {
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
    public mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        // Room for the quotes and for the last word stored whole.
        reserve(bytes.count + 2 + 8)
        let start = base + written
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
                written += bytes.count + 2
                return
            }
        }
        written += 1 + clean
        for index in clean..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeRawBufferPointer(rebasing: bytes[clean..<index]))
            escape(byte)
            clean = index + 1
        }
        append(UnsafeRawBufferPointer(rebasing: bytes[clean...]))
        append(UInt8(ascii: "\""))
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
            append(hex.utf8Start[Int(byte >> 4)])
            append(hex.utf8Start[Int(byte & 0xF)])
        }
    }

    /// A number as this writer spells it (`-3`, `0.5`, `1e+300`), for messages.
    public static func spelling(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var writer = JSONWriter(capacity: 32)
        writer.number(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
