import Foundation
import HTTPServer
import Testing
import Yams

@testable import LayoutServer
@testable import LayoutService

/// docs/http.md and openapi.yaml held to the catalogue of the HTTP layer's refusals
/// (HTTPServer's rejection_catalogue.h), so that none can change without the others.
@Suite("Rejections in the documents")
struct RejectionDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What the catalogue says of each rejection: its problem as the service writes it, and when.
    static let rejections = Rejection.all.map { rejection in
        (rejection, problem: rejection.problem(LayoutServer.Configuration()),
         when: String(cString: hs_rejection_describe(rejection).pointee.when))
    }

    /// docs/http.md's table of refusals, as the catalogue gives it.
    static var markdownTable: String {
        "| reason | status | type | when |\n|---|---|---|---|\n"
            + rejections.map { rejection, problem, when in
                "| `\(rejection.name)` | \(problem.status) \(problem.title) | `\(problem.type)` | \(when) |\n"
            }.joined()
    }

    @Test func theDocsTableIsTheCatalogue() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/http.md"), encoding: .utf8)
        #expect(docs.contains(Self.markdownTable), "docs/http.md's table of refusals should read:\n\(Self.markdownTable)")
    }

    /// The words a problem schema of openapi.yaml allows for `member` (`const` or `enum`, in any of
    /// the schemas it is made of).
    static func words(_ schema: [String: Any], _ member: String) -> Set<String> {
        let parts = [schema] + ((schema["allOf"] as? [[String: Any]]) ?? [])
        var found: Set<String> = []
        for part in parts {
            guard let property = (part["properties"] as? [String: Any])?[member] as? [String: Any] else { continue }
            if let list = property["enum"] as? [Any] { found.formUnion(list.map { "\($0)" }) }
            if let word = property["const"] { found.insert("\(word)") }
        }
        return found
    }

    /// Every refusal a client can meet is a problem openapi.yaml states, its type, title and status
    /// together in one schema (not the 500, a fault of the server's that the document promises
    /// nowhere); and the schema of the HTTP layer's own problems holds only refusals.
    @Test func openAPIStatesEveryRefusal() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let document = try #require(try Yams.load(yaml: text) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        for (rejection, problem, _) in Self.rejections where problem.status != 500 {
            let stated = schemas.values.contains { schema in
                Self.words(schema, "type").contains(problem.type) && Self.words(schema, "title").contains(problem.title)
                    && Self.words(schema, "status").contains("\(problem.status)")
            }
            #expect(stated, "openapi.yaml states no problem \(problem.type) \(problem.status) \(problem.title) (\(rejection.name))")
        }
        let own = try #require(schemas["HTTPLayerProblem"])
        let refusals = Self.rejections.map(\.problem).filter { Self.words(own, "type").contains($0.type) }
        #expect(Set(refusals.map(\.type)) == Self.words(own, "type"))
        #expect(Set(refusals.map(\.title)) == Self.words(own, "title"))
        #expect(Set(refusals.map { "\($0.status)" }) == Self.words(own, "status"))
    }
}
