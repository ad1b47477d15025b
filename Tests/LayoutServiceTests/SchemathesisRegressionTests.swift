import Foundation
import Testing

@testable import LayoutService

/// Requests schemathesis sent that stopped the server, each answered now as the API says.
@Suite("Schemathesis regressions")
struct SchemathesisRegressionTests {
    let service = LayoutService()

    /// CSS lines of a thickness next to nothing, centred in a fixed `crossSize`, spaced so finely that
    /// the number of lines to skip to the view passed any Int. The lines are read from the first.
    @Test func linesSpacedNextToNothingAreReadFromTheFirst() {
        let body = #"""
            {"bounds":{"width":721389031.5,"height":507932643.7},"layout":{"mode":"css","crossSize":883938744.19,
            "alignContent":"center","estimatedItemSize":{"width":414995394.89,"height":2.220446049250313e-16}},"itemCount":930}
            """#
        let answer = ServiceExchange.send(service, "POST", "/v1/layout", json: body)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let cells = (answer.json["attributes"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "cell" }
        #expect(cells.count == 930)
    }

    /// Masonry items whose aspect ratios, at widths next to nothing, made heights infinite: the answer
    /// writer refused the number and the server stopped. Heights are at most 10¹² points.
    @Test func aspectRatiosOfWidthsNextToNothingAnswerFiniteFrames() {
        let items = Array(repeating: #"{"width":1e-300,"height":1000000000}"#, count: 1000).joined(separator: ",")
        let body = #"{"bounds":{"y":500000000,"width":1000000000,"height":1000},"layout":{"masonry":{"columns":1}},"items":[\#(items)]}"#
        let answer = ServiceExchange.send(service, "POST", "/v1/layout", json: body)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect((answer.json["contentSize"] as? [String: Double])?["height"] == 1000 * 1e12 + 999 * 10)
    }
}
