import FlowLayout

extension LayoutUpdateError {
    /// The engine's refusal of a batch as the client's 400, the operation named by its place in the
    /// body (`/updates/3/at`). The engine refuses a field of the items or sections an operation adds
    /// only when the layout would pass `maxItems`: that one is a limit, the rest invalid fields.
    var requestError: RequestError {
        let isLimit = field == "items" || field == "sections"
        var error = isLimit ? RequestError.limit(message) : RequestError.invalid(message)
        error.pointer = "/updates/\(operation)/\(field)"
        return error
    }
}
