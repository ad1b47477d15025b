import FlowLayout
import SeededRandom
import Testing

@testable import LayoutService
@testable import WireKit

/// The plain reading of a scroll body (`plainScroll`) must agree with the member-by-member reading
/// wherever it answers, and leave every other body, errors included, to it.
@Suite("Scroll decoding")
struct ScrollDecodingTests {
    let decoder = LayoutRequestDecoder(limits: Limits())
    let contentInset = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

    /// Both readings of `json`: the plain one (nil when it declines) and the member-by-member one (its
    /// error's message when it throws).
    private func readings(_ json: String) -> (plain: String?, full: String) {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBytes { body in
            (try? JSONDocument.withRoot(of: body, padded: false, maxBytes: 1 << 20) { (root) throws(RequestError) in
                let plain = decoder.plainScroll(root, contentInset: contentInset).map(describe)
                let full: String
                do throws(RequestError) {
                    full = describe(try decoder.scrollMemberByMember(root, contentInset: contentInset))
                } catch {
                    full = "error: \(error.detail)"
                }
                return (plain, full)
            }) ?? (nil, "unparsed")
        }
    }

    private func describe(_ scroll: ScrollRequest) -> String { "\(scroll.views) \(String(describing: scroll.parallax))" }

    @Test func theUsualScrollIsReadThePlainWay() {
        for json in [
            #"{"bounds":{"x":0,"y":20000,"width":390,"height":844},"scale":3,"parallax":{"model":"center","maxOffset":24}}"#,
            #"{"parallax":{"direction":"reverse","clamp":true,"maxOffset":0,"model":"cover"},"bounds":{"width":390,"height":844}}"#,
            #"{"bounds":{"x":-3.5,"y":1e9,"width":0,"height":844},"layoutDirection":"rightToLeft","scale":0.5}"#,
        ] {
            let (plain, full) = readings(json)
            #expect(plain != nil, "\(json)")
            #expect(plain == full, "\(json)")
        }
        // The content inset and the defaults reach the viewport and the model.
        let (plain, _) = readings(#"{"bounds":{"width":390,"height":844},"parallax":{"model":"center","maxOffset":24}}"#)
        let expected = ScrollRequest(
            views: .one(Viewport(bounds: Rect(x: 0, y: 0, width: 390, height: 844), contentInset: contentInset)),
            parallax: Parallax(cells: CellParallax(model: .center, maxOffset: 24)))
        #expect(plain == describe(expected))
    }

    @Test func everythingElseIsLeftToTheFullReading() {
        let bounds = #""bounds":{"width":390,"height":844}"#
        for json in [
            "{}", "[]", #"{"scale":3}"#, #"{"bounds":[{"width":1,"height":1}]}"#, #"{"bounds":{"width":-1,"height":1}}"#,
            "{\(bounds),\"scrollOffset\":{\"y\":5}}", "{\(bounds),\"depth\":1}", "{\(bounds),\(bounds)}",
            "{\(bounds),\"scale\":0.4}", "{\(bounds),\"scale\":17}", "{\(bounds),\"scale\":\"3\"}",
            "{\(bounds),\"layoutDirection\":\"up\"}", "{\(bounds),\"layoutDirection\":1}",
            "{\(bounds),\"parallax\":{\"maxOffset\":24}}", "{\(bounds),\"parallax\":{\"model\":\"center\"}}",
            "{\(bounds),\"parallax\":{\"model\":\"center\",\"maxOffset\":-1}}",
            "{\(bounds),\"parallax\":{\"model\":\"whatsAppImage\",\"imageOverflow\":40}}",
            "{\(bounds),\"parallax\":{\"model\":\"cover\",\"maxOffset\":24,\"insets\":\"contentInset\"}}",
            "{\(bounds),\"parallax\":{\"model\":\"center\",\"maxOffset\":24,\"clamp\":1}}",
            "{\(bounds),\"parallax\":{\"model\":\"center\",\"maxOffset\":24,\"direction\":\"up\"}}",
            "{\(bounds),\"parallax\":{\"stretchHeader\":{\"height\":200}}}", "{\(bounds),\"parallax\":null}",
        ] {
            #expect(readings(json).plain == nil, "\(json)")
        }
    }

    /// Random members, orders and values, valid and not: wherever the plain reading answers, it
    /// answers what the member-by-member one does.
    @Test func bothReadingsAgree() {
        var random = SplitMix64(seed: 23)
        func pick(_ values: [String]) -> String { values.randomElement(using: &random)! }
        /// Members given most of the time, those marked rare (fields the plain reading leaves) now and then.
        func object(_ members: [(String, [String])], rare: Set<String>) -> String {
            let chosen = members.filter { Int.random(in: 0..<8, using: &random) < (rare.contains($0.0) ? 1 : 6) }
            return "{" + chosen.shuffled(using: &random).map { "\"\($0.0)\":\(pick($0.1))" }.joined(separator: ",") + "}"
        }
        var answered = 0
        for _ in 0..<3000 {
            let parallax = object([
                ("model", [#""center""#, #""cover""#, #""cover""#, #""whatsAppImage""#, #""sideways""#, "3"]),
                ("maxOffset", ["24", "0", "12.5", "-1", #""24""#, "2e9"]), ("clamp", ["true", "false", "1"]),
                ("direction", [#""natural""#, #""reverse""#, #""up""#]), ("insets", [#"{"top":10}"#]), ("imageOverflow", ["40"]),
            ], rare: ["insets", "imageOverflow"])
            let root = object([
                ("bounds", [
                    #"{"x":0,"y":20000,"width":390,"height":844}"#, #"{"width":390,"height":844}"#, #"{"y":-5.5,"width":1,"height":2}"#,
                    #"{"width":-1,"height":1}"#, #"[{"width":1,"height":1}]"#, "null",
                ]),
                ("scale", ["3", "0.5", "16", "0.4", "17", "-2", #""3""#]),
                ("layoutDirection", [#""leftToRight""#, #""rightToLeft""#, #""up""#]),
                ("parallax", [parallax, parallax, "null"]),
                ("scrollOffset", [#"{"y":5}"#]), ("depth", ["1"]),
            ], rare: ["scrollOffset", "depth"])
            let (plain, full) = readings(root)
            if let plain {
                answered += 1
                #expect(plain == full, "\(root)")
            }
        }
        #expect(answered > 50)
    }
}
