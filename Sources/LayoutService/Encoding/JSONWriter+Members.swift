import WireKit

/// Names and words written from their declarations (`Wire`), so no encoder spells one of its own.
extension JSONWriter {
    /// `"name":` of a declared member: after `{` when it opens its object, else after a comma.
    @inline(__always)
    mutating func member<Name: WireSchema>(_ name: Name, opening: Bool = false) {
        raw(fragment: Name.names.fragment(name.rawValue, opening: opening))
    }

    /// One of the declared words (`Wire.Words`), as a JSON string.
    mutating func word(_ word: StaticString) {
        byte(UInt8(ascii: "\""))
        raw(word)
        byte(UInt8(ascii: "\""))
    }

    /// The word `value` has in a declared table of choices.
    mutating func word<Value: Equatable>(_ value: Value, in choices: KeyValuePairs<StaticString, Value>) {
        guard let spelled = choices.first(where: { $0.value == value }) else { preconditionFailure("\(value) has no word") }
        word(spelled.key)
    }

    mutating func boolean(_ value: Bool) {
        raw(value ? "true" : "false")
    }
}
