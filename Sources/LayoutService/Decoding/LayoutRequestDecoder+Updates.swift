import FlowLayout
import WireKit

/// `POST /v1/layouts/{id}/updates`: a batch of operations on a stored layout.
extension LayoutRequestDecoder {
    /// The batch for a stored layout of `settings`: items sent as `{}` take its `estimatedItemSize`,
    /// and a section inserted into a CSS layout may not be masonry. Items and sections are read as a
    /// registration reads them, and all the items of the batch count against `maxItems` together, as
    /// those of one registration do.
    func decodeUpdates(_ root: JSONValue, settings: FlowLayoutSettings) throws(RequestError) -> UpdateRequest {
        var updates: [LayoutUpdate]?
        var anchor: UpdateView?
        var transitions: UpdateView?
        var keepColumns = false
        var itemBudget = limits.maxItems
        try root.members { (key, value) throws(RequestError) in
            if key == Wire.UpdateRequest.updates { updates = try decodeOperations(value, settings: settings, itemBudget: &itemBudget) }
            else if key == Wire.UpdateRequest.anchor { anchor = try decodeUpdateView(value) }
            else if key == Wire.UpdateRequest.transitions { transitions = try decodeUpdateView(value) }
            else if key == Wire.UpdateRequest.keepColumns { keepColumns = try value.boolean() }
            else { return false }
            return true
        }
        guard let updates else { throw RequestError.invalid("The field 'updates' is required.").under("updates") }
        return UpdateRequest(updates: updates, anchor: anchor, transitions: transitions, keepColumns: keepColumns)
    }

    private func decodeOperations(_ value: JSONValue, settings: FlowLayoutSettings, itemBudget: inout Int) throws(RequestError) -> [LayoutUpdate] {
        let array = try value.array()
        guard array.arrayCount <= limits.maxUpdates else {
            throw .limit("At most \(limits.maxUpdates) operations are allowed in one batch, got \(array.arrayCount).")
        }
        var updates: [LayoutUpdate] = []
        updates.reserveCapacity(array.arrayCount)
        try array.forEachElement { (index, element) throws(RequestError) in
            let update = try within(String(index)) { () throws(RequestError) in
                try decodeOperation(element, settings: settings, itemBudget: &itemBudget)
            }
            updates.append(update)
        }
        return updates
    }

    /// One operation: an object naming itself in `op`, with exactly the fields that operation has.
    private func decodeOperation(_ value: JSONValue, settings: FlowLayoutSettings, itemBudget: inout Int) throws(RequestError) -> LayoutUpdate {
        let estimate = settings.estimatedItemSize
        // The members are gathered first: `op`, which says which of them belong, may come last.
        var given = [JSONValue?](repeating: nil, count: OperationMember.allCases.count)
        try value.members { (key, value) throws(RequestError) in
            guard let member = OperationMember.allCases.first(where: { key == $0 }) else { return false }
            given[member.rawValue] = value
            return true
        }
        guard let name = given[OperationMember.op.rawValue] else {
            throw RequestError.invalid("The field 'op' is required: it names the operation.").under("op")
        }
        let operation = try within("op") { () throws(RequestError) in try name.choice(Wire.Words.operations) }
        for member in OperationMember.allCases where member != .op && given[member.rawValue] != nil {
            guard operation.members.contains(member) else {
                throw RequestError.invalid("'\(member)' is not a field of '\(operation)'.").under("\(member)")
            }
        }
        /// The value of a field the operation has, read by `read`; an error when it is missing.
        func field<Value>(_ member: OperationMember, _ read: (JSONValue) throws(RequestError) -> Value) throws(RequestError) -> Value {
            guard let value = given[member.rawValue] else {
                throw RequestError.invalid("The field '\(member)' is required by '\(operation)'.").under("\(member)")
            }
            return try within("\(member)") { () throws(RequestError) in try read(value) }
        }
        let index = { (value: JSONValue) throws(RequestError) in try value.index() }
        let path = { (value: JSONValue) throws(RequestError) in try decodeItemPath(value) }
        let items = { (value: JSONValue) throws(RequestError) -> [FlowItem] in
            var listed = try decodeItems(value, itemBudget: &itemBudget)
            // A compositional layout's `{}` items stay unmeasured without an estimate (docs/flow-layout.md §23.7).
            if estimate != nil || settings.compositional == nil { try listed.estimate(with: estimate) }
            return listed.flowItems
        }
        switch operation {
        case .insertItems:
            return .insertItems(section: try field(.section, index), at: try field(.at, index), items: try field(.items, items))
        case .deleteItems:
            return .deleteItems(section: try field(.section, index), at: try field(.at, index), count: try field(.count, index))
        case .moveItem:
            return .moveItem(from: try field(.from, path), to: try field(.to, path))
        case .resizeItems:
            return .resizeItems(section: try field(.section, index), at: try field(.at, index), sizes: try field(.sizes) {
                (value) throws(RequestError) in try decodeSizes(value, itemBudget: &itemBudget)
            })
        case .appendItems:
            return .appendItems(section: try field(.section, index), items: try field(.items, items))
        case .insertSections:
            return .insertSections(at: try field(.at, index), sections: try field(.sections) { (value) throws(RequestError) in
                var sections = try decodeSections(value, itemBudget: &itemBudget)
                for index in sections.indices where sections[index].estimated != nil && settings.compositional(of: sections[index]) == nil {
                    try within(String(index)) { () throws(RequestError) in try sections[index].estimate(with: estimate) }
                }
                try Self.refuseMasonry(in: sections, settings: settings)
                try Self.refuseCompositional(in: sections, settings: settings)
                return sections
            })
        case .deleteSections:
            return .deleteSections(at: try field(.at, index), count: try field(.count, index))
        }
    }

