import FlowLayout

extension LayoutUpdateError {
    /// The engine's refusal of a batch as the client's 400, the operation named by its place in the
    /// body (`/updates/3/at`): a limit when the layout would grow past one, else an invalid field.
    var requestError: RequestError {
        var error = exceedsLimit ? RequestError.limit(message) : RequestError.invalid(message)
        error.pointer = "/updates/\(operation)/\(field)"
        return error
    }
}
