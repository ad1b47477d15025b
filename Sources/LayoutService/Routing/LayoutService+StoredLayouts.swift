import FlowLayout
import LayoutStore
import WireKit

/// Stored layouts: register the description once, then scroll by sending only the bounds.
extension LayoutService {
    /// `POST /v1/layouts`: 201 with the new layout's metadata and `Location`, or 200 when the same
    /// inputs are already stored (the id is their content hash), or 507 when the layout alone is
    /// larger than the cache's whole budget, so no `Location` would ever answer.
    func register(_ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let input = try decodeBody(request, decoder.decodeRegistration)
        let key = input.contentHash
        let storing: LayoutCache.Storing
        do { storing = try layouts.keep(input, key: key) } catch { throw storeProblem(error) }
        return storedAnswer(storing, key: key)
    }

    /// The stored layout a request's path names, from this replica's cache or the store, for the
    /// handlers of `/v1/layouts/{id}/…` (`Route(stored:)`); else the problem to answer: 404
    /// `layout-not-found` when the store does not have it (or the id is not one), 503
    /// `store-unavailable` when the store cannot say.
    @inline(__always)
    func resolve(_ pathID: PathID?, _ request: ServiceRequest) throws(Problem) -> ResolvedLayout {
        guard let id = pathID?.layoutID else { throw notFound(pathID, request) }
        let found: BaseLayout?
        do { found = try layouts.layout(id) } catch { throw storeProblem(error, notFound: notFound(pathID, request)) }
        guard let found else { throw notFound(pathID, request) }
        return ResolvedLayout(id: id, base: found)
    }

    /// What a failed store call answers: 503 while the store is unreachable; a value that failed
    /// its check was deleted and logged, so the layout is not there (`notFound`, or 503 when
    /// storing).
    func storeProblem(_ error: StoreError, notFound: Problem = .storeUnavailable()) -> Problem {
        switch error {
        case .unavailable(let reason):
            configuration.logger.warning("store unavailable", metadata: ["component": "store", "reason": "\(reason)"])
            return .storeUnavailable()
        case .corrupt(let key, let reason):
            configuration.logger.error("corrupt value in the store, deleted", metadata: ["component": "store", "key": "\(key)", "reason": "\(reason)"])
            return notFound
        }
    }

    /// The answer to storing a layout under `key`: 201 with its metadata and `Location` when stored
    /// now, 200 when already stored, 507 when it cannot be stored; an update's answer adds `update`.
    func storedAnswer(_ storing: LayoutCache.Storing, key: ContentHash, update: UpdateOutcome? = nil) -> ServiceResponse {
        let base: BaseLayout
        let hit: Bool
        switch storing {
        case .hit(let layout): (base, hit) = (layout, true)
        case .stored(let layout): (base, hit) = (layout, false)
        case .tooLarge(let layout):
            var response = ServiceResponse.problem(
                .layoutTooLarge(bytes: layout.storedByteCount, budget: cache.byteBudget, items: layout.itemCount))
            response.cacheHit = false
            response.itemCount = layout.itemCount
            return response
        }
        var response = ServiceResponse.json(
            hit ? 200 : 201, LayoutMetadata(base, id: key, update: update), etag: EntityTag(layout: key),
            headers: [(name: "Location", value: "/v1/layouts/\(key)")])
        response.cacheHit = hit
        response.itemCount = base.itemCount
        return response
    }

    /// `GET /v1/layouts/{id}`.
    func metadata(_ layout: ResolvedLayout) -> ServiceResponse {
        // The id names what is laid out, but the layout may be deleted or evicted: a cache asks again.
        .json(200, LayoutMetadata(layout.base, id: layout.id), etag: EntityTag(layout: layout.id), headers: [ServiceResponse.noCache])
    }

    /// `DELETE /v1/layouts/{id}`: 204, or 404 when it was not stored (here or in the store).
    func delete(_ pathID: PathID?, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        guard let id = pathID?.layoutID else { throw notFound(pathID, request) }
        let removed: Bool
        do { removed = try layouts.remove(id) } catch { throw storeProblem(error) }
        guard removed else { throw notFound(pathID, request) }
        return .empty(204)
    }

    /// `POST /v1/layouts/{id}/attributes`: one view, or a list of bounds answered in order.
    func scroll(_ layout: ResolvedLayout, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let (id, base) = (layout.id, layout.base)
        // The closure captures the inset alone, not the layout (a reference to count).
        let contentInset = base.contentInset
        let scroll = try decodeBody(request) { (root) throws(RequestError) in try decoder.decodeScroll(root, contentInset: contentInset) }
        let etag = EntityTag(layout: id, body: request.body)
        switch scroll.views {
        case .one(let viewport) where scroll.carouselEffect != nil || scroll.band.carouselBands != nil:
            return carouselView(base, id: id, viewport, scroll, etag: etag)
        case .one(let viewport):
            return view(
                base, id: id, viewport, orthogonalOffsets: scroll.orthogonalOffsets, parallax: scroll.parallax, cacheHit: true,
                etag: etag, pointer: "/bounds", band: scroll.band.isBand)
        case .list(let viewports):
            return try results(
                base, id: id, viewports, orthogonalOffsets: scroll.orthogonalOffsets, parallax: scroll.parallax,
                carouselEffect: scroll.carouselEffect, etag: etag, band: scroll.band.isBand)
        }
    }

