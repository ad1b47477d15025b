import FlowLayout
import WireKit
import LayoutStore

/// An answer's body as a typed value, written by its one encoder (`encode(into:)`) in a fixed member
/// order, so equal answers are equal bytes. Handlers build these and never spell JSON.
protocol WireAnswer {
    /// What encoding may fail with: `Never`, or for answers computed as they are written (lists of
    /// views), the problem to answer instead.
    associatedtype Failure: Error = Never
    /// Bytes to reserve for the answer: a guess that saves the writer's growth on the usual answer.
    var estimatedBytes: Int { get }
    func encode(into writer: inout JSONWriter) throws(Failure)
}

extension WireAnswer {
    /// The answer's bytes, as a body.
    func encoded() throws(Failure) -> ResponseBody {
        var writer = JSONWriter(capacity: estimatedBytes)
        try encode(into: &writer)
        return writer.body
    }
}

extension ServiceResponse {
    /// A JSON answer of `status` with `answer` as its body.
    static func json<Answer: WireAnswer>(
        _ status: Int, _ answer: Answer, contentType: StaticString = ServiceResponse.jsonMediaType, etag: EntityTag? = nil,
        headers: [(name: StaticString, value: String)] = []
    ) throws(Answer.Failure) -> ServiceResponse {
        ServiceResponse(status: status, contentType: contentType, etag: etag, headers: headers, body: try answer.encoded())
    }
}

/// A problem (RFC 9457): the body of every refusal.
extension Problem: WireAnswer {
    var estimatedBytes: Int { 256 }

    func encode(into writer: inout JSONWriter) { writer.problem(self) }
}

/// A stored layout's metadata: the answer to a registration and to `GET /v1/layouts/{id}`, and, with
/// what the batch adds, to an update.
struct LayoutMetadata: WireAnswer {
    let layoutId: ContentHash
    let scrollDirection: ScrollDirection
    let contentSize: Size
    let sectionCount: Int
    let itemCount: Int
    /// What the layout costs in a replica's cache.
    let bytes: Int
    /// An update's answer only.
    var update: UpdateOutcome?

    init(_ base: BaseLayout, id: ContentHash, update: UpdateOutcome? = nil) {
        layoutId = id
        scrollDirection = base.scrollDirection
        contentSize = base.contentSize
        sectionCount = base.sectionCount
        itemCount = base.itemCount
        bytes = base.storedByteCount
        self.update = update
    }

    var estimatedBytes: Int { 256 + (update?.transitions?.count ?? 0) * 160 }

    func encode(into writer: inout JSONWriter) {
        // An update's answer is the metadata and more members (`UpdateResponse` begins with
        // `LayoutMetadata`'s, `WireSchemaTests`).
        typealias Member = Wire.LayoutMetadata
        writer.answerHead(layoutId: layoutId)
        writer.member(Member.scrollDirection)
        writer.word(scrollDirection, in: Wire.Words.scrollDirections)
        writer.member(Member.contentSize)
        writer.size(contentSize)
        writer.member(Member.sectionCount)
        writer.integer(sectionCount)
        writer.member(Member.itemCount)
        writer.integer(itemCount)
        writer.member(Member.bytes)
        writer.integer(bytes)
        if let update {
            writer.member(Wire.UpdateResponse.previousLayoutId)
            writer.string(update.previousLayoutId)
            if let adjustment = update.contentOffsetAdjustment {
                writer.member(Wire.UpdateResponse.contentOffsetAdjustment)
                writer.point(adjustment)
            }
            if let transitions = update.transitions {
                writer.member(Wire.UpdateResponse.transitions)
                writer.transitions(transitions)
            }
        }
        writer.byte(UInt8(ascii: "}"))
    }
}

/// What an update's answer adds to the new layout's metadata.
struct UpdateOutcome {
    let previousLayoutId: ContentHash
    let contentOffsetAdjustment: Point?
    let transitions: [ElementTransition]?
}

/// A probe's answer: `{"status":"ok","store":"up"}`, with `storeReason` when the store is down.
struct ProbeStatus: WireAnswer {
    /// Spelled by `Wire.Words.statuses`.
    enum State { case ok, ready, draining }
    /// Spelled by `Wire.Words.storeStates`.
    enum Store { case memory, up, down }

    let state: State
    /// nil: no shared store (`--store memory:`).
    let store: StoreHealth?

    var estimatedBytes: Int { 96 }

    func encode(into writer: inout JSONWriter) {
        writer.member(Wire.Status.status, opening: true)
        writer.word(state, in: Wire.Words.statuses)
        writer.member(Wire.Status.store)
        switch store {
        case nil: writer.word(Store.memory, in: Wire.Words.storeStates)
        case .up: writer.word(Store.up, in: Wire.Words.storeStates)
        case .down(let reason):
            writer.word(Store.down, in: Wire.Words.storeStates)
            writer.member(Wire.Status.storeReason)
            writer.string(reason)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}

/// The answer of an element lookup or a hit test: the layout, its content size, the one element's
/// attributes (the very object a scroll answer writes for it) and, when asked, the content offset
/// that shows it.
struct ElementAnswer: WireAnswer {
    let layoutId: ContentHash
    let contentSize: Size
    let attributes: LayoutAttributes
    let contentOffset: Point?

    var estimatedBytes: Int { 320 }

    func encode(into writer: inout JSONWriter) {
        writer.elementResponse(layoutId: layoutId, contentSize: contentSize, attributes: attributes, contentOffset: contentOffset)
    }
}

/// `GET /v1/cache`: the cache's counters and its budget.
struct CacheAnswer: WireAnswer {
    let statistics: LayoutCache.Statistics
    let budgetBytes: Int

    var estimatedBytes: Int { 160 }

    func encode(into writer: inout JSONWriter) {
        let counts: [(Wire.CacheStatistics, Int)] = [
            (.entries, statistics.entries), (.bytes, statistics.bytes), (.budgetBytes, budgetBytes), (.hits, statistics.hits),
            (.misses, statistics.misses), (.evictions, statistics.evictions), (.builds, statistics.builds),
        ]
        for (index, (member, count)) in counts.enumerated() {
            writer.member(member, opening: index == 0)
            writer.integer(count)
        }
        writer.byte(UInt8(ascii: "}"))
    }
}
