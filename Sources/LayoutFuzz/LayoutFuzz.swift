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
