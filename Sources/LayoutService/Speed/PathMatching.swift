import FlowLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LayoutService.routes` gathered by path template at start, for matching a request.
enum RouteTable {
    /// One path template and the handlers of its rows, by method.
    struct Path: @unchecked Sendable {
        let template: PathTemplate
        let label: RouteLabel
        /// Read in place for every request, so kept where no reference is counted to read them.
        let handlers: UnsafeBufferPointer<(method: String, handler: Route.Handler)>
        /// The value of `Allow` when a method is not among the handlers'.
        let allowed: String
    }

    /// In the table's order, for matching; made once and kept for the process.
    nonisolated(unsafe) static let paths: UnsafeBufferPointer<Path> = {
        var templates: [(template: StaticString, label: RouteLabel, methods: [(String, Route.Handler)])] = []
        var implied: [(label: RouteLabel, head: Route.Handler)] = []
        for route in LayoutService.routes {
            let methods = route.methods.map { ($0, route.handler) }
            if route.methods.contains("GET"), !route.methods.contains("HEAD") { implied.append((route.label, route.handler)) }
            if let index = templates.firstIndex(where: { $0.label == route.label }) {
                precondition(templates[index].template.description == route.template.description, "one template per label")
                templates[index].methods += methods
            } else {
                templates.append((route.template, route.label, methods))
            }
        }
        // Each GET's HEAD, then OPTIONS, last on its path: the methods a path lists are matched in
        // order, and the scrolls' POST should not pay for a comparison with either first.
        for (label, head) in implied {
            templates[templates.firstIndex(where: { $0.label == label })!].methods.append(("HEAD", head))
        }
        let paths = templates.map { template in
            let allowed = (template.methods.map(\.0) + ["OPTIONS"]).joined(separator: ", ")
            let options: Route.Handler = { _, _, _ in .options(allowing: allowed) }
            return Path(
                template: PathTemplate(template.template), label: template.label,
                handlers: UnsafeBufferPointer(kept: (template.methods + [("OPTIONS", options)]).map { (method: $0.0, handler: $0.1) }),
                allowed: allowed)
        }
        return UnsafeBufferPointer(kept: paths)
    }()

    /// The template of each label, by `RouteLabel.rawValue` (`unmatched` for `unknown`).
    static let names: [StaticString] = RouteLabel.allCases.map { label in
        guard label != .unknown else { return "unmatched" }
        guard let path = paths.first(where: { $0.label == label }) else { preconditionFailure("no route has the label \(label)") }
        return path.template.spelling
    }

    /// The path template `path` matches, with its parameters; nil when none does.
    static func match(_ path: RequestText) -> (path: UnsafePointer<Path>, parameters: PathParameters)? {
        path.withUTF8 { bytes in
            for index in paths.indices {
                if let parameters = paths[index].template.match(bytes) { return (paths.baseAddress! + index, parameters) }
            }
            return nil
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
