import FlowLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Routes gathered by path template at start, for matching a request: the rows of a route table
/// (methods, template, label, handler), one entry per template, its methods in order, each `GET`
/// answering `HEAD` too and every path `OPTIONS` last. Made once and kept for the process, and read
/// in place for every request, so no reference is counted to match.
public struct PathTable<Label: Equatable & Sendable, Handler: Sendable>: @unchecked Sendable {
    /// One path template and the handlers of its rows, by method.
    public struct Path {
        let template: PathTemplate
        public let label: Label
        let handlers: UnsafeBufferPointer<(method: String, handler: Handler)>
        /// The value of `Allow`: the path's methods, `OPTIONS` last.
        public let allowed: String
    }

    /// A path the table matched: its entry, read in place.
    public struct Match {
        private let entry: UnsafePointer<Path>

        init(_ entry: UnsafePointer<Path>) { self.entry = entry }

        public var label: Label { entry.pointee.label }
        public var allowed: String { entry.pointee.allowed }

        /// The handler of `method` on this path, or nil (`405`, with `allowed`).
        @inline(__always)
        public func handler(for method: String) -> Handler? {
            let handlers = entry.pointee.handlers
            for index in handlers.indices where handlers[index].method == method { return handlers[index].handler }
            return nil
        }
    }

    private let paths: UnsafeBufferPointer<Path>

    /// `rows` in order; `options` makes the `OPTIONS` handler of a path from its `Allow` value.
    public init(
        _ rows: [(methods: [String], template: StaticString, label: Label, handler: Handler)], options: (String) -> Handler
    ) {
        var templates: [(template: StaticString, label: Label, methods: [(String, Handler)])] = []
        var implied: [(label: Label, head: Handler)] = []
        for row in rows {
            let methods = row.methods.map { ($0, row.handler) }
            if row.methods.contains("GET"), !row.methods.contains("HEAD") { implied.append((row.label, row.handler)) }
            if let index = templates.firstIndex(where: { $0.label == row.label }) {
                precondition(templates[index].template.description == row.template.description, "one template per label")
                templates[index].methods += methods
            } else {
                templates.append((row.template, row.label, methods))
            }
        }
        // Each GET's HEAD, then OPTIONS, last on its path: the methods a path lists are matched in
        // order, and the scrolls' POST should not pay for a comparison with either first.
        for (label, head) in implied {
            templates[templates.firstIndex(where: { $0.label == label })!].methods.append(("HEAD", head))
        }
        paths = UnsafeBufferPointer(kept: templates.map { template in
            let allowed = (template.methods.map(\.0) + ["OPTIONS"]).joined(separator: ", ")
            return Path(
                template: PathTemplate(template.template), label: template.label,
                handlers: UnsafeBufferPointer(kept: (template.methods + [("OPTIONS", options(allowed))]).map { (method: $0.0, handler: $0.1) }),
                allowed: allowed)
        })
    }

    /// The entries, in the table's order.
    var entries: some Collection<Path> { paths }

    /// The template of `label`'s path, or nil when no row has it.
    public func template(of label: Label) -> StaticString? {
        paths.first { $0.label == label }?.template.spelling
    }

    /// The path template `path` matches, with its parameters; nil when none does.
    @inline(__always)
    public func match(_ path: RequestText) -> (path: Match, parameters: PathParameters)? {
        path.withUTF8 { bytes in
            for index in paths.indices {
                if let parameters = paths[index].template.match(bytes) { return (Match(paths.baseAddress! + index), parameters) }
            }
            return nil
        }
    }
}

/// The parameters of a matched path, plain values: the first (a layout id, or a file's name), and
/// where the second and third sit in the path.
public struct PathParameters {
    public var id: PathID?
    public var second: Range<Int>?
    public var third: Range<Int>?

    init(id: PathID? = nil, second: Range<Int>? = nil, third: Range<Int>? = nil) {
        (self.id, self.second, self.third) = (id, second, third)
    }

