import Foundation
import Testing

@testable import LayoutService

/// `GET /playground` and its modules, embedded in the binary from `clients/`: the bytes served are the
/// repository's files, each with its type; `/` points at the page.
@Suite("Playground")
struct PlaygroundRouteTests {
    let service = LayoutService()

    /// The repository's `clients/` folder, from this file's place in it.
    private static let clients = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../clients").standardized

    @Test(arguments: [
        ("", "playground/index.html", "text/html; charset=utf-8"),
        ("/playground.js", "playground/playground.js", "text/javascript; charset=utf-8"),
        ("/presets.js", "playground/presets.js", "text/javascript; charset=utf-8"),
        ("/json-lines.js", "playground/json-lines.js", "text/javascript; charset=utf-8"),
        ("/carousels.js", "playground/carousels.js", "text/javascript; charset=utf-8"),
        ("/layoutd.js", "js/layoutd.js", "text/javascript; charset=utf-8"),
        ("/band.js", "js/band.js", "text/javascript; charset=utf-8"),
        ("/carousel.js", "js/carousel.js", "text/javascript; charset=utf-8"),
        ("/parallax.js", "js/parallax.js", "text/javascript; charset=utf-8"),
    ])
    func everyFileIsServedAsTheRepositoryHasIt(path: String, file: String, type: String) throws {
        let answer = ServiceExchange.send(service, "GET", "/playground" + path)
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == type)
        let expected = try String(contentsOf: Self.clients.appendingPathComponent(file), encoding: .utf8)
        #expect(answer.text == expected)
    }

    @Test func everyModuleThePageImportsIsServed() throws {
        // The page loads playground.js, which imports the others by relative path.
        for file in ["playground/playground.js", "playground/carousels.js", "js/layoutd.js", "js/band.js", "js/carousel.js"] {
            let text = try String(contentsOf: Self.clients.appendingPathComponent(file), encoding: .utf8)
            let imports = text.matches(of: /from '\.\/([a-z-]+\.js)'/).map { String($0.1) }
            for name in imports { #expect(ServiceExchange.send(service, "GET", "/playground/\(name)").status == 200, "\(name)") }
        }
    }

    @Test func anUnknownFileIsNotFoundAndTheRootPointsAtThePage() {
        let missing = ServiceExchange.send(service, "GET", "/playground/secret.txt")
        #expect(missing.status == 404)
        #expect(missing.type == "/problems/not-found")
        let root = ServiceExchange.send(service, "GET", "/")
        #expect(root.status == 302)
        #expect(root.headers["Location"] == "/playground")
    }
}
