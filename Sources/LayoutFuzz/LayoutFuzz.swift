import LayoutService

#if canImport(Glibc)
import Glibc
#endif

// The whole request path under libFuzzer and AddressSanitizer: fuzz bytes → requests → routing →
// decoding → engine → writing, each answer checked for a sane shape.
//
// `make fuzz` builds this with `-sanitize=fuzzer,address -D FUZZING`: libFuzzer brings `main` and
// calls `LLVMFuzzerTestOneInput`. In the ordinary build (and in the tests, which import this module)
// `main` replays the files it is given instead, so `swift build` links it like any executable.
//
// An input is one or more requests, separated by a line `%%`. Each request is
//
//     METHOD /path?name=value&…
//     Content-Type: application/json        (optional header lines, `Name: value`)
//     If-None-Match: {etag}
//     X-Request-ID: abc
//                                           (an optional empty line)
//     body…
//
// Header lines are read while lines look like `Name:`; the rest is the body. Without a
// `Content-Type` line the body is sent as `application/json`. In the path `{id}` stands for the id of
// the last layout registered (the input starts by registering a small fixed layout), and in
// `If-None-Match` `{etag}` for the last `ETag` answered. Even-numbered requests get a padded body,
// as the HTTP server gives, odd-numbered ones an exact-size one.

/// One request of a fuzz input, its bytes owned.
struct FuzzRequest {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    var contentType: String?
    var ifNoneMatch: String?
    var acceptEncoding: String?
    var requestID: String?
    var body: [UInt8]
}

/// The sanity check an answer failed: the fuzzer's crash.
struct FuzzFailure: Error, CustomStringConvertible {
    var description: String
}

enum FuzzInput {
    /// Requests past this many in one input are ignored, so an iteration stays short.
    static let maxRequests = 8

    static let separator = Array("\n%%\n".utf8)

    /// The requests of an input.
    static func requests(_ bytes: [UInt8]) -> [FuzzRequest] {
        var chunks: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, chunks.count < maxRequests {
            if bytes[index] == separator[0], bytes[index..<index + separator.count].elementsEqual(separator) {
                chunks.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        if chunks.count < maxRequests { chunks.append(bytes[start...]) }
        return chunks.map(request)
    }

    static func request(_ chunk: ArraySlice<UInt8>) -> FuzzRequest {
        var lines = LineReader(chunk)
        let requestLine = lines.next() ?? []
        let space = requestLine.firstIndex(of: UInt8(ascii: " "))
        let method = text(space.map { requestLine[..<$0] } ?? requestLine[...])
        let target = space.map { requestLine[($0 + 1)...] } ?? []
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        // The HTTP server lends C strings: nothing past a NUL byte reaches the service.
        let path = text(cString(question.map { target[..<$0] } ?? target))
        let query = question.map { arguments(target[($0 + 1)...]) } ?? []
        var request = FuzzRequest(
            method: method, path: path, query: query, contentType: "application/json", ifNoneMatch: nil, acceptEncoding: nil, requestID: nil, body: [])
        while let name = lines.headerName() {
            let line = lines.next()!
            var value = line[(line.startIndex + name.count + 1)...]
            while value.first == UInt8(ascii: " ") || value.first == UInt8(ascii: "\t") { value = value.dropFirst() }
            let spelled = text(cString(value))
            switch name.lowercased() {
            case "content-type": request.contentType = spelled
            case "if-none-match": request.ifNoneMatch = spelled
            case "accept-encoding": request.acceptEncoding = spelled
            case "x-request-id": request.requestID = spelled
            default: break
            }
        }
        lines.skipEmptyLine()
        request.body = Array(lines.rest)
        return request
    }

    /// `name=value` pairs split on `&`, percent-decoded; a name without `=` has the value "", as the
    /// server's query callback gives it.
    static func arguments(_ query: ArraySlice<UInt8>) -> [(name: String, value: String)] {
        cString(query).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (percentDecoded(pair[...]), "") }
            return (percentDecoded(pair[..<equals]), percentDecoded(pair[(equals + 1)...]))
        }
    }

