import WireKit

/// A request the decoder refuses, with the JSON pointer of the field at fault.
///
/// Decoding functions throw it with the pointer relative to the value they were given; each caller
/// prepends its own path component as the error passes, so the happy path builds no strings at all.
struct RequestError: Error {
    var slug: String
    var detail: String
    var pointer: String

    static func malformedJSON(_ reason: String) -> RequestError {
        let reason = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
        return RequestError(slug: "malformed-json", detail: "The body is not valid JSON: \(reason).", pointer: "")
    }

    static func invalid(_ detail: String) -> RequestError {
        RequestError(slug: "invalid-field", detail: detail, pointer: "")
    }

    static func limit(_ detail: String) -> RequestError {
        RequestError(slug: "limit-exceeded", detail: detail, pointer: "")
    }

    /// The same error seen from one level up: `component` is a member name or an array index.
    func under(_ component: String) -> RequestError {
        var copy = self
        var escaped = ""
        for character in component {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        copy.pointer = "/" + escaped + pointer
        return copy
    }

    var problem: Problem {
        let title = slug == "malformed-json" ? "Malformed JSON" : slug == "limit-exceeded" ? "Limit Exceeded" : "Invalid Field"
        return Problem(slug: slug, title: title, status: 400, detail: detail, pointer: pointer)
    }
}

/// Runs `body`, re-throwing any `RequestError` under `component`.
@inline(__always)
func within<Result>(_ component: @autoclosure () -> String, _ body: () throws(RequestError) -> Result) throws(RequestError) -> Result {
    do {
        return try body()
    } catch {
        throw error.under(component())
    }
}

extension JSONDocument {
    /// `withRoot` for the service's decoders: a body that does not parse is `malformedJSON`.
    static func withRoot<Result>(
        of bytes: UnsafeRawBufferPointer, padded: Bool, maxBytes: Int, _ body: (JSONValue) throws(RequestError) -> Result
    ) throws(RequestError) -> Result {
        try withRoot(of: bytes, padded: padded, maxBytes: maxBytes, malformed: RequestError.malformedJSON, body)
    }
}
