import Foundation
import Testing

@testable import LayoutService

/// `POST /v1/layouts/{id}/updates` through the service's request path: every operation gives the
/// layout a fresh registration of the resulting inputs gives (same id, byte-identical answers), every
/// refusal names its field and stores nothing, and the anchor and transitions are what UIKit would
/// report.
@Suite("Update route")
struct UpdateRouteTests {
    let service = LayoutService()

    private func send(_ method: String, _ path: String, _ json: String? = nil, to service: LayoutService? = nil) -> ServiceExchange {
        ServiceExchange.send(service ?? self.service, method, path, json: json)
    }

    /// A registration body of these sections in a 100-point-wide viewport.
    private static func registration(_ sections: [String], layout: String = "{}") -> String {
        #"{"viewport":{"width":100,"height":300},"layout":\#(layout),"sections":[\#(sections.joined(separator: ","))]}"#
    }

    private static func items(_ sizes: [(Double, Double)]) -> String {
        "[" + sizes.map { #"{"width":\#($0.0),"height":\#($0.1)}"# }.joined(separator: ",") + "]"
    }

    private static func listed(_ sizes: [(Double, Double)], _ overrides: String = "") -> String {
        #"{"items":\#(items(sizes))\#(overrides)}"#
    }

    /// Items of section 0 of `base`: the last two share a line.
    private static let a = (100.0, 50.0), b = (100.0, 30.0), c = (100.0, 40.0), d = (100.0, 20.0), e = (60.0, 25.0), f = (30.0, 25.0)
    /// One listed section and one counted (three 50×50 items, one per line).
    private static let base = registration([listed([a, b, c, d, e, f]), #"{"itemCount":3}"#])
    private static let square = (50.0, 50.0)

    private func register(_ json: String, in service: LayoutService? = nil) -> String {
        let answer = send("POST", "/v1/layouts", json, to: service)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.layoutId
    }

    private func update(_ id: String, _ body: String) -> ServiceExchange {
        send("POST", "/v1/layouts/\(id)/updates", body)
    }

    /// Scroll answers covering the whole content in windows, at @3x with parallax: what a client reads.
    private func scrolls(_ id: String, in service: LayoutService? = nil) -> String {
        let windows = (0..<8).map { #"{"x":0,"y":\#($0 * 70 - 20),"width":100,"height":90}"# }.joined(separator: ",")
        let body = #"{"bounds":[\#(windows)],"scale":3,"parallax":{"model":"center","maxOffset":20}}"#
        let answer = send("POST", "/v1/layouts/\(id)/attributes", body, to: service)
        #expect(answer.status == 200, "\(answer.text)")
        return answer.text
    }

    /// Checks that `updates` applied to `base` answer as the fresh registration of `expected` does:
    /// the same id, metadata and scroll answers byte for byte; returns the update's answer.
    @discardableResult
    private func expectUpdate(
        of base: String = Self.base, _ updates: String, gives expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> ServiceExchange {
        let previous = register(base)
        let answer = update(previous, updates)
        #expect(answer.status == 201, "\(answer.text)", sourceLocation: sourceLocation)
        let fresh = LayoutService()
        let registered = send("POST", "/v1/layouts", expected, to: fresh)
        #expect(answer.layoutId == registered.layoutId, "\(updates)", sourceLocation: sourceLocation)
        #expect(answer.json["previousLayoutId"] as? String == previous, sourceLocation: sourceLocation)
        for member in ["algorithmVersion", "scrollDirection", "sectionCount", "itemCount"] {
            #expect(answer.json[member] as? NSObject == registered.json[member] as? NSObject, "\(member)", sourceLocation: sourceLocation)
        }
        #expect(answer.json["contentSize"] as? [String: Double] == registered.json["contentSize"] as? [String: Double], sourceLocation: sourceLocation)
        #expect(answer.headers["Location"] == "/v1/layouts/\(registered.layoutId)", sourceLocation: sourceLocation)
        #expect(scrolls(answer.layoutId) == scrolls(registered.layoutId, in: fresh), sourceLocation: sourceLocation)
        return answer
    }

    @Test func insertItems() {
        expectUpdate(
            #"{"updates":[{"op":"insertItems","section":0,"at":2,"items":[{"width":100,"height":10},{"width":40,"height":40}]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, (100, 10), (40, 40), Self.c, Self.d, Self.e, Self.f]), #"{"itemCount":3}"#]))
        // Into the counted section: the rest stays counted, and the id is that of the sizes listed.
        expectUpdate(
            #"{"updates":[{"op":"insertItems","section":1,"at":1,"items":[{"width":80,"height":15}]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), Self.listed([Self.square, (80, 15), Self.square, Self.square])]))
    }

    @Test func deleteItems() {
        expectUpdate(
            #"{"updates":[{"op":"deleteItems","section":0,"at":1,"count":2}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.d, Self.e, Self.f]), #"{"itemCount":3}"#]))
        expectUpdate(
            #"{"updates":[{"op":"deleteItems","section":1,"at":0,"count":3}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), #"{"itemCount":0}"#]))
    }

    @Test func moveItem() {
        // `to` is read after the item is taken out, as JSON Patch's move.
        expectUpdate(
            #"{"updates":[{"op":"moveItem","from":[0,0],"to":[1,1]}]}"#,
            gives: Self.registration([Self.listed([Self.b, Self.c, Self.d, Self.e, Self.f]), Self.listed([Self.square, Self.a, Self.square, Self.square])]))
        expectUpdate(
            #"{"updates":[{"op":"moveItem","from":[0,0],"to":[0,5]}]}"#,
            gives: Self.registration([Self.listed([Self.b, Self.c, Self.d, Self.e, Self.f, Self.a]), #"{"itemCount":3}"#]))
    }

    @Test func resizeItems() {
        expectUpdate(
            #"{"updates":[{"op":"resizeItems","section":0,"at":3,"sizes":[{"width":100,"height":70},{"width":50,"height":25}]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, (100, 70), (50, 25), Self.f]), #"{"itemCount":3}"#]))
        expectUpdate(
            #"{"updates":[{"op":"resizeItems","section":1,"at":2,"sizes":[{"width":20,"height":90}]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), Self.listed([Self.square, Self.square, (20, 90)])]))
    }

    @Test func appendItems() {
        expectUpdate(
            #"{"updates":[{"op":"appendItems","section":1,"items":[{"width":20,"height":20},{"width":20,"height":20}]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), Self.listed([Self.square, Self.square, Self.square, (20, 20), (20, 20)])]))
    }

    @Test func insertSections() {
        let inserted = #"{"itemCount":2,"minimumLineSpacing":4,"headerReferenceSize":{"height":12}}"#
        expectUpdate(
            #"{"updates":[{"op":"insertSections","at":1,"sections":[\#(inserted)]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), inserted, #"{"itemCount":3}"#]))
        expectUpdate(
            #"{"updates":[{"op":"insertSections","at":2,"sections":[\#(Self.listed([(10, 10)])),\#(inserted)]}]}"#,
            gives: Self.registration([Self.listed([Self.a, Self.b, Self.c, Self.d, Self.e, Self.f]), #"{"itemCount":3}"#, Self.listed([(10, 10)]), inserted]))
    }

    @Test func deleteSections() {
        expectUpdate(#"{"updates":[{"op":"deleteSections","at":0,"count":1}]}"#, gives: Self.registration([#"{"itemCount":3}"#]))
        expectUpdate(#"{"updates":[{"op":"deleteSections","at":0,"count":2}]}"#, gives: Self.registration([]))
    }

    /// Each operation's indices are read against what the one before left.
    @Test func operationsApplyInOrder() {
        expectUpdate(
            #"{"updates":[{"op":"insertItems","section":0,"at":0,"items":[{"width":100,"height":5}]},{"op":"deleteItems","section":0,"at":1,"count":1},"#
                + #"{"op":"deleteSections","at":1,"count":1},{"op":"appendItems","section":0,"items":[{"width":100,"height":6}]}]}"#,
            gives: Self.registration([Self.listed([(100, 5), Self.b, Self.c, Self.d, Self.e, Self.f, (100, 6)])]))
    }

    /// An id names what is laid out: a batch that ends where it started answers the same id, 200.
    @Test func anUpdateThatChangesNothingAnswersTheSameID() {
        let id = register(Self.base)
        for body in [
            #"{"updates":[]}"#,
            #"{"updates":[{"op":"insertItems","section":0,"at":2,"items":[{"width":1,"height":1}]},{"op":"deleteItems","section":0,"at":2,"count":1}]}"#,
            #"{"updates":[{"op":"resizeItems","section":0,"at":0,"sizes":[{"width":100,"height":50}]}]}"#,
            #"{"updates":[{"op":"moveItem","from":[0,3],"to":[0,3]}]}"#,
        ] {
            let answer = update(id, body)
            #expect(answer.status == 200, "\(body)")
            #expect(answer.layoutId == id, "\(body)")
            #expect(answer.json["previousLayoutId"] as? String == id)
        }
    }

    @Test func theSameRequestAnswersTheSameBytes() {
        let id = register(Self.base)
        let body = #"{"updates":[{"op":"appendItems","section":0,"items":[{"width":33.3,"height":7}]}],"anchor":{"bounds":{"width":100,"height":100}},"transitions":{"bounds":{"width":100,"height":300},"scale":3}}"#
        let first = update(id, body)
        let second = update(id, body)
        #expect(first.status == 201)
        #expect(second.status == 200)
        #expect(first.text == second.text)
        #expect(first.headers["ETag"] == "\"\(first.layoutId)\"")
    }

    /// Layouts are immutable: the previous id answers as it did before the update.
    @Test func thePreviousIDKeepsAnswering() {
        let id = register(Self.base)
        let before = scrolls(id)
        let metadata = send("GET", "/v1/layouts/\(id)").text
        let answer = update(id, #"{"updates":[{"op":"deleteSections","at":0,"count":1}]}"#)
        #expect(answer.status == 201)
        #expect(answer.layoutId != id)
        #expect(scrolls(id) == before)
        #expect(send("GET", "/v1/layouts/\(id)").text == metadata)
        #expect(send("GET", "/v1/layouts/\(answer.layoutId)").json["sectionCount"] as? Int == 1)
    }

    /// A refused batch changes nothing: not even its valid first operations are stored.
    @Test func aFailedBatchStoresNothing() {
        let id = register(Self.base)
        let entries = { send("GET", "/v1/cache").json["entries"] as? Int }
        let before = entries()
        let prefix = #"{"op":"appendItems","section":0,"items":[{"width":10,"height":10}]}"#
        let answer = update(id, #"{"updates":[\#(prefix),{"op":"deleteItems","section":0,"at":0,"count":99}]}"#)
        #expect(answer.status == 400)
        #expect(answer.pointer == "/updates/1/count")
        #expect(entries() == before)
        // The id the valid operation alone gives is not stored.
        let elsewhere = LayoutService()
        let alone = ServiceExchange.send(elsewhere, "POST", "/v1/layouts/\(register(Self.base, in: elsewhere))/updates", json: #"{"updates":[\#(prefix)]}"#)
        #expect(alone.status == 201)
        #expect(send("GET", "/v1/layouts/\(alone.layoutId)").status == 404)
        #expect(send("GET", "/v1/layouts/\(id)").status == 200)
    }

    @Test func refusalsNameTheirFieldByPointer() {
        let id = register(Self.base)
        let cases: [(body: String, pointer: String, type: String)] = [
            (#"{}"#, "/updates", "invalid-field"),
            (#"{"updates":{}}"#, "/updates", "invalid-field"),
            (#"{"updates":[],"extra":1}"#, "/extra", "invalid-field"),
            (#"{"updates":[1]}"#, "/updates/0", "invalid-field"),
            (#"{"updates":[{"section":0}]}"#, "/updates/0/op", "invalid-field"),
            (#"{"updates":[{"op":"explode"}]}"#, "/updates/0/op", "invalid-field"),
            (#"{"updates":[{"op":7}]}"#, "/updates/0/op", "invalid-field"),
            (#"{"updates":[{"op":"appendItems","section":0,"items":[],"bogus":1}]}"#, "/updates/0/bogus", "invalid-field"),
            (#"{"updates":[{"op":"insertItems","section":0,"at":0,"items":[],"count":1}]}"#, "/updates/0/count", "invalid-field"),
            (#"{"updates":[{"op":"deleteItems","section":0,"at":0}]}"#, "/updates/0/count", "invalid-field"),
            (#"{"updates":[{"op":"deleteItems","section":0,"at":0,"count":-1}]}"#, "/updates/0/count", "invalid-field"),
            (#"{"updates":[{"op":"deleteItems","section":0,"at":"1","count":1}]}"#, "/updates/0/at", "invalid-field"),
            (#"{"updates":[{"op":"deleteItems","section":0.5,"at":1,"count":1}]}"#, "/updates/0/section", "invalid-field"),
            (#"{"updates":[{"op":"deleteSections","at":0,"count":1e300}]}"#, "/updates/0/count", "invalid-field"),
            (#"{"updates":[{"op":"moveItem","from":[0],"to":[0,1]}]}"#, "/updates/0/from", "invalid-field"),
            (#"{"updates":[{"op":"moveItem","from":[0,"x"],"to":[0,1]}]}"#, "/updates/0/from/1", "invalid-field"),
            (#"{"updates":[{"op":"insertItems","section":0,"at":0,"items":[{"width":-1,"height":1}]}]}"#, "/updates/0/items/0/width", "invalid-field"),
            (#"{"updates":[{"op":"insertItems","section":0,"at":0,"items":[{"width":1,"height":1},{}]}]}"#, "/updates/0/items/1", "invalid-field"),
            (#"{"updates":[{"op":"insertSections","at":0,"sections":[{"items":[{}]}]}]}"#, "/updates/0/sections/0/items/0", "invalid-field"),
            (#"{"updates":[{"op":"insertSections","at":0,"sections":[{"itemCount":1,"x":1}]}]}"#, "/updates/0/sections/0/x", "invalid-field"),
            (#"{"updates":[{"op":"resizeItems","section":0,"at":0,"sizes":[{"width":1}]}]}"#, "/updates/0/sizes/0/height", "invalid-field"),
            (#"{"updates":[{"op":"resizeItems","section":0,"at":0,"sizes":[{}]}]}"#, "/updates/0/sizes/0/width", "invalid-field"),
            (#"{"updates":[],"anchor":{}}"#, "/anchor/bounds", "invalid-field"),
            (#"{"updates":[],"anchor":{"bounds":{"width":1,"height":1},"scale":100}}"#, "/anchor/scale", "invalid-field"),
            (#"{"updates":[],"transitions":{"bounds":{"width":-1,"height":1}}}"#, "/transitions/bounds/width", "invalid-field"),
            // The engine's refusals, by the operation's place in the batch.
            (#"{"updates":[{"op":"deleteItems","section":2,"at":0,"count":1}]}"#, "/updates/0/section", "invalid-field"),
            (#"{"updates":[{"op":"deleteSections","at":0,"count":1},{"op":"deleteItems","section":1,"at":0,"count":1}]}"#, "/updates/1/section", "invalid-field"),
            (#"{"updates":[{"op":"insertItems","section":0,"at":7,"items":[]}]}"#, "/updates/0/at", "invalid-field"),
            (#"{"updates":[{"op":"deleteItems","section":0,"at":4,"count":3}]}"#, "/updates/0/count", "invalid-field"),
            (#"{"updates":[{"op":"resizeItems","section":1,"at":2,"sizes":[{"width":1,"height":1},{"width":1,"height":1}]}]}"#, "/updates/0/sizes", "invalid-field"),
            (#"{"updates":[{"op":"appendItems","section":0,"items":[]},{"op":"moveItem","from":[0,6],"to":[0,0]}]}"#, "/updates/1/from/1", "invalid-field"),
            (#"{"updates":[{"op":"moveItem","from":[0,0],"to":[5,0]}]}"#, "/updates/0/to/0", "invalid-field"),
            (#"{"updates":[{"op":"moveItem","from":[0,0],"to":[0,6]}]}"#, "/updates/0/to/1", "invalid-field"),
            (#"{"updates":[{"op":"insertSections","at":3,"sections":[]}]}"#, "/updates/0/at", "invalid-field"),
            (#"{"updates":[{"op":"deleteSections","at":1,"count":2}]}"#, "/updates/0/count", "invalid-field"),
        ]
        let entries = send("GET", "/v1/cache").json["entries"] as? Int
        for (body, pointer, type) in cases {
            let answer = update(id, body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.pointer == pointer, "\(body): \(answer.text)")
            #expect(answer.type == "/problems/\(type)", "\(body)")
            #expect(answer.headers["Content-Type"] == "application/problem+json")
        }
        #expect(send("GET", "/v1/cache").json["entries"] as? Int == entries)
    }

    @Test func limitsAreRefusedByPointer() {
        var configuration = LayoutService.Configuration()
        configuration.limits.maxUpdates = 2
        configuration.limits.maxItems = 20
        configuration.limits.maxSections = 3
        let limited = LayoutService(configuration: configuration)
        let id = register(Self.base, in: limited)
        func refusal(_ body: String) -> ServiceExchange {
            ServiceExchange.send(limited, "POST", "/v1/layouts/\(id)/updates", json: body)
        }
        let ten = Self.items(Array(repeating: (10, 10), count: 10))
        let cases: [(body: String, pointer: String)] = [
            (#"{"updates":[{"op":"deleteSections","at":0,"count":0},{"op":"deleteSections","at":0,"count":0},{"op":"deleteSections","at":0,"count":0}]}"#, "/updates"),
            // Nine items stored, ten more make 19, two more pass 20.
            (#"{"updates":[{"op":"appendItems","section":1,"items":\#(ten)},{"op":"insertItems","section":0,"at":0,"items":\#(Self.items([(1, 1), (1, 1)]))}]}"#, "/updates/1/items"),
            (#"{"updates":[{"op":"insertSections","at":0,"sections":[{"itemCount":12}]}]}"#, "/updates/0/sections"),
            // More items in the body than a request may hold, before the layout is even considered.
            (#"{"updates":[{"op":"appendItems","section":1,"items":\#(ten)},{"op":"appendItems","section":1,"items":\#(Self.items(Array(repeating: (1, 1), count: 11)))}]}"#, "/updates/1/items"),
            (#"{"updates":[{"op":"insertSections","at":0,"sections":[{"itemCount":0},{"itemCount":0}]}]}"#, "/updates/0/sections"),
        ]
        for (body, pointer) in cases {
            let answer = refusal(body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.type == "/problems/limit-exceeded", "\(body): \(answer.text)")
            #expect(answer.pointer == pointer, "\(body): \(answer.text)")
        }
        // The sections are counted as the operations go, as the engine counts items.
        let within = refusal(#"{"updates":[{"op":"deleteSections","at":0,"count":1},{"op":"insertSections","at":0,"sections":[{"itemCount":0},{"itemCount":0}]}]}"#)
        #expect(within.status == 201, "\(within.text)")
        #expect(within.json["sectionCount"] as? Int == 3)
    }

    @Test func transitionsOfMoreElementsThanAnAnswerCarriesAreRefusedAndStoreNothing() {
        var configuration = LayoutService.Configuration()
        configuration.limits.maxAnswerAttributes = 3
        let limited = LayoutService(configuration: configuration)
        let id = register(Self.column, in: limited)
        let entries = ServiceExchange.send(limited, "GET", "/v1/cache").json["entries"] as? Int
        let body = #"{"updates":[{"op":"deleteItems","section":0,"at":0,"count":1}],"transitions":{"bounds":{"width":100,"height":300}}}"#
        let answer = ServiceExchange.send(limited, "POST", "/v1/layouts/\(id)/updates", json: body)
        #expect(answer.status == 400)
        #expect(answer.type == "/problems/answer-too-large")
        #expect(answer.pointer == "/transitions/bounds")
        #expect(ServiceExchange.send(limited, "GET", "/v1/cache").json["entries"] as? Int == entries)
        // Bounds holding three elements on either side are answered.
        let small = #"{"updates":[{"op":"deleteItems","section":0,"at":0,"count":1}],"transitions":{"bounds":{"width":100,"height":100}}}"#
        #expect(ServiceExchange.send(limited, "POST", "/v1/layouts/\(id)/updates", json: small).status == 201)
    }

    @Test func unknownIDsAndOtherMediaTypes() {
        let unknown = update("0123456789abcdef0123456789abcdef", #"{"updates":[]}"#)
        #expect(unknown.status == 404)
        #expect(unknown.type == "/problems/layout-not-found")
        #expect(update("abc", #"{"updates":[]}"#).status == 404)
        let id = register(Self.base)
        let text = ServiceExchange.send(service, "POST", "/v1/layouts/\(id)/updates", json: #"{"updates":[]}"#, contentType: "text/plain")
        #expect(text.status == 415)
    }

    /// A column of ten 100×50 items, 10 apart: item k at y = 60k.
    private static let column = registration([listed(Array(repeating: (100, 50), count: 10))])

    private func adjustment(_ updates: String, anchorY: Double = 120) -> [String: Double]? {
        let answer = update(register(Self.column), #"{"updates":[\#(updates)],"anchor":{"bounds":{"x":0,"y":\#(anchorY),"width":100,"height":100}}}"#)
        #expect(answer.status == 201 || answer.status == 200, "\(answer.text)")
        return answer.json["contentOffsetAdjustment"] as? [String: Double]
    }

    /// The first cell in view that survives stays where it is on screen.
    @Test func theAnchorKeepsTheFirstVisibleCellInPlace() {
        // A prepend above the viewport (a chat's older messages): the inserted height and the spacing.
        #expect(adjustment(#"{"op":"insertItems","section":0,"at":0,"items":[{"width":100,"height":40}]}"#) == ["x": 0, "y": 50])
        #expect(adjustment(#"{"op":"deleteItems","section":0,"at":0,"count":1}"#) == ["x": 0, "y": -60])
        // Above, inside and below the view (items 2 and 3 are in view).
        #expect(adjustment(#"{"op":"resizeItems","section":0,"at":1,"sizes":[{"width":100,"height":80}]}"#) == ["x": 0, "y": 30])
        #expect(adjustment(#"{"op":"resizeItems","section":0,"at":2,"sizes":[{"width":100,"height":80}]}"#) == ["x": 0, "y": 0])
        #expect(adjustment(#"{"op":"resizeItems","section":0,"at":5,"sizes":[{"width":100,"height":80}]}"#) == ["x": 0, "y": 0])
        // Every cell in view deleted: nothing to keep.
        #expect(adjustment(#"{"op":"insertItems","section":0,"at":0,"items":[{"width":100,"height":40}]},{"op":"deleteItems","section":0,"at":3,"count":2}"#) == ["x": 0, "y": 0])
        // Without an anchor, no member.
        #expect(update(register(Self.column), #"{"updates":[]}"#).json["contentOffsetAdjustment"] == nil)
    }

    @Test func transitionsFollowEachElement() {
        let id = register(Self.registration([Self.listed([Self.a, Self.b, Self.c])]))
        let view = #""transitions":{"bounds":{"width":100,"height":300}}"#
        // A move keeps the item's identity: a at y 0 goes to the end (y 90), b and c move up.
        let moved = update(id, #"{"updates":[{"op":"moveItem","from":[0,0],"to":[0,2]}],\#(view)}"#)
        #expect(moved.text.hasSuffix(#","transitions":["#
            + #"{"kind":"cell","before":{"section":0,"item":0},"after":{"section":0,"item":2},"from":{"x":0,"y":0,"width":100,"height":50},"to":{"x":0,"y":90,"width":100,"height":50}},"#
            + #"{"kind":"cell","before":{"section":0,"item":1},"after":{"section":0,"item":0},"from":{"x":0,"y":60,"width":100,"height":30},"to":{"x":0,"y":0,"width":100,"height":30}},"#
            + #"{"kind":"cell","before":{"section":0,"item":2},"after":{"section":0,"item":1},"from":{"x":0,"y":100,"width":100,"height":40},"to":{"x":0,"y":40,"width":100,"height":40}}]}"#),
            "\(moved.text)")
        // A deleted item has no `after` and `to`, an inserted one no `before` and `from`.
        let replaced = update(id, #"{"updates":[{"op":"deleteItems","section":0,"at":0,"count":1},{"op":"insertItems","section":0,"at":2,"items":[{"width":100,"height":20}]}],\#(view)}"#)
        #expect(replaced.text.hasSuffix(#","transitions":["#
            + #"{"kind":"cell","before":{"section":0,"item":0},"after":null,"from":{"x":0,"y":0,"width":100,"height":50},"to":null},"#
            + #"{"kind":"cell","before":{"section":0,"item":1},"after":{"section":0,"item":0},"from":{"x":0,"y":60,"width":100,"height":30},"to":{"x":0,"y":0,"width":100,"height":30}},"#
            + #"{"kind":"cell","before":{"section":0,"item":2},"after":{"section":0,"item":1},"from":{"x":0,"y":100,"width":100,"height":40},"to":{"x":0,"y":40,"width":100,"height":40}},"#
            + #"{"kind":"cell","before":null,"after":{"section":0,"item":2},"from":null,"to":{"x":0,"y":90,"width":100,"height":20}}]}"#),
            "\(replaced.text)")
        #expect(update(id, #"{"updates":[]}"#).json["transitions"] == nil)
    }

    @Test func headersAndFootersTransitionWithTheirSection() {
        let layout = #"{"headerReferenceSize":{"height":10}}"#
        let id = register(Self.registration([Self.listed([Self.a]), Self.listed([Self.b])], layout: layout))
        let answer = update(id, #"{"updates":[{"op":"deleteSections","at":0,"count":1}],"transitions":{"bounds":{"width":100,"height":300}}}"#)
        let transitions = answer.json["transitions"] as? [[String: Any]] ?? []
        let headers = transitions.filter { $0["kind"] as? String == "header" }
        // Section 0's header disappears; section 1's (at y 60 + 10 before) becomes section 0's at the top.
        #expect(headers.count == 2)
        #expect(headers.first { $0["after"] is NSNull }?["before"] as? [String: Int] == ["section": 0, "item": 0])
        let kept = headers.first { $0["before"] as? [String: Int] == ["section": 1, "item": 0] }
        #expect(kept?["after"] as? [String: Int] == ["section": 0, "item": 0])
        #expect((kept?["from"] as? [String: Double])?["y"] == 60)
        #expect((kept?["to"] as? [String: Double])?["y"] == 0)
    }
}
