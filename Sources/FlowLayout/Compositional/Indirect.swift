/// A value kept behind one reference: a large, rarely present member (a compositional section's
/// description) costs its holder one word, not its whole size, in every section and setting copied.
/// Equal and hashed by its value.
final class Indirect<Value: Hashable & Sendable>: Hashable, Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }

    static func == (a: Indirect, b: Indirect) -> Bool { a === b || a.value == b.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