    static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]), high != 0 || low != 0
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return text(decoded[...])
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    static func cString(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.firstIndex(of: 0).map { bytes[..<$0] } ?? bytes
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// Lines of a request, `\r\n` or `\n`.
struct LineReader {
    var rest: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

    mutating func next() -> ArraySlice<UInt8>? {
        guard !rest.isEmpty else { return nil }
        let newline = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
        var line = rest[..<newline]
        rest = newline < rest.endIndex ? rest[(newline + 1)...] : rest[rest.endIndex...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return line
    }

    /// The name of the next line when it is a header line, `Name:` with letters, digits and `-`.
    func headerName() -> String? {
        var index = rest.startIndex
        while index < rest.endIndex {
            let byte = rest[index]
            if byte == UInt8(ascii: ":") {
                return index > rest.startIndex ? FuzzInput.text(rest[..<index]) : nil
            }
            let isNameByte = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            guard isNameByte else { return nil }
            index += 1
        }
        return nil
    }

    mutating func skipEmptyLine() {
        if rest.first == UInt8(ascii: "\n") {
            rest = rest.dropFirst()
        } else if rest.starts(with: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) {
            rest = rest.dropFirst(2)
        }
    }
}

/// Runs fuzz inputs against one service, kept across inputs as a server keeps its cache.
final class FuzzSession {
    /// A small budget, so registrations evict one another.
    static let cacheBytes = 16 * 1024

    /// Registered at the start of every input: headers, footers, items of their own sizes and depths.
    static let fixedLayout = #"""
        {"viewport":{"width":320},"contentInset":{"top":20},
         "layout":{"minimumLineSpacing":8,"sectionInset":{"top":10,"left":10,"bottom":10,"right":10},
                   "headerReferenceSize":{"height":40},"footerReferenceSize":{"height":20}},
         "sections":[{"items":[{"width":100,"height":50},{"width":150,"height":30,"maxOffset":12},
                               {"width":300,"height":80}]},
                     {"itemCount":40,"minimumInteritemSpacing":4}]}
        """#

    let service: LayoutService
    var layoutID = "00000000000000000000000000000000"
    var etag = "*"

    init() {
        var configuration = LayoutService.Configuration()
        configuration.cacheBytes = Self.cacheBytes
        service = LayoutService(configuration: configuration)
    }

    /// Every request of `input` in order, each answer checked; the answers, or the first failure.
    @discardableResult
    func run(_ input: [UInt8]) throws(FuzzFailure) -> [(request: FuzzRequest, status: Int, body: String)] {
        layoutID = "00000000000000000000000000000000"
        etag = "*"
        let fixed = FuzzRequest(
            method: "POST", path: "/v1/layouts", query: [], contentType: "application/json", ifNoneMatch: nil,
            acceptEncoding: nil, requestID: nil, body: Array(Self.fixedLayout.utf8))
        guard try send(fixed, padded: true).0 / 100 == 2 else { throw FuzzFailure(description: "the fixed layout was refused") }
        var answers: [(request: FuzzRequest, status: Int, body: String)] = []
        for (index, request) in FuzzInput.requests(input).enumerated() {
            var request = request
            request.path = request.path.replacingAll("{id}", with: layoutID)
            request.ifNoneMatch = request.ifNoneMatch?.replacingAll("{etag}", with: etag)
            let (status, body) = try send(request, padded: index % 2 == 0)
            answers.append((request, status, body))
        }
        return answers
    }

    private func send(_ request: FuzzRequest, padded: Bool) throws(FuzzFailure) -> (Int, String) {
        // An exact-size copy, or one followed by the 64 zero bytes the HTTP server pads with.
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: request.body.count + (padded ? 64 : 0), alignment: 16)
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        request.body.withUnsafeBytes { storage.copyMemory(from: $0) }
        let body = UnsafeRawBufferPointer(rebasing: storage[..<request.body.count])
        let response = service.handle(
            ServiceRequest(
                method: request.method, path: RequestText(request.path), query: request.query,
                contentType: request.contentType.map { RequestText($0) }, ifNoneMatch: request.ifNoneMatch,
                acceptEncoding: request.acceptEncoding.map { RequestText($0) }, requestID: request.requestID, body: body,
                bodyIsPadded: padded))
        var headers: [(String, String)] = []
        response.forEachHeader { name, value in
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        let summary = "\(request.method) \(request.path) → \(response.status)"
        var bytes = Array(response.body)
        if headers.contains(where: { $0 == ("Content-Encoding", "gzip") }) {
            // A compressed answer is checked as the client reads it: one whole gzip stream.
            do { bytes = try gunzip(bytes) } catch { throw FuzzFailure(description: "\(summary): a gzip body that does not inflate") }
        }
        try AnswerCheck.check(status: response.status, contentType: response.contentType?.description, headers: headers, body: bytes, summary)
        if request.method == "POST", request.path == "/v1/layouts", response.status == 200 || response.status == 201,
            let location = headers.first(where: { $0.0 == "Location" })?.1
        {
            layoutID = String(location.dropFirst("/v1/layouts/".count))
        }
        if let tag = headers.first(where: { $0.0 == "ETag" })?.1 { etag = tag }
        return (response.status, String(decoding: bytes, as: UTF8.self))
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

/// What every answer must look like, whatever the request.
enum AnswerCheck {
    static func check(status: Int, contentType: String?, headers: [(String, String)], body: [UInt8], _ summary: String) throws(FuzzFailure) {
        func fail(_ reason: String) -> FuzzFailure {
            FuzzFailure(description: "\(summary): \(reason); body: \(String(decoding: body.prefix(2000), as: UTF8.self))")
        }
        guard (200..<600).contains(status) else { throw fail("status out of range") }
        // The service never fails on its own: 503 is only `/readyz` while draining, 507 a layout too
        // large for the cache.
        guard status < 500 || status == 507 else { throw fail("server error") }
        guard headers.contains(where: { $0.0 == "X-Request-ID" }) else { throw fail("no X-Request-ID") }
        switch contentType {
        case nil:
            guard status == 204 || status == 302 || status == 304, body.isEmpty else {
                throw fail("an answer without a type must be an empty 204, 302 or 304")
            }
        case "application/json"?:
            // A 304 keeps its 200's body (never sent: the HTTP server declares only its length).
            guard (200..<300).contains(status) || status == 304 else { throw fail("a JSON answer with an error status") }
            let value: JSON
            do { value = try JSON.parse(body) } catch { throw fail("invalid JSON: \(error.description)") }
            guard case .object(let members) = value else { throw fail("a JSON answer that is not an object") }
            try checkAttributes(members, fail)
        case "application/problem+json"?:
            guard status >= 400 else { throw fail("a problem with a success status") }
            let value: JSON
            do { value = try JSON.parse(body) } catch { throw fail("invalid problem JSON: \(error.description)") }
            guard case .object(let members) = value else { throw fail("a problem that is not an object") }
            for key in ["type", "title", "detail"] {
                guard case .string? = members[key] else { throw fail("a problem without a string \(key)") }
            }
            guard case .number(let number)? = members["status"], number == Double(status) else {
                throw fail("a problem whose status is not the answer's")
            }
            if let pointer = members["pointer"] {
                guard case .string(let text) = pointer, text.isEmpty || text.hasPrefix("/") else { throw fail("a pointer that is not a JSON pointer") }
            }
        case let type?:
            // Metrics, and the playground's page and modules.
            guard ["text/plain", "text/html", "text/javascript"].contains(where: type.hasPrefix), status == 200 else {
                throw fail("unexpected content type \(type)")
            }
            guard String(validating: body, as: UTF8.self) != nil else { throw fail("text that is not UTF-8") }
        }
    }

    /// Frames and centres, wherever attributes are listed, are objects of numbers with sizes not negative.
    private static func checkAttributes(_ members: [String: JSON], _ fail: (String) -> FuzzFailure) throws(FuzzFailure) {
        var lists: [JSON] = []
        // One element (a lookup, a hit test) is checked as a list of one.
        if case .object? = members["attributes"] { lists.append(.array([members["attributes"]!])) }
        else if let attributes = members["attributes"] { lists.append(attributes) }
        // A list of bounds answers `results`, a fling its `frames`.
        for key in ["results", "frames"] {
            guard case .array(let views)? = members[key] else { continue }
            for case .object(let view) in views { if let attributes = view["attributes"] { lists.append(attributes) } }
        }
        for list in lists {
            guard case .array(let attributes) = list else { throw fail("attributes that are not a list") }
            for attribute in attributes {
                guard case .object(let fields) = attribute, case .string? = fields["kind"],
                    case .object(let frame)? = fields["frame"]
                else { throw fail("an attribute without kind and frame") }
                for key in ["x", "y", "width", "height"] {
                    guard case .number(let number)? = frame[key] else { throw fail("a frame without \(key)") }
                    if key == "width" || key == "height", number < 0 { throw fail("a frame of negative \(key)") }
                }
            }
        }
    }
}

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

/// The one session of this process.
nonisolated(unsafe) let session = FuzzSession()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        try session.run(input)
    } catch {
        fatalError("layoutd-fuzz: \(error.description)")
    }
    return 0
}

#if !FUZZING
/// Without libFuzzer: replays each file given (a crash input, the regression corpus) and prints
/// every answer's status, so `swift build` links this target like any other executable.
@main
struct ReplayMain {
    static func main() {
        var paths = CommandLine.arguments.dropFirst()
        let verbose = paths.first == "-v"
        if verbose { paths = paths.dropFirst() }
        guard !paths.isEmpty else {
            print("usage: layoutd-fuzz [-v] FILE… (-v prints the answers; built by make fuzz, it is the libFuzzer target)")
            exit(2)
        }
        for path in paths {
            guard let input = readFile(path) else {
                print("\(path): cannot read")
                exit(1)
            }
            do {
                let answers = try session.run(input)
                print("\(path): " + answers.map { "\($0.request.method) \($0.request.path) \($0.status)" }.joined(separator: ", "))
                if verbose {
                    for answer in answers { print("  \(answer.request.method) \(answer.request.path) \(answer.status) \(answer.body.prefix(400))") }
                }
            } catch {
                print("\(path): FAILED \(error.description)")
                exit(1)
            }
        }
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }
}
#endif
