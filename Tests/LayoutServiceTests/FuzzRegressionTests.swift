import Foundation
import Testing

@testable import layoutd_fuzz

/// Every input in Tests/FuzzRegressions (crashes `make fuzz` found, and inputs kept for the paths they
/// reach) replayed through `LayoutService.handle` as the fuzz target sends it, each answer checked as
/// the fuzzer checks it (a status below 500 or 507, a problem with its type, title, status and
/// pointer, JSON that parses), and the statuses compared with the ones written down here.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The statuses of each input's requests, in order (after the fixed layout the session registers
    /// first). A crash `make fuzz` finds is copied here from .build-fuzz/crashes/ under a name that
    /// says what it was, with the statuses its requests must get once fixed.
    static let expected: [String: [Int]] = [
        // Register, scroll (one view, a list, a query, the query again with its ETag), metadata,
        // delete, then scroll the deleted layout.
        "stored-layout-flow": [201, 200, 200, 200, 304, 200, 204, 404],
        // Three layouts of 500 items (about 9.5 KB each) in the session's 16 KiB cache: each evicts
        // the one before, so the first is gone when asked for by its id.
        "eviction": [201, 200, 201, 201, 200, 404, 200],
        // 1,000 items need more than the whole cache: 507 to register, answered in full all the same.
        "layout-too-large": [507, 200],
        // Percent escapes and invalid UTF-8 in a query, a name without a value, CRLF lines, a NUL in a
        // path, an unknown method, a repeated member (refused: which one counts is not guessed), a
        // number out of range, a byte-order mark.
        "odd-bytes": [400, 400, 200, 404, 405, 400, 400, 400],
        // Lookups, scroll-to-item and hit tests (one on a cell, one where nothing is), a fling with its
        // frames' attributes, a band gzip-compressed, a playground module, the redirect to the page.
        "navigation-gzip-playground": [200, 200, 200, 404, 200, 200, 200, 302],
    ]

    @Test func everyInputHasItsStatuses() {
        #expect(Self.inputs == Self.expected.keys.sorted())
    }

    @Test(arguments: inputs) func replays(_ name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let answers: [(request: FuzzRequest, status: Int, body: String)]
        do {
            answers = try FuzzSession().run(bytes)
        } catch {
            Issue.record("\(name): \(error.description)")
            return
        }
        #expect(answers.map(\.status) == Self.expected[name], "\(name): \(answers.map { "\($0.request.method) \($0.request.path) \($0.status) \($0.body.prefix(300))" })")
    }
}
