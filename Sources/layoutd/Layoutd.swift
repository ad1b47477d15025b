import ArgumentParser
import LayoutServer
import LayoutStore
import LayoutService
import Logging

#if canImport(Glibc)
import Glibc
#endif

@main
struct Layoutd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutd",
        abstract: "Serves UICollectionViewFlowLayout-compatible layout attributes over HTTP.",
        discussion: """
            Every option can also be set with an environment variable named LAYOUTD_ and the option's \
            name in capitals with underscores (--cache-bytes: LAYOUTD_CACHE_BYTES); a flag on the \
            command line wins over the environment.
            """)

    @Option(help: "Numeric IPv4 or IPv6 address to listen on.")
    var host = "0.0.0.0"

    @Option(help: "TCP port (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(help: "Worker threads; 0 means one per CPU.")
    var threads = 0

    @Option(help: "Most open connections; one more is answered 503 and closed.")
    var connectionLimit = 1024

    @Option(help: "Seconds an idle connection is kept open.")
    var connectionTimeout = 30

    @Option(help: "Seconds a request may take from its first byte to its last (408 past it).")
    var requestTimeout = 30

    @Option(help: "Longest request target, path and query, in bytes (414 beyond).")
    var maxUriBytes = 8 * 1024

    @Option(help: "Bytes of memory per connection for headers and buffers.")
    var connectionMemory = 16 * 1024

    @Option(help: "Largest request body in bytes (413 beyond).")
    var maxBodyBytes = 8 * 1024 * 1024

    @Option(help: "Bytes of request bodies being received at once, counted at their declared length (503 beyond).")
    var maxInflightBodyBytes = 128 * 1024 * 1024

    @Option(help: "Bytes of answers over 64 KiB written and not yet sent, all connections together (503 beyond).")
    var maxInflightAnswerBytes = 128 * 1024 * 1024

    @Option(help: "Most items in one request, listed or counted.")
    var maxItems = 1_000_000

    @Option(help: "Most elements in one answer, over all its bounds (400 answer-too-large beyond).")
    var maxAnswerAttributes = 100_000

    @Option(help: "Bytes of base layouts the cache keeps.")
    var cacheBytes = 256 * 1024 * 1024

    @Option(help: "Threads for long requests (large bodies, updates, flings, lists of bounds); 0 means one fewer than the workers, at least 1.")
    var computeThreads = 0

    @Option(help: "Long requests that may wait for a compute thread (503 server-busy beyond).")
    var computeQueue = 64

    @Option(help: "Where stored layouts live: memory: (this process only) or redis://[:password@]host:port[/db] (shared by every replica, kept across restarts).")
    var store = "memory:"

    @Option(help: "A file holding the store's password (a Kubernetes secret); wins over the URL's.")
    var storePasswordFile: String?

    @Option(help: "Seconds a stored layout lives without use in the store.")
    var storeTTL = 7 * 24 * 3600

    @Option(help: "Milliseconds a request waits for the store at most (503 store-unavailable past it).")
    var storeTimeout = 250

    @Option(help: "Web origins whose pages may call the service (CORS): * or scheme://host[:port] separated by commas; empty for none.")
    var corsOrigins = ""

    @Option(help: "Milliseconds requests in flight get to finish after SIGTERM or SIGINT.")
    var drainTimeout = 10_000

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "json (one object per line) or text.")
    var logFormat: LogFormat = .json

    @Option(help: "Level of the line logged for every request.")
    var accessLogLevel: Logger.Level = .info

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    /// Reads `LAYOUTD_*` variables as if they were flags before the command line's own.
    static func main() {
        let arguments = EnvironmentOptions.arguments(for: Self.self) + CommandLine.arguments.dropFirst()
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
        guard connectionLimit > 0 else { throw ValidationError("--connection-limit must be positive.") }
        guard connectionTimeout > 0 else { throw ValidationError("--connection-timeout must be positive.") }
        guard (1...3600).contains(requestTimeout) else {
            throw ValidationError("--request-timeout must be between 1 and 3600 seconds.")
        }
        guard (256...(1 << 20)).contains(maxUriBytes) else {
            throw ValidationError("--max-uri-bytes must be between 256 and 1048576.")
        }
        guard connectionMemory >= 4096 else { throw ValidationError("--connection-memory must be at least 4096.") }
        guard (1...(1 << 30)).contains(maxBodyBytes) else {
            throw ValidationError("--max-body-bytes must be between 1 and 1073741824 (1 GiB).")
        }
        guard maxInflightBodyBytes >= maxBodyBytes else {
            throw ValidationError("--max-inflight-body-bytes must be at least --max-body-bytes.")
        }
        guard maxInflightAnswerBytes >= 1 << 20 else {
            throw ValidationError("--max-inflight-answer-bytes must be at least 1048576 (1 MiB).")
        }
        guard maxItems > 0 else { throw ValidationError("--max-items must be positive.") }
        guard maxAnswerAttributes > 0 else { throw ValidationError("--max-answer-attributes must be positive.") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must be 0 or more.") }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more.") }
        guard computeThreads >= 0 else { throw ValidationError("--compute-threads must be 0 or more.") }
        guard computeQueue >= 0 else { throw ValidationError("--compute-queue must be 0 or more.") }
        guard storeTTL >= 1 else { throw ValidationError("--store-ttl must be at least 1 second.") }
        guard (1...60_000).contains(storeTimeout) else {
            throw ValidationError("--store-timeout must be between 1 and 60000 milliseconds.")
        }
        _ = try storeEndpoint()
        _ = try crossOriginPolicy()
    }

    func crossOriginPolicy() throws -> CrossOriginPolicy? {
        do { return try CrossOriginPolicy(parsing: corsOrigins) } catch { throw ValidationError("--cors-origins: \(error)") }
    }

    /// The Redis the store flags name, nil for `memory:`; a URL or password file that cannot be read
    /// stops the process at start, with the reason (never the password).
    func storeEndpoint() throws -> RedisEndpoint? {
        if store == "memory:" {
            guard storePasswordFile == nil else { throw ValidationError("--store-password-file needs a redis:// --store.") }
            return nil
        }
        var password: String?
        if let file = storePasswordFile {
            guard let contents = readTextFile(file) else {
                throw ValidationError("--store-password-file: cannot read \(file).")
            }
            password = contents
        }
        do {
            return try RedisEndpoint(url: store, passwordFileContents: password)
        } catch {
            throw ValidationError("--store: \(error.message) (memory: or redis://[:password@]host:port[/db]).")
        }
    }

    func run() throws {
        // Block SIGINT and SIGTERM before any thread starts so every thread inherits the mask and the
        // signals wait for `sigwait` below instead of killing the process mid-request.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // hiredis writes to the store with write(2): a connection Redis reset must fail the call with
        // EPIPE, not end the process.
        signal(SIGPIPE, SIG_IGN)

        let level = logLevel
        let format = logFormat
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = format == .json
                ? JSONLogHandler(label: label, level: level)
                : StreamLogHandler.standardError(label: label, metadataProvider: AccessRecord.metadataProvider)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "layoutd")

        var serviceConfiguration = LayoutService.Configuration()
        serviceConfiguration.limits.maxItems = maxItems
        serviceConfiguration.limits.maxBodyBytes = maxBodyBytes
        serviceConfiguration.limits.maxAnswerAttributes = maxAnswerAttributes
        serviceConfiguration.cacheBytes = cacheBytes
        serviceConfiguration.maxInflightAnswerBytes = maxInflightAnswerBytes
        serviceConfiguration.logger = logger
        serviceConfiguration.accessLogLevel = accessLogLevel
        serviceConfiguration.crossOrigin = try crossOriginPolicy()
        serviceConfiguration.extraMetrics = { LayoutServer.httpMetrics() }
        serviceConfiguration.store = try storeEndpoint().map { endpoint in
            RedisLayoutStore(
                endpoint: endpoint, ttl: Int64(storeTTL) * 1_000_000_000, timeout: Int64(storeTimeout) * 1_000_000,
                maxSections: LayoutService.Configuration().limits.maxSections)
        }
        serviceConfiguration.storeRefreshMilliseconds = max(100, storeTTL * 1000 / 8)
        let service = LayoutService(configuration: serviceConfiguration)

        var serverConfiguration = LayoutServer.Configuration()
        serverConfiguration.host = host
        serverConfiguration.port = port
        serverConfiguration.threads = threads
        serverConfiguration.connectionLimit = connectionLimit
        serverConfiguration.connectionTimeoutSeconds = connectionTimeout
        serverConfiguration.requestTimeoutSeconds = requestTimeout
        serverConfiguration.connectionMemoryBytes = connectionMemory
        serverConfiguration.maxURIBytes = maxUriBytes
        serverConfiguration.maxBodyBytes = maxBodyBytes
        serverConfiguration.maxInflightBodyBytes = maxInflightBodyBytes
        serverConfiguration.computeThreads = computeThreads
        serverConfiguration.computeQueue = computeQueue
        raiseOpenFileLimit(toServe: connectionLimit)

        let server: LayoutServer
        do {
            server = try LayoutServer(configuration: serverConfiguration, service: service)
        } catch {
            logger.critical("could not start", metadata: ["error": "\(error)"])
            LogSink.standardError.flush()
            throw ExitCode.failure
        }
        // Scripts and tests read the port from this first line on standard output.
        print("layoutd listening on \(host):\(server.port)")
        fflush(nil)
        logger.info("listening", metadata: [
            "host": "\(host)", "port": "\(server.port)", "threads": "\(threads)", "cache_bytes": "\(cacheBytes)",
            "store": "\(serviceConfiguration.store?.description ?? "memory:")",
        ])

        var received: Int32 = 0
        sigwait(&signals, &received)
        // Graceful stop: turn unready, stop accepting, let requests in flight finish (each answered
        // with Connection: close), then close idle keep-alive connections and exit 0.
        logger.info("draining", metadata: ["signal": "\(received)", "in_flight": "\(server.inFlight)"])
        service.isReady = false
        server.quiesce()
        server.stop(drainMilliseconds: drainTimeout)
        logger.info("stopped")
        LogSink.standardError.flush()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// Lifts the soft limit on open files toward the hard one, so that `--connection-limit` connections (and
