import LayoutService

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
