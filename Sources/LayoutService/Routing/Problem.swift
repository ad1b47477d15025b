
/// An RFC 9457 problem: what the client gets instead of an answer when something is wrong.
public struct Problem: Error, Hashable, Sendable {
    /// The problem's slug; its `type` URI is `/problems/<slug>`.
    public var slug: String
    public var title: String
    public var status: Int
    public var detail: String
    /// JSON pointer (RFC 6901) to the request field at fault, when there is one.
    public var pointer: String?
    /// The query parameter at fault, when there is one.
    public var parameter: String?
    /// Seconds after which the same request may succeed (`Retry-After`), for a refusal that passes.
    public var retryAfter: Int?

    public init(slug: String, title: String, status: Int, detail: String, pointer: String? = nil) {
        self.slug = slug
        self.title = title
        self.status = status
        self.detail = detail
        self.pointer = pointer
    }

    public var type: String { "/problems/\(slug)" }

    static func notFound(_ path: String) -> Problem {
        Problem(slug: "not-found", title: "Not Found", status: 404, detail: "No route matches '\(path)'.")
    }

    static func methodNotAllowed(_ method: String, allowed: String) -> Problem {
        Problem(slug: "method-not-allowed", title: "Method Not Allowed", status: 405,
                detail: "\(method) is not allowed here; use \(allowed).")
    }

    /// The client should register the layout again (or send the full request to `/v1/layout`).
    static func layoutNotFound(_ id: String) -> Problem {
        Problem(slug: "layout-not-found", title: "Layout Not Found", status: 404,
                detail: "No stored layout has id '\(id)'; it may have been evicted. Register it again with POST /v1/layouts (the same inputs give the same id) or send the full request to POST /v1/layout.")
    }

    /// A stored layout has no such item, header or footer (`/items/{section}/{item}`, `/headers/…`).
    static func itemNotFound(_ detail: String) -> Problem {
        Problem(slug: "item-not-found", title: "Item Not Found", status: 404, detail: detail)
    }

    /// No element of the layout contains the point of a hit test.
    static func noItemAtPoint(_ detail: String) -> Problem {
        Problem(slug: "no-item-at-point", title: "No Item At Point", status: 404, detail: detail)
    }

    /// The layout alone costs more than the cache's whole byte budget, so it cannot be stored; the
    /// client should send full requests to `POST /v1/layout`, which still answers (computed, not cached).
    static func layoutTooLarge(bytes: Int, budget: Int, items: Int) -> Problem {
        Problem(slug: "layout-too-large", title: "Layout Too Large", status: 507,
                detail: "The layout of \(items) items needs \(bytes) bytes, more than the cache's whole budget of \(budget) bytes, so it cannot be stored. Send full requests to POST /v1/layout instead, or run the server with a larger cache budget.")
    }

    /// The bounds hold more elements than one answer may carry; smaller bounds (or fewer of them) will do.
    static func answerTooLarge(limit: Int, pointer: String?) -> Problem {
        Problem(slug: "answer-too-large", title: "Answer Too Large", status: 400,
                detail: "The bounds hold more than \(limit) elements, more than one answer may carry; ask for a smaller rectangle, or fewer bounds at a time.",
                pointer: pointer)
    }

    /// The shared store could not be reached in time (or refuses writes): nothing was changed, and
    /// the same request may succeed once it is back.
    static func storeUnavailable() -> Problem {
        var problem = Problem(slug: "store-unavailable", title: "Service Unavailable", status: 503,
                detail: "The layout store cannot be reached right now, so the layout can be neither stored nor fetched; nothing was changed. Retry after a second.")
        problem.retryAfter = 1
        return problem
    }

    /// Every thread for long requests is busy and `waiting` more wait: the same request may succeed
    /// in a second.
    static func computeBusy(waiting: Int) -> Problem {
        var problem = Problem(slug: "server-busy", title: "Service Unavailable", status: 503,
                detail: "Every thread for long requests is busy and \(waiting) more are waiting; retry after a second.")
        problem.retryAfter = 1
        return problem
    }

    /// Large answers written and not yet read by their clients hold `waiting` bytes, too many to add
    /// this one: the same request may succeed in a second.
    static func answersBusy(waiting: Int) -> Problem {
        var problem = Problem(slug: "server-busy", title: "Service Unavailable", status: 503,
                detail: "Answers waiting for their clients hold \(waiting) bytes, too many to add this one; retry after a second.")
        problem.retryAfter = 1
        return problem
    }

    /// A body in a content coding the server does not read (it inflates gzip).
    static func unsupportedContentCoding(_ coding: String) -> Problem {
        Problem(slug: "unsupported-content-coding", title: "Unsupported Media Type", status: 415,
                detail: "The body's Content-Encoding '\(coding)' cannot be read; send it as gzip or uncompressed.")
    }

    static func unsupportedMediaType(_ contentType: String?) -> Problem {
        Problem(slug: "unsupported-media-type", title: "Unsupported Media Type", status: 415,
                detail: contentType.map { "The body must be application/json, not '\($0)'." }
                    ?? "The body must be application/json; the request has no Content-Type.")
    }
}
