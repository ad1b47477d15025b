import FlowLayout

/// Updates of a stored layout: a batch of operations gives a new layout under a new id (the id of
/// its inputs registered from scratch); the previous one stays stored, unchanged.
extension LayoutService {
    /// `POST /v1/layouts/{id}/updates`: answered as a registration of the result (201, 200 when that
    /// layout is already stored, 507), plus `previousLayoutId`, and `contentOffsetAdjustment` and
    /// `transitions` when `anchor` and `transitions` ask for them. A refused batch stores nothing.
    func update(_ stored: ResolvedLayout, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let (previousID, previous) = (stored.id, stored.base)
        let settings = previous.environment.settings
        let batch = try decodeBody(request) { (root) throws(RequestError) in try decoder.decodeUpdates(root, settings: settings) }
        let (layout, mapping) = try apply(batch.updates, keepColumns: batch.keepColumns, to: previous)
        // Everything the answer reports is found before the layout is stored: a refused answer
        // (too many elements in the transitions' bounds) stores nothing.
        let limit = configuration.limits.maxAnswerAttributes
        let adjustment = batch.anchor.map { anchor in
            previous.contentOffsetAdjustment(to: layout, mapping: mapping, anchor: anchor.bounds, scale: anchor.scale, limit: limit)
        }
        var transitions: [ElementTransition]?
        if let view = batch.transitions {
            transitions = previous.transitions(to: layout, mapping: mapping, bounds: view.bounds, scale: view.scale, limit: limit)
            if transitions == nil { throw .answerTooLarge(limit: limit, pointer: "/transitions/bounds") }
        }
        let storing: LayoutCache.Storing
        do { storing = try layouts.keep(layout) } catch { throw storeProblem(error) }
        return storedAnswer(
            storing, key: layout.contentHash,
            update: UpdateOutcome(previousLayoutId: previousID, contentOffsetAdjustment: adjustment, transitions: transitions))
    }

    /// `base` after `updates`, or the problem naming the first operation that does not fit it.
    private func apply(
        _ updates: [LayoutUpdate], keepColumns: Bool, to base: BaseLayout
    ) throws(Problem) -> (layout: BaseLayout, mapping: UpdateMapping) {
        do {
            return try base.updated(
                by: updates, keepColumns: keepColumns, maxItems: configuration.limits.maxItems,
                maxSections: configuration.limits.maxSections)
        } catch {
            throw error.requestError.problem
        }
    }
}
