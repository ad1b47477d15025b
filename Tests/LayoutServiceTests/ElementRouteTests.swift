import Foundation
import Testing

@testable import LayoutService

/// `GET /v1/layouts/{id}/items/{section}/{item}`, `/headers/{section}`, `/footers/{section}` and
/// `/hit` through the service's request path (docs/flow-layout.md §20): each answers one element's
/// object byte for byte as a scroll answer writes it, with the content offset asked for, and each
/// refusal has its own problem type.
@Suite("Element lookup and hit routes")
struct ElementRouteTests {
    let service = LayoutService()

    /// Two sections in a 320-point view with pinned headers (40) and footers (20) and a content inset
    /// of 20 on top and 30 below: 100 × 50 cells three to a line at x 0, 110, 220. Section 0 (7 items)
    /// runs from y 0 to 230, section 1 (3 items) from 230 to 340.
    static let grid = #"""
        {"viewport":{"width":320},"contentInset":{"top":20,"bottom":30},
         "layout":{"itemSize":{"width":100,"height":50},"headerReferenceSize":{"height":40},"footerReferenceSize":{"height":20},
                   "sectionHeadersPinToVisibleBounds":true,"sectionFootersPinToVisibleBounds":true},
         "sections":[{"itemCount":7},{"itemCount":3}]}
        """#

    /// Horizontal, items of varied sizes with some still estimated, headers and footers.
    static let varied: String = {
        let items = (0..<30).map { index -> String in
            index % 7 == 3 ? "{}" : #"{"width":\#(30 + (index * 17) % 45).5,"height":\#(20 + (index * 11) % 35).25}"#
        }
        return #"""
            {"viewport":{"height":203},"layout":{"scrollDirection":"horizontal","estimatedItemSize":{"width":44,"height":33},
             "headerReferenceSize":{"width":30},"footerReferenceSize":{"width":12},"sectionInset":{"top":5,"left":7,"bottom":9,"right":11}},
             "sections":[{"items":[\#(items.joined(separator: ","))]},{"itemCount":4}]}
            """#
    }()

    static let unknownID = "0123456789abcdef0123456789abcdef"

    private func get(_ path: String, _ query: [(name: String, value: String)] = [], ifNoneMatch: String? = nil) -> ServiceExchange {
        ServiceExchange(service.handle(ServiceRequest(method: "GET", path: RequestText(path), query: query, ifNoneMatch: ifNoneMatch)))
    }

    private func register(_ json: String) -> String {
        let answer = ServiceExchange.send(service, "POST", "/v1/layouts", json: json)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.layoutId
    }

    private static func query(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    /// The object of the element whose object starts with `prefix` in a scroll answer: from its
    /// opening brace to the one that closes it.
    static func object(startingWith prefix: String, in text: String) -> Substring? {
        guard let start = text.range(of: prefix)?.lowerBound else { return nil }
        var depth = 0
        for index in text[start...].indices {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return text[start...index] }
            default: break
            }
        }
        return nil
    }

    /// The attributes object of a lookup or hit answer.
    static func attributes(of answer: ServiceExchange) -> Substring? { object(startingWith: #"{"kind""#, in: answer.text) }

    /// Checks that every lookup of `paths` answers its element's object in the scroll answer for
    /// `view` (same query otherwise), inside the documented answer.
    private func expectLookupsMatchScroll(
        _ id: String, _ paths: [(path: String, prefix: String)], view: String, drawing: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let scroll = get("/v1/layouts/\(id)/attributes", Self.query(view + drawing))
        #expect(scroll.status == 200, "\(scroll.text)", sourceLocation: sourceLocation)
        let contentSize = Self.object(startingWith: #"{"width""#, in: scroll.text) ?? ""
        for (path, prefix) in paths {
            let answer = get("/v1/layouts/\(id)\(path)", drawing.isEmpty ? [] : Self.query(String(drawing.dropFirst())))
            #expect(answer.status == 200, "\(path): \(answer.text)", sourceLocation: sourceLocation)
            guard let expected = Self.object(startingWith: prefix, in: scroll.text) else {
                Issue.record("\(path): the scroll answer has no \(prefix)", sourceLocation: sourceLocation)
                continue
            }
            let body = #"{"layoutId":"\#(id)","algorithmVersion":2,"contentSize":\#(contentSize),"attributes":\#(expected)}"#
            #expect(answer.text == body, "\(path)", sourceLocation: sourceLocation)
        }
    }

    @Test func itemsHeadersAndFootersAnswerTheScrollAnswersObjects() {
        let id = register(Self.grid)
        // The whole content at rest: the view's top at −20 is the content's top once the inset is taken off.
        expectLookupsMatchScroll(id, [
            ("/items/0/0", #"{"kind":"cell","section":0,"item":0,"#),
            ("/items/0/4", #"{"kind":"cell","section":0,"item":4,"#),
            ("/items/0/6", #"{"kind":"cell","section":0,"item":6,"#),
            ("/items/1/2", #"{"kind":"cell","section":1,"item":2,"#),
            ("/headers/0", #"{"kind":"header","section":0,"#),
            ("/headers/1", #"{"kind":"header","section":1,"#),
            ("/footers/0", #"{"kind":"footer","section":0,"#),
            ("/footers/1", #"{"kind":"footer","section":1,"#),
        ], view: "x=0&y=-20&width=320&height=400")
        let item = get("/v1/layouts/\(id)/items/0/4")
        #expect(Self.attributes(of: item) == #"{"kind":"cell","section":0,"item":4,"frame":{"x":110,"y":100,"width":100,"height":50},"center":{"x":160,"y":125},"zIndex":0}"#)
    }

    @Test func pinnedHeadersAreAnsweredAtRest() {
        let id = register(Self.grid)
        // Scrolled to y 250, a view pins header 1 at 270; the lookup answers it at rest, at 230.
        let scroll = get("/v1/layouts/\(id)/attributes", Self.query("x=0&y=250&width=320&height=60"))
        #expect(scroll.text.contains(#"{"kind":"header","section":1,"frame":{"x":0,"y":270,"#))
        let header = get("/v1/layouts/\(id)/headers/1")
        #expect(Self.attributes(of: header) == #"{"kind":"header","section":1,"frame":{"x":0,"y":230,"width":320,"height":40},"center":{"x":160,"y":250},"zIndex":10}"#)
    }

    @Test(arguments: ["&scale=3&layoutDirection=rightToLeft", "&layoutDirection=rightToLeft", "&scale=2", ""])
    func rightToLeftRoundedAndEstimatedElementsMatchTheScrollAnswer(drawing: String) {
        let id = register(Self.varied)
        var paths = (0..<30).map { ("/items/0/\($0)", #"{"kind":"cell","section":0,"item":\#($0),"#) }
        paths += (0..<4).map { ("/items/1/\($0)", #"{"kind":"cell","section":1,"item":\#($0),"#) }
        for section in 0..<2 {
            paths.append(("/headers/\(section)", #"{"kind":"header","section":\#(section),"#))
            paths.append(("/footers/\(section)", #"{"kind":"footer","section":\#(section),"#))
        }
        expectLookupsMatchScroll(id, paths, view: "x=-100&y=-100&width=5000&height=500", drawing: drawing)
        #expect(get("/v1/layouts/\(id)/items/0/3").text.contains(#""zIndex":0,"estimated":true}"#))
    }

    @Test func scrollPositionAddsTheContentOffset() {
        let id = register(Self.grid)
        func offset(_ path: String, _ query: String) -> String? {
            let answer = get("/v1/layouts/\(id)\(path)", Self.query(query))
            #expect(answer.status == 200, "\(answer.text)")
            return answer.text.range(of: #","contentOffset":"#).map { String(answer.text[$0.upperBound...].dropLast()) }
        }
        // The view is 200 high: y runs from −20 to 340 + 30 − 200 = 170; x can only be 0.
        #expect(offset("/items/0/4", "scrollPosition=top&width=320&height=200") == #"{"x":0,"y":80}"#)
        #expect(offset("/items/0/4", "scrollPosition=centeredVertically&width=320&height=200") == #"{"x":0,"y":30}"#)
        #expect(offset("/items/0/6", "scrollPosition=bottom&width=320&height=200") == #"{"x":0,"y":40}"#)
        #expect(offset("/items/1/2", "scrollPosition=top&width=320&height=200") == #"{"x":0,"y":170}"#)
        #expect(offset("/items/0/0", "scrollPosition=bottom&width=320&height=200") == #"{"x":0,"y":-20}"#)
        #expect(offset("/headers/1", "scrollPosition=top&width=320&height=200") == #"{"x":0,"y":170}"#)
        #expect(offset("/footers/0", "scrollPosition=bottom&width=320&height=200") == #"{"x":0,"y":60}"#)
        // The axis not named keeps x and y from the query, clamped.
        #expect(offset("/items/0/4", "scrollPosition=left&width=320&height=200&x=40&y=33") == #"{"x":0,"y":33}"#)
        #expect(offset("/items/0/4", "scrollPosition=right&width=320&height=200&y=1000") == #"{"x":0,"y":170}"#)
        // One vertical and one horizontal, in either order.
        #expect(offset("/items/0/4", "scrollPosition=top,left&width=320&height=200") == #"{"x":0,"y":80}"#)
        #expect(offset("/items/0/4", "scrollPosition=left,top&width=320&height=200") == #"{"x":0,"y":80}"#)
        // The offset is written after the element, which is the same as without it.
        let plain = get("/v1/layouts/\(id)/items/0/4")
        let scrolled = get("/v1/layouts/\(id)/items/0/4", Self.query("scrollPosition=top&width=320&height=200"))
        #expect(scrolled.text == plain.text.dropLast() + #","contentOffset":{"x":0,"y":80}}"#)
    }

    @Test func horizontalRightToLeftOffsetsUseTheMirroredFrame() {
        let id = register(#"{"viewport":{"height":200},"contentInset":{"left":15,"right":25},"layout":{"scrollDirection":"horizontal","itemSize":{"width":50,"height":90},"minimumInteritemSpacing":20},"itemCount":10}"#)
        let left = get("/v1/layouts/\(id)/items/0/0", Self.query("layoutDirection=rightToLeft&scrollPosition=left&width=100&height=200"))
        #expect(left.text.hasSuffix(#""frame":{"x":240,"y":0,"width":50,"height":90},"center":{"x":265,"y":45},"zIndex":0},"contentOffset":{"x":215,"y":0}}"#), "\(left.text)")
        let right = get("/v1/layouts/\(id)/items/0/9", Self.query("layoutDirection=rightToLeft&scrollPosition=right&width=100&height=200"))
        #expect(right.text.hasSuffix(#""contentOffset":{"x":-15,"y":0}}"#), "\(right.text)")
    }

    @Test func hitTestsAnswerTheElementContainingThePoint() {
        let id = register(Self.grid)
        // The centre of item 4 and its top-left corner hit it; the answer is the lookup's, byte for byte.
        let lookup = get("/v1/layouts/\(id)/items/0/4")
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=160&y=125")).text == lookup.text)
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=110&y=100")).text == lookup.text)
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=0&y=0&kind=header")).text == get("/v1/layouts/\(id)/headers/0").text)
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=5&y=339&kind=footer")).text == get("/v1/layouts/\(id)/footers/1").text)
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=5&y=339&kind=cell")).status == 404)
        // The right edge of item 0 is the gap before item 1.
        let gap = get("/v1/layouts/\(id)/hit", Self.query("x=100&y=40"))
        #expect(gap.status == 404)
        #expect(gap.type == "/problems/no-item-at-point")
        #expect(gap.json["detail"] as? String == "No cell contains the point (100, 40).")
        #expect(get("/v1/layouts/\(id)/hit", Self.query("x=5&y=100&kind=header")).type == "/problems/no-item-at-point")
    }

    @Test func hitTestsReadTheScaleAndDirection() {
        let id = register(Self.varied)
        let drawing = "&scale=3&layoutDirection=rightToLeft"
        let item = get("/v1/layouts/\(id)/items/0/12", Self.query(String(drawing.dropFirst())))
        guard let object = Self.attributes(of: item),
            let data = String(object).data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let center = json["center"] as? [String: Double]
        else {
            Issue.record("item 12 has a centre: \(item.text)")
            return
        }
        let hit = get("/v1/layouts/\(id)/hit", Self.query("x=\(center["x"]!)&y=\(center["y"]!)" + drawing))
        #expect(hit.text == item.text)
    }

    @Test func missingElementsAreItemNotFoundAndUnknownLayoutsLayoutNotFound() {
        let id = register(Self.grid)
        let plain = register(#"{"viewport":{"width":320},"itemCount":3}"#)
        let missing: [(String, String)] = [
            ("/v1/layouts/\(id)/items/0/7", "Section 0 has 7 items; there is no item 7."),
            ("/v1/layouts/\(id)/items/2/0", "The layout has 2 sections; there is no section 2."),
            ("/v1/layouts/\(id)/items/0/99999999999999999999999", "Section 0 has 7 items; there is no item 9223372036854775807."),
            ("/v1/layouts/\(id)/headers/2", "The layout has 2 sections; there is no section 2."),
            ("/v1/layouts/\(plain)/headers/0", "Section 0 has no header: its headerReferenceSize is zero along the scroll axis."),
            ("/v1/layouts/\(plain)/footers/0", "Section 0 has no footer: its footerReferenceSize is zero along the scroll axis."),
        ]
        for (path, detail) in missing {
            let answer = get(path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.type == "/problems/item-not-found", "\(path)")
            #expect(answer.json["detail"] as? String == detail, "\(path)")
            // A failure is not cacheable: no validator, and no cache may keep it.
            #expect(answer.headers["ETag"] == nil && answer.headers["Cache-Control"] == "no-store")
        }
        for path in ["/items/0/0", "/headers/0", "/footers/0", "/hit"] {
            let answer = get("/v1/layouts/\(Self.unknownID)\(path)", path == "/hit" ? Self.query("x=1&y=1") : [])
            #expect(answer.status == 404, "\(path)")
            #expect(answer.type == "/problems/layout-not-found", "\(path)")
        }
        #expect(get("/v1/layouts/not-an-id/items/0/0").type == "/problems/layout-not-found")
    }

    @Test func segmentsThatAreNotIndicesAre400() {
        let id = register(Self.grid)
        for (path, parameter) in [
            ("/items/x/1", "section"), ("/items/-1/0", "section"), ("/items/01/0", "section"), ("/items/+1/0", "section"),
            ("/items/0/1.5", "item"), ("/items/0/1e2", "item"), ("/items/0/00", "item"), ("/headers/%31", "section"), ("/footers/one", "section"),
        ] {
            let answer = get("/v1/layouts/\(id)\(path)")
            #expect(answer.status == 400, "\(path)")
            #expect(answer.type == "/problems/invalid-parameter", "\(path)")
            #expect(answer.json["parameter"] as? String == parameter, "\(path)")
        }
    }

    @Test func queryParametersOutsideTheRulesAre400() {
        let id = register(Self.grid)
        let cases: [(String, String, String)] = [
            ("/items/0/0", "offset=3", "offset"),
            ("/items/0/0", "scrollPosition=top", "width"),
            ("/items/0/0", "scrollPosition=top&width=320", "height"),
            ("/items/0/0", "scrollPosition=top&width=320&height=-1", "height"),
            ("/items/0/0", "width=320&height=200", "width"),
            ("/items/0/0", "y=20", "y"),
            ("/items/0/0", "scrollPosition=top,bottom&width=320&height=200", "scrollPosition"),
            ("/items/0/0", "scrollPosition=left,centeredHorizontally&width=320&height=200", "scrollPosition"),
            ("/items/0/0", "scrollPosition=middle&width=320&height=200", "scrollPosition"),
            ("/items/0/0", "scrollPosition=&width=320&height=200", "scrollPosition"),
            ("/items/0/0", "scrollPosition=top,&width=320&height=200", "scrollPosition"),
            ("/items/0/0", "scale=0.1", "scale"),
            ("/headers/0", "layoutDirection=up", "layoutDirection"),
            ("/footers/0", "scrollPosition=top&width=x&height=200", "width"),
            ("/hit", "y=3", "x"),
            ("/hit", "x=3", "y"),
            ("/hit", "x=abc&y=3", "x"),
            ("/hit", "x=3&y=3&kind=stretchHeader", "kind"),
            ("/hit", "x=3&y=3&scrollPosition=top", "scrollPosition"),
        ]
        for (path, query, parameter) in cases {
            let answer = get("/v1/layouts/\(id)\(path)", Self.query(query))
            #expect(answer.status == 400, "\(path)?\(query)")
            #expect(answer.type == "/problems/invalid-parameter", "\(path)?\(query)")
            #expect(answer.json["parameter"] as? String == parameter, "\(path)?\(query): \(answer.text)")
        }
    }

    @Test func answersAreCacheableAndRevalidated() {
        let id = register(Self.grid)
        for (path, query) in [("/items/0/4", "scale=3"), ("/headers/1", ""), ("/footers/0", "scrollPosition=top&width=320&height=200"), ("/hit", "x=160&y=125")] {
            let first = get("/v1/layouts/\(id)\(path)", Self.query(query))
            #expect(first.status == 200)
            #expect(first.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(path)")
            guard let etag = first.headers["ETag"] else {
                Issue.record("\(path) has an ETag")
                continue
            }
            #expect(etag.hasPrefix("\"\(id)-"), "\(path): \(etag)")
            let again = get("/v1/layouts/\(id)\(path)", Self.query(query), ifNoneMatch: etag)
            #expect(again.status == 304, "\(path)")
            // Its body, never sent, is the 200's: the HTTP server sends its length as Content-Length.
            #expect(again.text == first.text && again.headers["Content-Type"] == nil)
            let other = get("/v1/layouts/\(id)\(path)", Self.query(query + (query.isEmpty ? "" : "&") + "layoutDirection=rightToLeft"), ifNoneMatch: etag)
            #expect(other.status == 200, "\(path): another query, another tag")
        }
        // Another element under the same query has another tag.
        let zero = get("/v1/layouts/\(id)/items/0/0").headers["ETag"]
        let one = get("/v1/layouts/\(id)/items/0/1").headers["ETag"]
        #expect(zero != nil && zero != one)
    }
}
