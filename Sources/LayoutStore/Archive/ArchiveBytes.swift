import FlowLayout

/// The byte format of stored values: little-endian IEEE doubles, LEB128 unsigned integers, one byte
/// per flag or enumeration. Values are written once and read by any replica, so the format is fixed
/// by `LayoutArchive.formatVersion`, not by the platform.
struct ArchiveWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func count(_ value: Int) { unsigned(UInt64(value)) }

    mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func double(_ value: Double) { word(value.bitPattern) }

    mutating func hash(_ value: ContentHash) {
        word(value.high)
        word(value.low)
    }
}

/// Reads what `ArchiveWriter` wrote; every read is bounds-checked and throws `.corrupt` past the end
/// or on a value out of its range, so a damaged value is refused, never trusted.
struct ArchiveReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func byte() throws(ArchiveError) -> UInt8 {
        guard index < bytes.count else { throw .corrupt("value ends early") }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() throws(ArchiveError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw .corrupt("a flag is neither 0 nor 1")
        }
    }

    mutating func unsigned() throws(ArchiveError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw .corrupt("an integer is too long") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    /// An unsigned integer no greater than `limit`.
    mutating func count(max limit: Int) throws(ArchiveError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(limit) else { throw .corrupt("a count is out of range") }
        return Int(value)
    }

    mutating func word() throws(ArchiveError) -> UInt64 {
        guard bytes.count - index >= 8 else { throw .corrupt("value ends early") }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
        index += 8
        return value
    }

    mutating func double() throws(ArchiveError) -> Double { Double(bitPattern: try word()) }

    mutating func hash() throws(ArchiveError) -> ContentHash {
        let high = try word()
        return ContentHash(high: high, low: try word())
    }

    /// An enumeration's raw value, refused when it names no case.
    mutating func value<Value: RawRepresentable<UInt8>>(_: Value.Type) throws(ArchiveError) -> Value {
        guard let value = Value(rawValue: try byte()) else { throw .corrupt("an enumeration value is unknown") }
        return value
    }
}

/// A stored value that cannot be what it claims to be.
public enum ArchiveError: Error, Sendable, Equatable {
    /// The bytes do not decode (truncated, out of range, unknown format), or do not hash to their key.
    case corrupt(String)
}