    /// The text of the second or third parameter.
    public func text(_ range: Range<Int>?, in path: RequestText) -> String? {
        range.map { range in path.withUTF8 { String(decoding: $0[range], as: UTF8.self) } }
    }
}

/// The `{id}` of a stored layout's path: a layout id when it is 32 lowercase hex digits, else where
/// the text sits in the path (answered like an unknown id). Plain values either way, so a matched
/// route has no reference to count.
public enum PathID {
    case valid(ContentHash)
    case invalid(bytes: Range<Int>)

    public var layoutID: ContentHash? {
        if case .valid(let id) = self { return id }
        return nil
    }

    /// The id as the client wrote it in `path`, for a 404's message.
    public func spelling(in path: RequestText) -> String {
        switch self {
        case .valid(let id): return id.description
        case .invalid(let range): return path.withUTF8 { String(decoding: $0[range], as: UTF8.self) }
        }
    }
}

extension UnsafeBufferPointer {
    /// A copy of `elements` that is never freed: for tables made once for the process.
    init(kept elements: [Element]) {
        let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = copy.initialize(from: elements)
        self.init(copy)
    }
}

/// A path template: fixed text, or text around up to three parameters (`{id}`, `{file}`,
/// `/items/{section}/{item}`), each a non-empty segment without a slash. Matched on the path's bytes,
/// fixed templates by length first, since this runs for every request.
struct PathTemplate: @unchecked Sendable {
    let spelling: StaticString
    /// The text before the first parameter, or all of it.
    private let head: UnsafeRawBufferPointer
    /// The text after each parameter, up to the next; empty for a fixed template. Kept for the
    /// process and read in place: an array would be retained and released on every match.
    private let pieces: UnsafeBufferPointer<UnsafeRawBufferPointer>

    init(_ spelling: StaticString) {
        self.spelling = spelling
        let bytes = UnsafeRawBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount)
        let open = bytes.firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
        head = UnsafeRawBufferPointer(rebasing: bytes[..<open])
        var pieces: [UnsafeRawBufferPointer] = []
        var start = open
        while start < bytes.count {
            guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")) else { preconditionFailure("an unclosed parameter in \(spelling)") }
            let next = bytes[close...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
            pieces.append(UnsafeRawBufferPointer(rebasing: bytes[(close + 1)..<next]))
            start = next
        }
        precondition(pieces.count <= 3, "at most three parameters in \(spelling)")
        self.pieces = UnsafeBufferPointer(kept: pieces)
    }

    /// Nil when `path` does not match; else its parameters (none for a fixed template). The first is
    /// a layout id when it is one (`PathID`).
    @inline(__always)
    func match(_ path: UnsafeRawBufferPointer) -> PathParameters? {
        guard !pieces.isEmpty else {
            guard path.count == head.count, memcmp(path.baseAddress!, head.baseAddress!, head.count) == 0 else { return nil }
            return PathParameters()
        }
        guard path.count > head.count, memcmp(path.baseAddress!, head.baseAddress!, head.count) == 0 else { return nil }
        var parameters = PathParameters()
        var position = head.count
        for index in pieces.indices {
            let piece = pieces[index]
            let start = path.baseAddress! + position
            let rest = path.count - position
            // A parameter ends at the next slash, or at the end of the path.
            let length = memchr(start, Int32(UInt8(ascii: "/")), rest).map { start.distance(to: UnsafeRawPointer($0)) } ?? rest
            let isLast = index == pieces.count - 1
            guard length > 0, isLast ? rest - length == piece.count : rest - length >= piece.count,
                piece.count == 0 || memcmp(start + length, piece.baseAddress!, piece.count) == 0
            else { return nil }
            let range = position..<position + length
            switch index {
            case 0:
                parameters.id = ContentHash(hexBytes: UnsafeRawBufferPointer(start: start, count: length)).map(PathID.valid)
                    ?? .invalid(bytes: range)
            case 1: parameters.second = range
            default: parameters.third = range
            }
            position += length + piece.count
        }
        return parameters
    }
}
