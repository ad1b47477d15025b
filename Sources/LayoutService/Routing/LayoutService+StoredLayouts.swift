import FlowLayout

/// Stored layouts: register the description once, then scroll by sending only the bounds.
extension LayoutService {
    /// `POST /v1/layouts`: 201 with the new layout's metadata and `Location`, or 200 when the same
    /// inputs are already stored (the id is their content hash), or 507 when the layout alone is
    /// larger than the cache's whole budget, so no `Location` would ever answer.
    func register(_ request: ServiceRequest) -> ServiceResponse {
        let input: FlowLayoutInput
        switch decodeBody(request, decoder.decodeRegistration) {
        case .success(let value): input = value
        case .failure(let problem): return .problem(problem)
        }
        let key = input.contentHash
        let base: BaseLayout
        let hit: Bool
        switch cache.store(input, key: key) {
        case .hit(let layout): (base, hit) = (layout, true)
        case .stored(let layout): (base, hit) = (layout, false)
        case .tooLarge(let layout):
            var response = ServiceResponse.problem(
                .layoutTooLarge(bytes: layout.storedByteCount, budget: cache.byteBudget, items: layout.itemCount))
            response.cacheHit = false
            response.itemCount = layout.itemCount
            return response
        }
        let location = "/v1/layouts/\(key)"
        var response = ServiceResponse.json(
            hit ? 200 : 201, metadataWriter(base, key: key), headers: [("Location", location), ("ETag", "\"\(key)\"")])
        response.cacheHit = hit
        response.itemCount = base.itemCount
        return response
    }

    /// `GET /v1/layouts/{id}`.
    func metadata(_ pathID: PathID) -> ServiceResponse {
        guard let id = pathID.layoutID, let base = cache.lookup(id) else { return .problem(.layoutNotFound(pathID.spelling)) }
        return .json(200, metadataWriter(base, key: id), headers: [("ETag", "\"\(id)\"")])
    }

    /// `DELETE /v1/layouts/{id}`: 204, or 404 when it was not stored.
    func delete(_ pathID: PathID) -> ServiceResponse {
        guard let id = pathID.layoutID, cache.remove(id) else { return .problem(.layoutNotFound(pathID.spelling)) }
        return .empty(204)
    }

    /// `POST /v1/layouts/{id}/attributes`: one view, or a list of bounds answered in order.
    func scroll(_ pathID: PathID, _ request: ServiceRequest) -> ServiceResponse {
        guard let id = pathID.layoutID, let base = cache.lookup(id) else { return .problem(.layoutNotFound(pathID.spelling)) }
        let scroll: ScrollRequest
        switch decodeBody(request, { (root) throws(RequestError) in try decoder.decodeScroll(root, contentInset: base.contentInset) }) {
        case .success(let value): scroll = value
        case .failure(let problem): return .problem(problem)
        }
        var hasher = ContentHasher()
        hasher.combine(bytes: request.body)
        return answer(base, id: id, scroll, etag: hasher.finalize(), cacheable: false)
    }

    /// `GET /v1/layouts/{id}/attributes?x=…&y=…&width=…&height=…[&scale=…][&layoutDirection=…]`.
    func scrollFromQuery(_ pathID: PathID, _ request: ServiceRequest) -> ServiceResponse {
        guard let id = pathID.layoutID, let base = cache.lookup(id) else { return .problem(.layoutNotFound(pathID.spelling)) }
        let viewport: Viewport
        do {
            viewport = try QueryViewport.decode(request.query, contentInset: base.contentInset, limits: configuration.limits)
        } catch {
            return .problem(error)
        }
        var hasher = ContentHasher()
        for (name, value) in request.query.sorted(by: { $0.name < $1.name }) {
            for part in [name, value] {
                var part = part
                part.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            }
        }
        let etag = hasher.finalize()
        if let match = request.ifNoneMatch, Self.etag(id, etag) == match || match == "*" {
            return .empty(304, headers: [("ETag", Self.etag(id, etag))])
        }
        return answer(base, id: id, ScrollRequest(viewports: [viewport], isList: false, parallax: nil), etag: etag, cacheable: true)
    }

    /// An answer is a pure function of the layout (named by its content hash) and the view, so it can
    /// carry a strong ETag, and GET answers may be cached by anyone for as long as they like. The tag is
    /// `"<layout id>-<16 hex digits of the view's hash>"`, made in place: it is on every scroll answer.
    private static func etag(_ id: ContentHash, _ view: ContentHash) -> String {
        String(unsafeUninitializedCapacity: 51) { buffer in
            let start = buffer.baseAddress!
            start[0] = UInt8(ascii: "\"")
            id.writeHex(to: start + 1)
            start[33] = UInt8(ascii: "-")
            ContentHash.writeHex(view.low, to: start + 34)
            start[50] = UInt8(ascii: "\"")
            return 51
        }
    }

    private func answer(_ base: BaseLayout, id: ContentHash, _ scroll: ScrollRequest, etag: ContentHash, cacheable: Bool) -> ServiceResponse {
        // Labelled and sized for the X-Request-ID that `handle` adds: an unlabelled array literal would
        // be converted (copied) to this type, and a full one grown, on every scroll.
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(3)
        headers.append((name: "ETag", value: Self.etag(id, etag)))
        if cacheable { headers.append((name: "Cache-Control", value: "public, max-age=31536000, immutable")) }
        if !scroll.isList {
            let viewport = scroll.viewports[0]
            let attributes = attributes(of: base, in: viewport, parallax: scroll.parallax)
            var writer = JSONWriter(capacity: 256 + attributes.count * 200)
            writer.layoutResponse(layoutId: id, cacheHit: true, contentSize: Self.contentSize(base, viewport), attributes: attributes)
            var response = ServiceResponse.json(200, writer, headers: headers)
            response.cacheHit = true
            return response
        }
        var writer = JSONWriter(capacity: 256 + scroll.viewports.count * 4096)
        writer.raw("{\"layoutId\":")
        writer.string(id)
        writer.raw(",\"algorithmVersion\":")
        writer.integer(FlowLayoutInput.algorithmVersion)
        writer.raw(",\"cache\":\"hit\",\"contentSize\":")
        writer.size(base.contentSize)
        writer.raw(",\"results\":[")
        for (index, viewport) in scroll.viewports.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw("{\"bounds\":")
            writer.rect(viewport.bounds)
            writer.raw(",\"attributes\":")
            writer.attributeList(attributes(of: base, in: viewport, parallax: scroll.parallax))
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("]}")
        var response = ServiceResponse.json(200, writer, headers: headers)
        response.cacheHit = true
        return response
    }

    private func metadataWriter(_ base: BaseLayout, key: ContentHash) -> JSONWriter {
        var writer = JSONWriter(capacity: 256)
        writer.raw("{\"layoutId\":")
        writer.string(key)
        writer.raw(",\"algorithmVersion\":")
        writer.integer(FlowLayoutInput.algorithmVersion)
        writer.raw(base.scrollDirection == .vertical ? ",\"scrollDirection\":\"vertical\"" : ",\"scrollDirection\":\"horizontal\"")
        writer.raw(",\"contentSize\":")
        writer.size(base.contentSize)
        writer.raw(",\"sectionCount\":")
        writer.integer(base.sectionCount)
        writer.raw(",\"itemCount\":")
        writer.integer(base.itemCount)
        writer.raw(",\"bytes\":")
        writer.integer(base.storedByteCount)
        writer.byte(UInt8(ascii: "}"))
        return writer
    }
}
