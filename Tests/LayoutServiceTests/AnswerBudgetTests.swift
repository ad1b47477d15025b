import Testing

@testable import LayoutService

/// Large answers written and not yet sent share one budget (`--max-inflight-answer-bytes`): past it a
/// request is refused 503 `server-busy` rather than held, and the bytes come back when the server lets
/// go of an answer, or when an answer is dropped unsent.
@Suite("Answer budget")
struct AnswerBudgetTests {
    /// A view of 15,000 cells: an answer of about 2 MB, over half the 3 MiB budget.
    static let largeView = #"{"layout":{"itemSize":{"width":4,"height":4},"minimumLineSpacing":0,"minimumInteritemSpacing":0},"itemCount":20000,"bounds":{"width":400,"height":600}}"#

    static func service(budget: Int) -> LayoutService {
        var configuration = LayoutService.Configuration()
        configuration.maxInflightAnswerBytes = budget
        return LayoutService(configuration: configuration)
    }

    static func ask(_ service: LayoutService, _ json: String) -> ServiceResponse {
        Array(json.utf8).withUnsafeBytes { body in
            service.handle(ServiceRequest(method: "POST", path: RequestText("/v1/layout"), contentType: RequestText("application/json"), body: body))
        }
    }

    @Test func aLargeAnswerPastTheBudgetIsRefusedUntilTheOneWaitingIsSent() throws {
        let service = Self.service(budget: 3 << 20)
        let first = Self.ask(service, Self.largeView)
        #expect(first.status == 200 && first.body.count > 1 << 20 && first.body.count < 3 << 20, "\(first.body.count) bytes")
        #expect(service.answers.taken == first.body.count)
        let lent = first.body.retainedBytes()
        let second = Self.ask(service, Self.largeView)
        #expect(second.status == 503)
        #expect(ServiceExchange(second).type == "/problems/server-busy")
        #expect(ServiceExchange(second).headers["Retry-After"] == "1")
        // Small answers are never counted: a scroll of a few cells goes on being answered.
        let small = Self.ask(service, #"{"itemCount":3,"bounds":{"width":300,"height":300}}"#)
        #expect(small.status == 200 && service.answers.taken == first.body.count)
        ResponseBody.release(lent.context)  // the server has sent it
        #expect(service.answers.taken == 0)
        let third = Self.ask(service, Self.largeView)
        #expect(third.status == 200 && service.answers.taken == third.body.count)
    }

    @Test func anAnswerDroppedUnsentGivesItsBytesBack() {
        let service = Self.service(budget: 3 << 20)
        do {
            let answer = Self.ask(service, Self.largeView)
            #expect(answer.status == 200 && service.answers.taken == answer.body.count)
        }
        #expect(service.answers.taken == 0)
    }
}
