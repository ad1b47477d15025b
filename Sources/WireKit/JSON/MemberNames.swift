/// An object's member names, as the cases of an enum: a case's name is the member's name, its raw
/// value the slot `JSONValue.readMembers` reads it into.
public protocol MemberName: RawRepresentable<Int>, CaseIterable {
    static var names: MemberNames { get }
}

/// The names of a `MemberName` enum, spelled once from its cases.
public struct MemberNames: @unchecked Sendable {
    /// `name\0name\0…\0`, as `sj_object_read_members` reads it; made once and kept for the process.
    let list: UnsafeBufferPointer<CChar>
    /// Where each slot's name lies in `list`.
    private let names: [UnsafeRawBufferPointer]
    /// Each slot's `,"name":` then `{"name":`, as a writer puts a member's name before its value.
    @usableFromInline let fragments: UnsafeBufferPointer<UnsafeRawBufferPointer>

    public init<Name: MemberName>(_ type: Name.Type) {
        let spelled = Name.allCases.map { String(describing: $0) }
        precondition(Name.allCases.map(\.rawValue) == Array(spelled.indices), "slots are the cases' positions")
        let joined = spelled.flatMap { Array($0.utf8CString) }
        let list = UnsafeMutableBufferPointer<CChar>.allocate(capacity: joined.count)
        _ = list.initialize(from: joined)
        self.list = UnsafeBufferPointer(list)
        var names: [UnsafeRawBufferPointer] = []
        var start = 0
        for name in spelled {
            names.append(UnsafeRawBufferPointer(start: list.baseAddress! + start, count: name.utf8.count))
            start += name.utf8.count + 1
        }
        self.names = names
        fragments = UnsafeBufferPointer(kept: spelled.flatMap { name in
            [",", "{"].map { opening in UnsafeRawBufferPointer(UnsafeBufferPointer(kept: Array("\(opening)\"\(name)\":".utf8))) }
        })
    }

    /// `,"name":` for `slot`, or `{"name":` when the member opens its object: bytes kept for the process.
    @inlinable
    public func fragment(_ slot: Int, opening: Bool) -> UnsafeRawBufferPointer {
        fragments[slot &* 2 &+ (opening ? 1 : 0)]
    }

    var count: Int { names.count }

    func name(_ slot: Int) -> UnsafeRawBufferPointer { names[slot] }
}

extension JSONKey {
    public static func == <Name: MemberName>(key: JSONKey, name: Name) -> Bool {
        let expected = Name.names.name(name.rawValue)
        return key.bytes.count == expected.count && key.bytes.elementsEqual(expected)
    }
}

/// A table of the words a member may be and the values they name (`"vertical": .vertical`).
extension KeyValuePairs where Key == StaticString {
    /// The value `word` names, compared byte for byte; nil when it names none.
    @inlinable @inline(__always)
    public func value(named word: UnsafeRawBufferPointer) -> Value? {
        let key = JSONKey(bytes: word)
        for (name, value) in self where key == name { return value }
        return nil
    }

    public func value(named word: String) -> Value? {
        var word = word
        return word.withUTF8 { value(named: UnsafeRawBufferPointer($0)) }
    }
}
