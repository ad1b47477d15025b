import FlowLayout
import SeededRandom
import Testing

@testable import LayoutService
@testable import WireKit

/// The one-call reading of plain bounds must agree with the member-by-member reading wherever it
/// answers, and leave every other input (errors included) to it.
@Suite("Bounds decoding")
struct BoundsDecodingTests {
    let decoder = LayoutRequestDecoder(limits: Limits())

    /// Both readings of `json`: the one-call one (nil when it declines) and the member-by-member one
    /// (its error's message when it throws).
    private func readings(_ json: String) -> (plain: String?, full: String) {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBytes { body in
            (try? JSONDocument.withRoot(of: body, padded: false, maxBytes: 1 << 20) { (root) throws(RequestError) in
                let plain = decoder.plainBounds(root).map { "\($0)" }
                let full: String
                do throws(RequestError) { full = "\(try decoder.boundsMemberByMember(root))" } catch { full = "error: \(error.detail)" }
                return (plain, full)
            }) ?? (nil, "unparsed")
        }
    }

    @Test func plainBoundsAreReadInOneCall() {
        let (plain, full) = readings(#"{"x":0,"y":20000,"width":390,"height":844}"#)
        #expect(plain != nil)
        #expect(plain == full)
    }

    @Test func everythingElseIsLeftToTheFullReading() {
        for json in [
            #"{"width":390}"#, #"{"x":1,"y":2,"width":390,"height":-1}"#, #"{"x":"0","width":1,"height":1}"#,
            #"{"x":1,"x":2,"width":1,"height":1}"#, #"{"x":1,"width":1,"height":1,"depth":1}"#, #"[1,2]"#,
            #"{"x":2e9,"width":1,"height":1}"#, #"{"width":1,"height":1e10}"#, #"{"width":null,"height":1}"#,
        ] {
            #expect(readings(json).plain == nil, "\(json)")
        }
    }

    /// Random subsets, orders and values of the four members: wherever the one-call reading answers,
    /// it answers what the member-by-member one does.
    @Test func bothReadingsAgree() {
        var random = SplitMix64(seed: 11)
        let values = ["0", "-0", "1", "-1", "390.5", "1e9", "-1e9", "1000000001", "3e-7", "-2.5", "null", "\"1\"", "true"]
        var answered = 0
        for _ in 0..<3000 {
            let names = ["x", "y", "width", "height"].filter { _ in Int.random(in: 0..<5, using: &random) > 0 }.shuffled(using: &random)
            let members = names.map { "\"\($0)\":\(values.randomElement(using: &random)!)" }
            let (plain, full) = readings("{" + members.joined(separator: ",") + "}")
            if let plain {
                answered += 1
                #expect(plain == full)
            }
        }
        #expect(answered > 150)
    }
}
