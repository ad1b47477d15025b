import FlowLayout

extension LayoutUpdateError {
    /// The engine's refusal of a batch as the client's 400, the field named by its place in the body
    /// (`/updates/3/at`, `/updates/0/from/1`): a limit when the layout would grow past one, else an
    /// invalid field.
    var requestError: RequestError {
        var error = exceedsLimit ? RequestError.limit(message) : RequestError.invalid(message)
        error.pointer = "/updates/\(operation)/\(field.pointer)"
        return error
    }
}

extension LayoutUpdateError.Field {
    /// The field's JSON pointer below its operation, as the request spells it.
    var pointer: String {
        switch self {
        case .section: "section"
        case .at: "at"
        case .count: "count"
        case .items: "items"
        case .sizes: "sizes"
        case .sections: "sections"
        case .from(let part): "from/\(part.index)"
        case .to(let part): "to/\(part.index)"
        }
    }
}

extension LayoutUpdateError.IndexPathPart {
    /// An index path is `[section, item]` on the wire.
    fileprivate var index: Int {
        switch self {
        case .section: 0
        case .item: 1
        }
    }
}
