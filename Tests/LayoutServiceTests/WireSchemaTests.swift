import Foundation
import Testing
import Yams

@testable import LayoutService

/// openapi.yaml's schemas held against the service's declarations (`Wire`): every property, every
/// required member and every closed set of words, both ways, so neither can change without the other.
@Suite("Wire schemas against openapi.yaml")
struct WireSchemaTests {
    /// `components/schemas` of the repository's openapi.yaml.
    nonisolated(unsafe) static let schemas: [String: Any] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try! String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let document = try! Yams.load(yaml: text) as! [String: Any]
        return (document["components"] as! [String: Any])["schemas"] as! [String: Any]
    }()

    /// The schema a declaration names: `Name`, `Name.member` (a member's own object) or
    /// `Name.member[]` (the elements of an array member).
    static func schema(_ path: String) -> [String: Any]? {
        var parts = path.split(separator: ".").map(String.init)
        var schema = schemas[parts.removeFirst()] as? [String: Any]
        for part in parts {
            let isArray = part.hasSuffix("[]")
            let name = isArray ? String(part.dropLast(2)) : part
            schema = (schema?["properties"] as? [String: Any])?[name] as? [String: Any]
            if isArray { schema = schema?["items"] as? [String: Any] }
        }
        return schema
    }

    static func properties(_ schema: [String: Any]) -> [String: [String: Any]] {
        (schema["properties"] as? [String: [String: Any]]) ?? [:]
    }

    /// What openapi.yaml and the declaration say about one schema, as sets of strings.
    struct Comparison: CustomStringConvertible {
        let name: String
        let declared: (members: Set<String>, required: Set<String>, words: [String: Set<String>])
        let documented: (members: Set<String>, required: Set<String>, words: [String: Set<String>])?

        init<Schema: WireSchema>(_: Schema.Type) {
            name = Schema.schemaName
            var words: [String: Set<String>] = [:]
            for member in Schema.allCases { if let list = Schema.words(member) { words[member.name] = Set(list) } }
            declared = (Set(Schema.allCases.map(\.name)), Set(Schema.required.map(\.name)), words)
            documented = WireSchemaTests.schema(name).map { schema in
                let properties = WireSchemaTests.properties(schema)
                var words: [String: Set<String>] = [:]
                for (member, property) in properties {
                    // `enum`, `const`, and those of the alternatives a member may be (`oneOf`).
                    let alternatives = [property] + ((property["oneOf"] as? [[String: Any]]) ?? [])
                    var found: Set<String> = []
                    for alternative in alternatives {
                        if let list = alternative["enum"] as? [Any] { found.formUnion(list.map { "\($0)" }) }
                        if let word = alternative["const"] { found.insert("\(word)") }
                    }
                    if !found.isEmpty { words[member] = found }
                }
                return (Set(properties.keys), Set((schema["required"] as? [String]) ?? []), words)
            }
        }

        var description: String { name }
    }

    static let comparisons = Wire.schemas.map { Comparison($0) }

    @Test(arguments: comparisons)
    func declarationMatchesTheDocument(_ comparison: Comparison) throws {
        let documented = try #require(comparison.documented, "openapi.yaml has no schema \(comparison.name)")
        #expect(comparison.declared.members == documented.members, "\(comparison.name): members")
        #expect(comparison.declared.required == documented.required, "\(comparison.name): required")
        #expect(comparison.declared.words == documented.words, "\(comparison.name): words")
    }

    /// Every object schema of openapi.yaml with members of its own is declared, so a member added to
    /// the document alone fails above.
    @Test func everyObjectSchemaIsDeclared() {
        let declared = Set(Wire.schemas.map { $0.schemaName })
        let objects = Self.schemas.compactMap { name, schema in
            Self.properties(schema as! [String: Any]).isEmpty ? nil : name
        }
        #expect(Set(objects).subtracting(declared).sorted() == [])
    }

    @Test func enumSchemasAreTheDeclaredWords() {
        let layoutDirection = Self.schemas["LayoutDirection"] as! [String: Any]
        #expect(Set((layoutDirection["enum"] as! [String])) == Set(Wire.Words.layoutDirections.words))
    }

    /// What the fast scroll reader reads in one call is a part of the declared members, and the
    /// members the update decoder reads are those of the operations.
    @Test func subsetsReadByTheFastPathsAreDeclared() {
        let names = { (cases: [String]) in Set(cases) }
        #expect(names(RequestFields.View.allCases.map { "\($0)" }).isSubset(of: Wire.ScrollRequest.allCases.map(\.name)))
        #expect(names(RequestFields.CellParallax.allCases.map { "\($0)" }).isSubset(of: Wire.Parallax.allCases.map(\.name)))
        let operations: [[String]] = [
            Wire.InsertItems.allCases.map(\.name), Wire.DeleteItems.allCases.map(\.name), Wire.MoveItem.allCases.map(\.name),
            Wire.ResizeItems.allCases.map(\.name), Wire.AppendItems.allCases.map(\.name), Wire.InsertSections.allCases.map(\.name),
            Wire.DeleteSections.allCases.map(\.name),
        ]
        #expect(names(OperationMember.allCases.map { "\($0)" }) == Set(operations.joined()))
        let plainItem = LayoutRequestDecoder.plainItemMembers
        #expect([plainItem.width.description, plainItem.height.description] == [Wire.Item.width.name, Wire.Item.height.name])
    }

    /// The constants every scroll answer writes are the declared names.
    @Test func fragmentsSpellTheDeclaredNames() {
        let quoted = { (name: String) in "\"\(name)\":" }
        let offset = quoted(Wire.LayoutAttributes.parallaxOffset.name)
        let (x, y) = (quoted(Wire.OutPoint.x.name), quoted(Wire.OutPoint.y.name))
        #expect([Wire.Rect.x.name, Wire.Rect.y.name] == [Wire.OutPoint.x.name, Wire.OutPoint.y.name])
        #expect([Wire.Rect.width.name, Wire.Rect.height.name] == [Wire.OutSize.width.name, Wire.OutSize.height.name])
        #expect(Fragments.layoutId.description == "{\(quoted(Wire.LayoutResponse.layoutId.name))")
        #expect(Fragments.algorithmVersion.description == ",\(quoted(Wire.LayoutResponse.algorithmVersion.name))")
        let cache = quoted(Wire.LayoutResponse.cache.name)
        let (hit, miss) = (Wire.Words.word(true, in: Wire.Words.cacheOutcomes), Wire.Words.word(false, in: Wire.Words.cacheOutcomes))
        #expect(Fragments.cacheHit.description == ",\(cache)\"\(hit[0])\"")
        #expect(Fragments.cacheMiss.description == ",\(cache)\"\(miss[0])\"")
        #expect(Fragments.contentSize.description == ",\(quoted(Wire.LayoutResponse.contentSize.name))")
        #expect(Fragments.attributes.description == ",\(quoted(Wire.LayoutResponse.attributes.name))")
        #expect(Fragments.x.description == "{\(x)")
        #expect(Fragments.y.description == ",\(y)")
        #expect(Fragments.width.description == "{\(quoted(Wire.OutSize.width.name))")
        #expect(Fragments.nextWidth.description == ",\(quoted(Wire.OutSize.width.name))")
        #expect(Fragments.height.description == ",\(quoted(Wire.OutSize.height.name))")
        #expect(Fragments.offsetAlongY.description == ",\(offset){\(x)0,\(y)")
        #expect(Fragments.offsetAlongX.description == ",\(offset){\(x)")
        #expect(Fragments.zeroY.description == ",\(y)0}")
        #expect(Fragments.offset.description == ",\(offset)")
        #expect(Fragments.progress.description == ",\(quoted(Wire.LayoutAttributes.progress.name))")
    }

    /// Every answer about a layout begins with `answerHead`: its schema declares those two members first.
    @Test func answersAboutALayoutBeginWithItsIdAndVersion() {
        let heads: [[String]] = [
            Wire.LayoutResponse.allCases.map(\.name), Wire.ScrollListResponse.allCases.map(\.name), Wire.ElementAnswer.allCases.map(\.name),
            Wire.FlingAnswer.allCases.map(\.name), Wire.LayoutMetadata.allCases.map(\.name), Wire.UpdateResponse.allCases.map(\.name),
        ]
        for head in heads { #expect(Array(head.prefix(2)) == ["layoutId", "algorithmVersion"]) }
    }

    /// Readers and writers one schema's names serve for others: the names are the same in each.
    @Test func sharedReadersAndWritersUseNamesEverySchemaHas() {
        func names<Schema: WireSchema>(_: Schema.Type) -> [String] { Schema.allCases.map(\.name) }
        // The metadata's encoder writes an update's answer too.
        #expect(Array(names(Wire.UpdateResponse.self).prefix(names(Wire.LayoutMetadata.self).count)) == names(Wire.LayoutMetadata.self))
        // `viewHead` begins a scroll's results and a fling's frames alike.
        #expect(Array(names(Wire.View.self).prefix(2)) == names(Wire.Frame.self))
        // The view's members the scroll, fling and one-shot readers share (`ViewFields`).
        let view = ["bounds", "scrollOffset", "scale", "layoutDirection", "parallax"]
        for schema in [names(Wire.LayoutRequest.self), names(Wire.ScrollRequest.self), names(Wire.FlingRequest.self)] {
            #expect(Set(view).isSubset(of: schema), "\(schema)")
        }
        // A band is written with `LayoutResponse`'s name in a view of a list too.
        #expect(names(Wire.View.self).contains(Wire.LayoutResponse.band.name))
    }
}
