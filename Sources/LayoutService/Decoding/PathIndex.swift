
/// A section or item index in a path (`/items/{section}/{item}`, `/headers/{section}`).
enum PathIndex {
    /// The index `text` spells: decimal digits, without sign or leading zeros, so each index has one
    /// URL (and one cached answer). Anything else is a 400 `invalid-parameter` naming the segment.
    /// Digits past `Int.max` give `Int.max`: a whole number, so out of range (404), not malformed.
    static func decode(_ text: String?, name: String) throws(Problem) -> Int {
        let digits = Array((text ?? "").utf8)
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            digits.count == 1 || digits[0] != UInt8(ascii: "0")
        else {
            var problem = Problem(slug: "invalid-parameter", title: "Invalid Parameter", status: 400,
                                  detail: "The path segment '\(name)' must be an index (digits, without sign or leading zeros), got '\(text ?? "")'.")
            problem.parameter = name
            throw problem
        }
        return Int(text ?? "") ?? .max
    }
}