/// the server's own descriptors) fit. Past the hard limit new connections wait in the listen backlog
/// until one closes, rather than getting the acceptor's 503.
private func raiseOpenFileLimit(toServe connections: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let wanted = rlim_t(connections + 64)
    guard limit.rlim_cur < wanted else { return }
    limit.rlim_cur = min(wanted, limit.rlim_max)
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

/// `LAYOUTD_*` environment variables turned into the flags they stand for.
enum EnvironmentOptions {
    static func arguments(for command: Layoutd.Type) -> [String] {
        var arguments: [String] = []
        for name in flagNames(of: command) {
            let variable = "LAYOUTD_" + name.uppercased().replacingDashes()
            // `--name=value`, one argument: a value that starts with a dash (`-1`) is still read as the
            // value and refused by its check, not taken for a flag and reported as missing.
            if let value = getenv(variable) {
                arguments.append("--\(name)=\(String(cString: value))")
            }
        }
        return arguments
    }

    /// Every option's flag name, read off the command's own properties (`_storeTTL` is
    /// `store-ttl`, as ArgumentParser names it), so a new option is an environment variable too.
    static func flagNames(of command: Layoutd.Type) -> [String] {
        Mirror(reflecting: command.init()).children.compactMap { child in
            guard let label = child.label, label.hasPrefix("_") else { return nil }
            var name = ""
            var previous: Character = "_"
            for character in label.dropFirst() {
                if character.isUppercase, previous.isLowercase { name.append("-") }
                name.append(Character(character.lowercased()))
                previous = character
            }
            return name
        }
    }
}

extension String {
    fileprivate func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}

/// The text of a small file (a password), or nil when it cannot be read.
private func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        bytes += buffer[0..<count]
        if count < buffer.count { break }
    }
    return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
}
