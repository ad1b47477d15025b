/// Every setting of the process, declared once: its flag, default, accepted values and meaning; its
/// environment variable follows from the flag (`--cache-bytes`: `LAYOUTD_CACHE_BYTES`).
///
/// `Layoutd`'s options take their defaults and help from here and `validate()` checks the ranges
/// here. The layers below keep defaults of their own, for callers that are not this executable
/// (`LayoutServer.Configuration`, `LayoutService.Configuration`, the C server's `hs_config_init`):
/// `SettingsTests` holds each of them, and docs/configuration.md's table, to this one.
struct Setting: Sendable {
    enum Value: Sendable, Equatable {
        case integer(Int, ClosedRange<Int>)
        case text(String)
        /// No default: absent unless given.
        case optionalText
        case choice(String, [String])
    }

    let flag: String
    let value: Value
    let help: String

    /// The environment variable that sets it when the command line does not.
    var environment: String { "LAYOUTD_" + flag.uppercased().map { $0 == "-" ? "_" : $0 } }

    var integer: Int {
        guard case .integer(let value, _) = value else { preconditionFailure("--\(flag) is not a number") }
        return value
    }

    var text: String {
        switch value {
        case .text(let value), .choice(let value, _): return value
        default: preconditionFailure("--\(flag) is not a text")
        }
    }

    /// The values accepted, as the table and validation messages say them.
    var accepted: String {
        switch value {
        case .integer(_, let range): Self.describe(range)
        case .choice(_, let choices): choices.map { "`\($0)`" }.joined(separator: ", ")
        case .text, .optionalText: "text"
        }
    }

    static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (0, Int.max): "0 or more"
        case (let lower, Int.max): "at least \(lower)"
        case (let lower, let upper): "between \(lower) and \(upper)"
        }
    }

    /// The default as docs/configuration.md's table shows it.
    var shownDefault: String {
        switch value {
        case .integer(let value, _): String(value)
        case .text(let value): value.isEmpty ? "none" : "`\(value)`"
        case .optionalText: "none"
        case .choice(let value, _): "`\(value)`"
        }
    }
}

enum Settings {
    private static let gibibyte = 1 << 30
    private static let maxInt = Int.max