    /// `view` for a scroll with the carousel effect or carousels' rows: out of line, so that the plain
    /// scroll's `view` is compiled without them.
    @inline(never)
    private func carouselView(
        _ base: BaseLayout, id: ContentHash, _ viewport: Viewport, _ scroll: ScrollRequest, etag: EntityTag
    ) -> ServiceResponse {
        view(
            base, id: id, viewport, orthogonalOffsets: scroll.orthogonalOffsets, parallax: scroll.parallax,
            carouselEffect: scroll.carouselEffect, cacheHit: true, etag: etag, pointer: "/bounds", band: scroll.band.isBand,
            carouselBands: scroll.band.carouselBands)
    }

    /// `GET /v1/layouts/{id}/attributes?x=…&y=…&width=…&height=…[&scale=…][&layoutDirection=…][&band=true]`:
    /// one view, or a band, as the POST answers it; cacheable for good.
    func scrollFromQuery(_ layout: ResolvedLayout, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let (id, base) = (layout.id, layout.base)
        let asked = try QueryViewport.decode(request.query, contentInset: base.contentInset, limits: configuration.limits)
        let etag = EntityTag(layout: id, query: request.query)
        var response = view(base, id: id, asked.viewport, parallax: nil, cacheHit: true, etag: etag, pointer: nil, band: asked.band)
        guard response.status == 200 else { return response }
        response.cacheForever()
        return response
    }

    private func notFound(_ pathID: PathID?, _ request: ServiceRequest) -> Problem {
        .layoutNotFound(pathID?.spelling(in: request.path) ?? "")
    }

    /// The attributes of one view, for a scroll or a one-shot layout; `pointer` names the bounds in a
    /// refusal; a `band` adds what a client needs to compute views inside it.
    func view(
        _ base: BaseLayout, id: ContentHash, _ viewport: Viewport, orthogonalOffsets: [OrthogonalOffset] = [], parallax: Parallax?,
        carouselEffect: CarouselEffect? = nil, cacheHit: Bool, etag: EntityTag?, pointer: String?, band: Bool = false,
        carouselBands: [CarouselStretch]? = nil
    ) -> ServiceResponse {
        let limit = configuration.limits.maxAnswerAttributes
        if let carouselBands, let refusal = Self.nonCarousel(in: carouselBands, of: base) { return .problem(refusal) }
        // Carousels' rows count against the same budget (docs/flow-layout.md §23.15).
        let rows = carouselBands.map { Self.carouselRows($0, of: base, limit: limit) }
        let rowCells = rows?.reduce(0) { $0 + $1.cells.count } ?? 0
        // Written inside the call: the attributes are the thread's scratch array, lent for it.
        let written = ViewAttributes.with(
            of: base, in: viewport, orthogonalOffsets: orthogonalOffsets, parallax: parallax, carouselEffect: carouselEffect, limit: limit
        ) { attributes, looks -> ResponseBody? in
            // A band's sections count against the same budget as the attributes, before a byte is
            // written: with negative insets every section of the layout may be in a band.
            let spans = band ? base.sectionSpans(in: viewport) : []
            guard attributes.count + spans.count + rowCells <= limit else { return nil }
            let answer = ViewAnswer(
                layoutId: id, cacheHit: cacheHit, contentSize: Self.contentSize(base, viewport), attributes: attributes, looks: looks,
                orthogonalSections: base.orthogonalContentWidths, band: band ? (base, spans, rows) : nil)
            return answer.encoded()
        }
        guard let body = written ?? nil else { return .problem(.answerTooLarge(limit: limit, pointer: pointer)) }
        var response = ServiceResponse(status: 200, contentType: ServiceResponse.jsonMediaType, etag: etag, body: body)
        response.cacheHit = cacheHit
        return response
    }

    /// The refusal of the first `carouselBands` entry naming a section that is not a carousel, by its
    /// pointer; nil when every one names a carousel.
    private static func nonCarousel(in stretches: [CarouselStretch], of base: BaseLayout) -> Problem? {
        guard let index = stretches.firstIndex(where: { base.carouselRows?.contains($0.section) != true }) else { return nil }
        return RequestError.invalid(
            "Section \(stretches[index].section) is not a carousel (an orthogonal compositional section) of this layout."
        ).under("section").under(String(index)).under("carouselBands").problem
    }

    /// The carousels' rows a band carries (`carouselBands`), until their cells pass `limit`.
    private static func carouselRows(_ stretches: [CarouselStretch], of base: BaseLayout, limit: Int)
        -> [(section: Int, cells: [LayoutAttributes])]
    {
        var rows: [(section: Int, cells: [LayoutAttributes])] = []
        var count = 0
        for stretch in stretches where count <= limit {
            var cells: [LayoutAttributes] = []
            base.carouselCells(section: stretch.section, from: stretch.from, to: stretch.to, into: &cells, limit: limit - count)
            count += cells.count
            rows.append((stretch.section, cells))
        }
        return rows
    }

    /// The attributes of each view of a list of bounds, in order, as `results`; the limit on attributes
    /// holds for the whole answer.
    private func results(
        _ base: BaseLayout, id: ContentHash, _ viewports: [Viewport], orthogonalOffsets: [OrthogonalOffset], parallax: Parallax?,
        carouselEffect: CarouselEffect?, etag: EntityTag, band: Bool
    ) throws(Problem) -> ServiceResponse {
        let views = ViewSequence(
            base: base, viewports: viewports, orthogonalOffsets: orthogonalOffsets, parallax: parallax, carouselEffect: carouselEffect, band: band,
            limit: configuration.limits.maxAnswerAttributes)
        var response = try ServiceResponse.json(200, ViewListAnswer(layoutId: id, contentSize: base.contentSize, views: views), etag: etag)
        response.cacheHit = true
        return response
    }
}
