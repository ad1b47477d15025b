/// A strict JSON reader (RFC 8259: no trailing text, no NaN, valid UTF-8, no repeated member), written
/// apart from the service's simdjson so it checks the writer rather than agreeing with it.
indirect enum JSON {
    case null, bool(Bool), number(Double), string(String), array([JSON]), object([String: JSON])

    static func parse(_ bytes: [UInt8]) throws(FuzzFailure) -> JSON {
        var reader = JSONReader(bytes: bytes)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.failure("text after the value") }
        return value
    }
}

struct JSONReader {
    let bytes: [UInt8]
    var index = 0

    func failure(_ reason: String) -> FuzzFailure { FuzzFailure(description: "\(reason) at byte \(index)") }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(FuzzFailure) -> JSON {
        guard depth < 64 else { throw failure("nesting too deep") }
        skipSpace()
        guard index < bytes.count else { throw failure("a value expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSON] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                guard members.updateValue(try value(depth: depth + 1), forKey: key) == nil else { throw failure("member '\(key)' repeated") }
                skipSpace()
                if try comma(or: "}") { continue }
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSON] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                elements.append(try value(depth: depth + 1))
                skipSpace()
                if try comma(or: "]") { continue }
                return .array(elements)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return .number(try number())
        }
    }

    /// True after a comma, false after `close`.
    private mutating func comma(or close: Unicode.Scalar) throws(FuzzFailure) -> Bool {
        guard index < bytes.count else { throw failure("unterminated") }
        if bytes[index] == UInt8(ascii: ",") { index += 1; return true }
        try expect(close)
        return false
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(FuzzFailure) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: scalar) else { throw failure("'\(scalar)' expected") }
        index += 1
    }

    private mutating func literal(_ word: StaticString) throws(FuzzFailure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] }) else {
            throw failure("'\(word)' expected")
        }
        index += count
    }

    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func number() throws(FuzzFailure) -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let leadingZero = index < bytes.count && bytes[index] == UInt8(ascii: "0")
        let integerDigits = digits()
        guard integerDigits > 0, !(leadingZero && integerDigits > 1) else { throw failure("a number expected") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("digits expected in the exponent") }
        }
        guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
            throw failure("a number out of range")
        }
        return number
    }

    private mutating func string() throws(FuzzFailure) -> String {
        try expect("\"")
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
                return text
            case 0..<0x20: throw failure("a control character in a string")
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw failure("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        try expect("\\")
                        try expect("u")
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone high surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw failure("a lone low surrogate") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw failure("an unknown escape")
                }
            default: scalars.append(byte)
            }
        }
    }

    private mutating func hex4() throws(FuzzFailure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("\\u needs four digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = FuzzInput.hexDigit(bytes[index]) else { throw failure("\\u needs four hex digits") }
            code = code << 4 | UInt32(digit)
            index += 1
        }
        return code
    }
}