    static let host = Setting(flag: "host", value: .text("0.0.0.0"), help: "Numeric IPv4 or IPv6 address to listen on.")
    static let port = Setting(flag: "port", value: .integer(8080, 0...65535), help: "TCP port (0 picks a free one).")
    static let threads = Setting(
        flag: "threads", value: .integer(0, 0...maxInt), help: "Worker threads of the HTTP server; 0 means one per CPU.")
    static let connectionLimit = Setting(
        flag: "connection-limit", value: .integer(1024, 1...maxInt),
        help: "Most open connections; one more is answered 503 and closed (the soft open-file limit is raised to fit).")
    static let connectionTimeout = Setting(
        flag: "connection-timeout", value: .integer(30, 1...maxInt), help: "Seconds an idle connection stays open between requests.")
    static let requestTimeout = Setting(
        flag: "request-timeout", value: .integer(30, 1...3600),
        help: "Seconds a request may take from its first byte to its last (408 past it).")
    static let maxUriBytes = Setting(
        flag: "max-uri-bytes", value: .integer(8 * 1024, 256...(1 << 20)),
        help: "Longest request target, path and query, in bytes (414 beyond).")
    static let connectionMemory = Setting(
        flag: "connection-memory", value: .integer(16 * 1024, 4096...maxInt),
        help: "Bytes per connection for the request line, headers and read buffers (431 beyond).")
    static let maxBodyBytes = Setting(
        flag: "max-body-bytes", value: .integer(8 * 1024 * 1024, 1...gibibyte),
        help: "Largest request body in bytes, on the wire and once inflated (Content-Encoding: gzip); 413 beyond.")
    static let maxInflightBodyBytes = Setting(
        flag: "max-inflight-body-bytes", value: .integer(128 * 1024 * 1024, 1...maxInt),
        help: "Bytes of request bodies being received at once, counted at their declared length (inflated bodies as they grow); 503 beyond. At least --max-body-bytes.")
    static let maxInflightAnswerBytes = Setting(
        flag: "max-inflight-answer-bytes", value: .integer(128 * 1024 * 1024, (1 << 20)...maxInt),
        help: "Bytes of answers over 64 KiB written and not yet sent, all connections together (503 server-busy beyond).")
    static let maxItems = Setting(flag: "max-items", value: .integer(1_000_000, 1...maxInt), help: "Most items in one request, listed or counted.")
    static let maxAnswerAttributes = Setting(
        flag: "max-answer-attributes", value: .integer(100_000, 1...maxInt),
        help: "Most elements in one answer, over all its bounds (400 answer-too-large beyond).")
    static let cacheBytes = Setting(
        flag: "cache-bytes", value: .integer(256 * 1024 * 1024, 0...maxInt),
        help: "Bytes of base layouts the cache keeps (least recently used go first).")
    static let computeThreads = Setting(
        flag: "compute-threads", value: .integer(0, 0...maxInt),
        help: "Threads for long requests (bodies over 16 KiB, updates, flings, lists of bounds); 0 means one fewer than the workers, at least 1.")
    static let computeQueue = Setting(
        flag: "compute-queue", value: .integer(64, 0...maxInt),
        help: "Long requests that may wait for a compute thread (503 server-busy with Retry-After: 1 beyond).")
    static let store = Setting(
        flag: "store", value: .text("memory:"),
        help: "Where stored layouts live: memory: (this process only) or redis://[:password@]host:port[/db] (shared by every replica, kept across restarts).")
    static let storePasswordFile = Setting(
        flag: "store-password-file", value: .optionalText, help: "A file holding the store's password (a Kubernetes secret); wins over the URL's.")
    static let storeTTL = Setting(
        flag: "store-ttl", value: .integer(7 * 24 * 3600, 1...maxInt), help: "Seconds a stored layout lives in the store without use.")
    static let storeTimeout = Setting(
        flag: "store-timeout", value: .integer(250, 1...60_000),
        help: "Milliseconds a request waits for the store at most (503 store-unavailable past it).")
    static let storeEviction = Setting(
        flag: "store-eviction", value: .choice("refuse", ["refuse", "allow"]),
        help: "refuse: exit 64 at start when Redis's maxmemory-policy may evict layouts (anything but noeviction), and answer 503 to writes while it does; allow: layouts are a cache, evicted layouts answer 404.")
    static let corsOrigins = Setting(
        flag: "cors-origins", value: .text(""),
        help: "Web origins whose pages may call the service (CORS): * or scheme://host[:port] separated by commas; empty for none.")
    static let drainTimeout = Setting(
        flag: "drain-timeout", value: .integer(10_000, 0...maxInt),
        help: "Milliseconds requests in flight get to finish after SIGTERM or SIGINT.")
    static let logLevel = Setting(
        flag: "log-level", value: .choice("info", ["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        help: "The lowest level logged: trace, debug, info, notice, warning, error or critical.")
    static let logFormat = Setting(
        flag: "log-format", value: .choice("json", ["json", "text"]), help: "json (one object per line on standard error) or text.")
    static let accessLogLevel = Setting(
        flag: "access-log-level", value: .choice("info", ["trace", "debug", "info", "notice", "warning", "error", "critical"]),
        help: "Level of the line logged for every request.")

    /// In the order of `layoutd --help` and of the docs' table.
    static let all: [Setting] = [
        host, port, threads, connectionLimit, connectionTimeout, requestTimeout, maxUriBytes, connectionMemory, maxBodyBytes,
        maxInflightBodyBytes, maxInflightAnswerBytes, maxItems, maxAnswerAttributes, cacheBytes, computeThreads, computeQueue,
        store, storePasswordFile, storeTTL, storeTimeout, storeEviction, corsOrigins, drainTimeout, logLevel, logFormat, accessLogLevel,
    ]

    /// docs/configuration.md's table of flags, as this table gives it.
    static var markdownTable: String {
        "| flag | environment | default | accepted | meaning |\n|---|---|---|---|---|\n"
            + all.map { "| `--\($0.flag)` | `\($0.environment)` | \($0.shownDefault) | \($0.accepted) | \($0.help) |\n" }.joined()
    }
}
