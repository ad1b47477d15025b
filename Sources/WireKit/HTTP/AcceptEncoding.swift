/// The content codings an answer can go in: as written, or gzip-compressed.
public enum ContentCoding: Equatable, Sendable {
    case identity
    case gzip
}

/// `Accept-Encoding` (RFC 9110 §12.5.3): which coding the client prefers for an answer.
///
/// The value is a list of codings, each with an optional weight (`gzip;q=0.5`), separated by commas
/// and optional white space; codings are case-insensitive and `x-gzip` is `gzip` (§8.4.1.3). gzip is
/// chosen when its weight is above 0 and not below identity's: gzip's weight is its own entry's, else
/// `*`'s, else 0; identity's is its own entry's, else `*`'s, else 0 (identity is always acceptable, so an
/// unnamed identity only loses to a gzip the client asked for). So `gzip;q=0` refuses gzip, `*` accepts
/// it, `identity` alone and an empty value ask for none, and `identity;q=1, gzip;q=0.5` prefers identity.
/// An entry whose weight does not parse counts as absent. The first entry of a coding counts.
public enum AcceptEncoding {
    /// The coding `value` prefers among identity and gzip.
    public static func preferred(_ value: RequestText) -> ContentCoding {
        value.withUTF8 { preferred(bytes: $0) }
    }

    static func preferred(bytes: UnsafeRawBufferPointer) -> ContentCoding {
        guard mayAcceptGzip(bytes) else { return .identity }
        var gzip: Int?, identity: Int?, any: Int?
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if let (coding, weight) = entry(bytes[start..<end]) {
                switch coding {
                case .gzip: if gzip == nil { gzip = weight }
                case .identity: if identity == nil { identity = weight }
                case .any: if any == nil { any = weight }
                case .other: break
                }
            }
            start = end + 1
        }
        let gzipWeight = gzip ?? any ?? 0
        let identityWeight = identity ?? any ?? 0
        return gzipWeight > 0 && gzipWeight >= identityWeight ? .gzip : .identity
    }

    /// False when no coding in `bytes` can be gzip: no `*` and no `gzip` in any case. Most values
    /// that do not ask for gzip (`identity`, `br`) are answered by this one pass.
    private static func mayAcceptGzip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "*") { return true }
            if byte | 0x20 == UInt8(ascii: "g"), index + 4 <= bytes.count,
                equalsIgnoringCase(bytes[index..<index + 4], "gzip") { return true }
            index += 1
        }
        return false
    }

    private enum Coding { case gzip, identity, any, other }

    /// One list entry, `coding *(OWS ";" OWS parameter)`: the coding and its weight (`q=`, in
    /// thousandths; other parameters are ignored); nil for an empty entry or a weight that does not parse.
    private static func entry(_ bytes: Slice<UnsafeRawBufferPointer>) -> (Coding, Int)? {
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let name = trimmed(bytes[bytes.startIndex..<end])
        guard !name.isEmpty else { return nil }
        let coding: Coding =
            if equalsIgnoringCase(name, "gzip") || equalsIgnoringCase(name, "x-gzip") { .gzip }
            else if equalsIgnoringCase(name, "identity") { .identity }
            else if name.count == 1 && name.first == UInt8(ascii: "*") { .any }
            else { .other }
        var weight = 1000
        while end < bytes.endIndex {
            let start = end + 1
            end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            let parameter = trimmed(bytes[start..<end])
            guard parameter.count >= 2, parameter[parameter.startIndex] | 0x20 == UInt8(ascii: "q"),
                parameter[parameter.startIndex + 1] == UInt8(ascii: "=")
            else { continue }
            guard let parsed = qvalue(parameter.dropFirst(2)) else { return nil }
            weight = parsed
        }
        return (coding, weight)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qvalue(_ bytes: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        let rest = bytes.dropFirst()
        guard let dot = rest.first else { return value }
        let digits = rest.dropFirst()
        guard dot == UInt8(ascii: "."), digits.count <= 3 else { return nil }
        var scale = 100
        for digit in digits {
            guard digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    /// ASCII case-insensitive comparison with a lowercase literal.
    private static func equalsIgnoringCase(_ bytes: Slice<UnsafeRawBufferPointer>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        for (offset, byte) in bytes.enumerated() {
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard lowered == lowercase.utf8Start[offset] else { return false }
        }
        return true
    }
}
