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
