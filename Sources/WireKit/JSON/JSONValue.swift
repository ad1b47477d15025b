import CSimdJSON

/// A value inside a document parsed by simdjson. Valid until the same thread parses again.
public struct JSONValue {
    let raw: sj_value

    var type: sj_type { sj_value_type(raw) }

    public var double: Double? {
        var value = 0.0
        return sj_value_double(raw, &value) ? value : nil
    }

    public var bool: Bool? {
        var value = false
        return sj_value_bool(raw, &value) ? value : nil
    }

    public var isObject: Bool { type == SJ_OBJECT }
    public var isArray: Bool { type == SJ_ARRAY }

    /// The string's bytes, valid as long as the value.
    public var stringBytes: UnsafeRawBufferPointer? {
        var data: UnsafePointer<CChar>?
        var length = 0
        guard sj_value_string(raw, &data, &length), let data else { return nil }
        return UnsafeRawBufferPointer(start: data, count: length)
    }

    public var arrayCount: Int { sj_array_count(raw) }

    /// Calls `body` with each element and its index.
    public func forEachElement<Failure: Error>(_ body: (Int, JSONValue) throws(Failure) -> Void) throws(Failure) {
        var iterator = sj_iterator()
        sj_array_begin(raw, &iterator)
        var element = sj_value()
        var index = 0
        while sj_array_next(&iterator, &element) {
            try body(index, JSONValue(raw: element))
            index += 1
        }
    }

    /// Reads `[{first: n, second: n}, …]` in one call into `out` (pairs of doubles); returns how many
    /// elements had exactly that shape, from the start.
    public func readNumberPairs(_ first: StaticString, _ second: StaticString, into out: UnsafeMutableBufferPointer<Double>) -> Int {
        first.withUTF8Buffer { first in
            second.withUTF8Buffer { second in
                first.withMemoryRebound(to: CChar.self) { first in
                    second.withMemoryRebound(to: CChar.self) { second in
                        sj_array_read_number_pairs(
                            raw, first.baseAddress, first.count, second.baseAddress, second.count, out.baseAddress, out.count / 2)
                    }
                }
            }
        }
    }

    /// Reads an object whose members are all named by `Name`'s cases, each at most once, in one call
    /// (see `sj_object_read_members`); nil when the object has another shape, which the
    /// member-by-member reading then explains.
    public func readMembers<Name: MemberName>(_: Name.Type) -> ReadMembers<Name>? {
        let names = Name.names
        precondition(names.count <= 4, "ReadMembers holds four values")
        var values = (sj_value(), sj_value(), sj_value(), sj_value())
        let seen = withUnsafeMutableBytes(of: &values) { values in
            sj_object_read_members(raw, names.list.baseAddress, names.count, values.bindMemory(to: sj_value.self).baseAddress)
        }
        return seen < 0 ? nil : ReadMembers(seen: UInt32(seen), values: values)
    }

    /// Calls `body` with each member's key (valid during the call) and value, in document order.
    public func forEachMember<Failure: Error>(_ body: (JSONKey, JSONValue) throws(Failure) -> Void) throws(Failure) {
        var iterator = sj_iterator()
        sj_object_begin(raw, &iterator)
        var key: UnsafePointer<CChar>?
        var length = 0
        var value = sj_value()
        while sj_object_next(&iterator, &key, &length, &value) {
            try body(JSONKey(bytes: UnsafeRawBufferPointer(start: key, count: length)), JSONValue(raw: value))
        }
    }

    /// Whether one of the object's first `count` members is named `key`. O(count), without
    /// allocating: objects of requests have a few members (an item two), and are checked once each.
    public func hasMember(_ key: JSONKey, among count: Int) -> Bool {
        var iterator = sj_iterator()
        sj_object_begin(raw, &iterator)
        var name: UnsafePointer<CChar>?
        var length = 0
        var value = sj_value()
        for _ in 0..<count {
            guard sj_object_next(&iterator, &name, &length, &value) else { return false }
            if length == key.bytes.count, length == 0 || memcmp(name!, key.bytes.baseAddress!, length) == 0 { return true }
        }
        return false
    }

    /// A short name for the JSON type, for error messages.
    public var typeName: String {
        switch type {
        case SJ_ARRAY: return "an array"
        case SJ_OBJECT: return "an object"
        case SJ_STRING: return "a string"
        case SJ_BOOL: return "a boolean"
        case SJ_NULL: return "null"
        default: return "a number"
        }
    }
}

/// The members `JSONValue.readMembers` read, by name.
public struct ReadMembers<Name: MemberName> {
    let seen: UInt32
    let values: (sj_value, sj_value, sj_value, sj_value)

    /// The value of `name`, or nil when the object does not have it. A switch rather than a pointer
    /// into the tuple, which would copy the whole tuple first.
    public subscript(name: Name) -> JSONValue? {
        let slot = name.rawValue
        guard seen & (1 << slot) != 0 else { return nil }
        switch slot {
        case 0: return JSONValue(raw: values.0)
        case 1: return JSONValue(raw: values.1)
        case 2: return JSONValue(raw: values.2)
        default: return JSONValue(raw: values.3)
        }
    }
}

/// An object key, compared byte for byte against the names the decoder knows without making a String.
public struct JSONKey {
    public let bytes: UnsafeRawBufferPointer

    public init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Byte by byte rather than through `memcmp`: field names are a few bytes long, and the lengths
    /// differ for most of the names a key is compared with.
    @inlinable @inline(__always)
    public static func == (key: JSONKey, name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard key.bytes.count == count else { return false }
        let expected = name.utf8Start
        for index in 0..<count where key.bytes[index] != expected[index] { return false }
        return true
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