    /// `[section, item]`.
    private func decodeItemPath(_ value: JSONValue) throws(RequestError) -> ItemPath {
        let array = try value.array()
        guard array.arrayCount == 2 else {
            throw .invalid("Expected [section, item], got an array of \(array.arrayCount) elements.")
        }
        var indices = (0, 0)
        try array.forEachElement { (position, element) throws(RequestError) in
            let index = try within(String(position)) { () throws(RequestError) in try element.index() }
            if position == 0 { indices.0 = index } else { indices.1 = index }
        }
        return ItemPath(section: indices.0, item: indices.1)
    }

    /// Measured sizes, `{"width", "height"}` each (both required: a measurement is never an estimate).
    private func decodeSizes(_ value: JSONValue, itemBudget: inout Int) throws(RequestError) -> [Size] {
        let array = try value.array()
        guard array.arrayCount <= itemBudget else {
            throw .limit("At most \(limits.maxItems) items are allowed in one request.")
        }
        itemBudget -= array.arrayCount
        var sizes: [Size] = []
        sizes.reserveCapacity(array.arrayCount)
        try array.forEachElement { (index, element) throws(RequestError) in
            sizes.append(try within(String(index)) { () throws(RequestError) in try element.size(limits, requireBoth: true) })
        }
        return sizes
    }

    /// `anchor` and `transitions`: `{"bounds": {…}, "scale": n}`, the scale optional.
    private func decodeUpdateView(_ value: JSONValue) throws(RequestError) -> UpdateView {
        var bounds: Rect?
        var scale: Double?
        try value.members { (key, value) throws(RequestError) in
            if key == Wire.UpdateView.bounds {
                let decoded = try decodeBounds(value)
                bounds = Rect(origin: decoded.origin ?? .zero, size: decoded.size)
            } else if key == Wire.UpdateView.scale { scale = try decodeScale(value) }
            else { return false }
            return true
        }
        guard let bounds else { throw RequestError.invalid("The field 'bounds' is required.").under("bounds") }
        return UpdateView(bounds: bounds, scale: scale)
    }
}

/// The members an operation may have; which ones each has is `UpdateOperation.members`.
enum OperationMember: Int, MemberName {
    case op, section, at, count, from, to, items, sizes, sections
    static let names = MemberNames(Self.self)
}

/// The operations `op` names (`LayoutUpdate`'s cases, `Wire.Words.operations`).
enum UpdateOperation {
    case insertItems, deleteItems, moveItem, resizeItems, appendItems, insertSections, deleteSections

    /// The fields the operation has besides `op`, all required: its schema's members (`Wire`).
    var members: [OperationMember] {
        switch self {
        case .insertItems: Self.members(of: Wire.InsertItems.self)
        case .deleteItems: Self.members(of: Wire.DeleteItems.self)
        case .moveItem: Self.members(of: Wire.MoveItem.self)
        case .resizeItems: Self.members(of: Wire.ResizeItems.self)
        case .appendItems: Self.members(of: Wire.AppendItems.self)
        case .insertSections: Self.members(of: Wire.InsertSections.self)
        case .deleteSections: Self.members(of: Wire.DeleteSections.self)
        }
    }

    private static func members<Schema: WireSchema>(of _: Schema.Type) -> [OperationMember] {
        Schema.allCases.compactMap { member in OperationMember.allCases.first { "\($0)" == member.name && $0 != .op } }
    }
}
