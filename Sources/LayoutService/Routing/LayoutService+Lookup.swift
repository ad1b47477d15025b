import FlowLayout
import WireKit

/// Element lookup, scroll-to-item and hit testing on stored layouts (docs/flow-layout.md §20). Each
/// answer is one element's attributes, byte for byte the object a scroll answer writes for it, and a
/// pure function of the URL: strong ETag, `If-None-Match`, cacheable for good.
extension LayoutService {
    /// `GET /v1/layouts/{id}/items/{section}/{item}[?scale&layoutDirection][&scrollPosition&width&height[&x&y]]`.
    func item(_ layout: ResolvedLayout, _ request: ServiceRequest, _ path: PathParameters) throws(Problem) -> ServiceResponse {
        let section = try PathIndex.decode(path.text(path.second, in: request.path), name: "section")
        let item = try PathIndex.decode(path.text(path.third, in: request.path), name: "item")
        let query = try ElementQuery.decode(request.query, limits: configuration.limits)
        guard let attributes = layout.base.attributes(
            ofItem: ItemPath(section: section, item: item), scale: query.scale, layoutDirection: query.layoutDirection)
        else {
            throw .itemNotFound(Self.missing(layout.base, section: section, item: item))
        }
        return element(layout, attributes, scroll: query.scroll, request)
    }

    /// `GET /v1/layouts/{id}/headers/{section}` and `/footers/{section}`: the element at rest, never
    /// pinned, with the same query as an item's.
    func supplementary(
        _ kind: LayoutAttributes.Kind, _ layout: ResolvedLayout, _ request: ServiceRequest, _ path: PathParameters
    ) throws(Problem) -> ServiceResponse {
        let base = layout.base
        let section = try PathIndex.decode(path.text(path.second, in: request.path), name: "section")
        let query = try ElementQuery.decode(request.query, limits: configuration.limits)
        guard let attributes = base.attributes(
            ofSupplementary: kind, section: section, scale: query.scale, layoutDirection: query.layoutDirection)
        else {
            let name = kind == .header ? "header" : "footer"
            let detail = section >= base.sectionCount ? Self.missingSection(base, section)
                : base.dimension > 0 ? "Section \(section) has no \(name): its \(name)ReferenceSize is zero along the scroll axis."
                : Self.nothingLaidOut
            throw .itemNotFound(detail)
        }
        return element(layout, attributes, scroll: query.scroll, request)
    }

    /// `GET /v1/layouts/{id}/hit?x=…&y=…[&kind=cell|header|footer][&scale&layoutDirection]`.
    func hitTest(_ layout: ResolvedLayout, _ request: ServiceRequest) throws(Problem) -> ServiceResponse {
        let query = try HitQuery.decode(request.query, limits: configuration.limits)
        guard let attributes = layout.base.hitTest(
            query.point, kind: query.kind, scale: query.scale, layoutDirection: query.layoutDirection)
        else {
            let name = query.kind == .header ? "header" : query.kind == .footer ? "footer" : "cell"
            let point = "(\(JSONWriter.spelling(query.point.x)), \(JSONWriter.spelling(query.point.y)))"
            throw .noItemAtPoint("No \(name) contains the point \(point).")
        }
        return element(layout, attributes, scroll: nil, request)
    }

    /// The 200 answer for one element, with the content offset that shows it when asked (a 304 when
    /// `If-None-Match` names its tag, made of it by `LayoutService.handle`).
    private func element(
        _ layout: ResolvedLayout, _ attributes: LayoutAttributes,
        scroll: (position: ScrollPosition, viewSize: Size, origin: Point)?, _ request: ServiceRequest
    ) -> ServiceResponse {
        let (id, base) = (layout.id, layout.base)
        let etag = EntityTag(layout: id, path: request.path, query: request.query)
        let offset = scroll.map { base.contentOffset(showing: attributes.frame, at: $0.position, viewSize: $0.viewSize, origin: $0.origin) }
        let answer = ElementAnswer(layoutId: id, contentSize: base.contentSize, attributes: attributes, contentOffset: offset)
        var response = ServiceResponse.json(200, answer, etag: etag)
        response.cacheHit = true
        response.cacheForever()
        return response
    }

    private static func missing(_ base: BaseLayout, section: Int, item: Int) -> String {
        guard section < base.sectionCount else { return missingSection(base, section) }
        let count = base.itemCount(inSection: section)
        guard item >= count else { return nothingLaidOut }
        return "Section \(section) has \(count) item\(count == 1 ? "" : "s"); there is no item \(item)."
    }

    private static let nothingLaidOut = "Nothing is laid out: the content inset leaves no room across the scroll axis."

    private static func missingSection(_ base: BaseLayout, _ section: Int) -> String {
        let count = base.sectionCount
        return "The layout has \(count) section\(count == 1 ? "" : "s"); there is no section \(section)."
    }
}
