import FlowLayout

/// Field names and choice words that more than one reader knows, declared once: the fast scroll
/// readers (`plainScroll`, `plainBounds`) and the full decoder read the names here, and the query
/// parameters the choices.
enum RequestFields {
    /// The members of a view a plain scroll has, by slot (`scrollOffset` is for the full decoder).
    enum View: Int, MemberName { case bounds, scale, layoutDirection, parallax
        static let names = MemberNames(Self.self)
    }

    enum Bounds: Int, MemberName { case x, y, width, height
        static let names = MemberNames(Self.self)
    }

    /// The members of a plain cell parallax (the presets' members are for the full decoder).
    enum CellParallax: Int, MemberName { case model, maxOffset, clamp, direction
        static let names = MemberNames(Self.self)
    }

    static let layoutDirections: KeyValuePairs<StaticString, LayoutDirection> = [
        "leftToRight": .leftToRight, "rightToLeft": .rightToLeft,
    ]

    /// The cell models and presets `parallax.model` names.
    enum CellModel { case center, cover, whatsAppImage, tableCellImage }

    static let cellModels: KeyValuePairs<StaticString, CellModel> = [
        "center": .center, "cover": .cover, "whatsAppImage": .whatsAppImage, "tableCellImage": .tableCellImage,
    ]

    static let cellDirections: KeyValuePairs<StaticString, FlowLayout.CellParallax.Direction> = [
        "natural": .natural, "reverse": .reverse,
    ]

    /// The value `word` names in `choices`, or nil.
    static func choice<Value>(_ word: UnsafeRawBufferPointer, in choices: KeyValuePairs<StaticString, Value>) -> Value? {
        let key = JSONKey(bytes: word)
        for (name, value) in choices where key == name { return value }
        return nil
    }
}

/// An object's member names, as the cases of an enum: a case's name is the member's name, its raw
/// value the slot `JSONValue.readMembers` reads it into.
protocol MemberName: RawRepresentable<Int>, CaseIterable {
    static var names: MemberNames { get }
}

/// The names of a `MemberName` enum, spelled once from its cases.
struct MemberNames: @unchecked Sendable {
    /// `name\0name\0…\0`, as `sj_object_read_members` reads it; made once and kept for the process.
    let list: UnsafeBufferPointer<CChar>
    /// Where each slot's name lies in `list`.
    private let names: [UnsafeRawBufferPointer]

    init<Name: MemberName>(_ type: Name.Type) {
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
    }

    var count: Int { names.count }

    func name(_ slot: Int) -> UnsafeRawBufferPointer { names[slot] }
}

extension JSONKey {
    static func == <Name: MemberName>(key: JSONKey, name: Name) -> Bool {
        let expected = Name.names.name(name.rawValue)
        return key.bytes.count == expected.count && key.bytes.elementsEqual(expected)
    }
}
