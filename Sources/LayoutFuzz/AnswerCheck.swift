/// The sanity check an answer failed: the fuzzer's crash.
struct FuzzFailure: Error, CustomStringConvertible {
    var description: String
}

/// What every answer must look like, whatever the request.
enum AnswerCheck {
    static func check(status: Int, contentType: String?, headers: [(String, String)], body: [UInt8], _ summary: String) throws(FuzzFailure) {
        func fail(_ reason: String) -> FuzzFailure {
            FuzzFailure(description: "\(summary): \(reason); body: \(String(decoding: body.prefix(2000), as: UTF8.self))")
        }
        guard (200..<600).contains(status) else { throw fail("status out of range") }
        // The service never fails on its own: 503 is only `/readyz` while draining, 507 a layout too
        // large for the cache.
        guard status < 500 || status == 507 else { throw fail("server error") }
        guard headers.contains(where: { $0.0 == "X-Request-ID" }) else { throw fail("no X-Request-ID") }
        switch contentType {
        case nil:
            guard status == 204 || status == 302 || status == 304, body.isEmpty else {
                throw fail("an answer without a type must be an empty 204, 302 or 304")
            }
        case "application/json"?:
            // A 304 keeps its 200's body (never sent: the HTTP server declares only its length).
            guard (200..<300).contains(status) || status == 304 else { throw fail("a JSON answer with an error status") }
            let value: JSON
            do { value = try JSON.parse(body) } catch { throw fail("invalid JSON: \(error.description)") }
            guard case .object(let members) = value else { throw fail("a JSON answer that is not an object") }
            try checkAttributes(members, fail)
        case "application/problem+json"?:
            guard status >= 400 else { throw fail("a problem with a success status") }
            let value: JSON
            do { value = try JSON.parse(body) } catch { throw fail("invalid problem JSON: \(error.description)") }
            guard case .object(let members) = value else { throw fail("a problem that is not an object") }
            for key in ["type", "title", "detail"] {
                guard case .string? = members[key] else { throw fail("a problem without a string \(key)") }
            }
            guard case .number(let number)? = members["status"], number == Double(status) else {
                throw fail("a problem whose status is not the answer's")
            }
            if let pointer = members["pointer"] {
                guard case .string(let text) = pointer, text.isEmpty || text.hasPrefix("/") else { throw fail("a pointer that is not a JSON pointer") }
            }
        case let type?:
            // Metrics, and the playground's page and modules.
            guard ["text/plain", "text/html", "text/javascript"].contains(where: type.hasPrefix), status == 200 else {
                throw fail("unexpected content type \(type)")
            }
            guard String(validating: body, as: UTF8.self) != nil else { throw fail("text that is not UTF-8") }
        }
    }

    /// Frames and centres, wherever attributes are listed, are objects of numbers with sizes not negative.
    private static func checkAttributes(_ members: [String: JSON], _ fail: (String) -> FuzzFailure) throws(FuzzFailure) {
        var lists: [JSON] = []
        // One element (a lookup, a hit test) is checked as a list of one.
        if case .object? = members["attributes"] { lists.append(.array([members["attributes"]!])) }
        else if let attributes = members["attributes"] { lists.append(attributes) }
        // A list of bounds answers `results`, a fling its `frames`.
        for key in ["results", "frames"] {
            guard case .array(let views)? = members[key] else { continue }
            for case .object(let view) in views { if let attributes = view["attributes"] { lists.append(attributes) } }
        }
        for list in lists {
            guard case .array(let attributes) = list else { throw fail("attributes that are not a list") }
            for attribute in attributes {
                guard case .object(let fields) = attribute, case .string? = fields["kind"],
                    case .object(let frame)? = fields["frame"]
                else { throw fail("an attribute without kind and frame") }
                for key in ["x", "y", "width", "height"] {
                    guard case .number(let number)? = frame[key] else { throw fail("a frame without \(key)") }
                    if key == "width" || key == "height", number < 0 { throw fail("a frame of negative \(key)") }
                }
            }
        }
    }
}
