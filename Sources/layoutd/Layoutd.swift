import ArgumentParser
import LayoutServer
import LayoutStore
import LayoutStoreRedis
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

    @Option(help: ArgumentHelp(Settings.host.help))
    var host = Settings.host.text

    @Option(help: ArgumentHelp(Settings.port.help))
    var port = UInt16(Settings.port.integer)

    @Option(help: ArgumentHelp(Settings.threads.help))
    var threads = Settings.threads.integer

    @Option(help: ArgumentHelp(Settings.connectionLimit.help))
    var connectionLimit = Settings.connectionLimit.integer

    @Option(help: ArgumentHelp(Settings.connectionTimeout.help))
    var connectionTimeout = Settings.connectionTimeout.integer

    @Option(help: ArgumentHelp(Settings.requestTimeout.help))
    var requestTimeout = Settings.requestTimeout.integer

    @Option(help: ArgumentHelp(Settings.maxUriBytes.help))
    var maxUriBytes = Settings.maxUriBytes.integer

    @Option(help: ArgumentHelp(Settings.connectionMemory.help))
    var connectionMemory = Settings.connectionMemory.integer

    @Option(help: ArgumentHelp(Settings.maxBodyBytes.help))
    var maxBodyBytes = Settings.maxBodyBytes.integer

    @Option(help: ArgumentHelp(Settings.maxInflightBodyBytes.help))
    var maxInflightBodyBytes = Settings.maxInflightBodyBytes.integer

    @Option(help: ArgumentHelp(Settings.maxInflightAnswerBytes.help))
    var maxInflightAnswerBytes = Settings.maxInflightAnswerBytes.integer

    @Option(help: ArgumentHelp(Settings.maxItems.help))
    var maxItems = Settings.maxItems.integer

    @Option(help: ArgumentHelp(Settings.maxAnswerAttributes.help))
    var maxAnswerAttributes = Settings.maxAnswerAttributes.integer

    @Option(help: ArgumentHelp(Settings.cacheBytes.help))
    var cacheBytes = Settings.cacheBytes.integer

    @Option(help: ArgumentHelp(Settings.computeThreads.help))
    var computeThreads = Settings.computeThreads.integer

    @Option(help: ArgumentHelp(Settings.computeQueue.help))
    var computeQueue = Settings.computeQueue.integer

    @Option(help: ArgumentHelp(Settings.store.help))
    var store = Settings.store.text

    @Option(help: ArgumentHelp(Settings.storePasswordFile.help))
    var storePasswordFile: String?

    @Option(help: ArgumentHelp(Settings.storeTTL.help))
    var storeTTL = Settings.storeTTL.integer

    @Option(help: ArgumentHelp(Settings.storeTimeout.help))
    var storeTimeout = Settings.storeTimeout.integer

    @Option(help: ArgumentHelp(Settings.storeEviction.help))
    var storeEviction = StoreEviction(rawValue: Settings.storeEviction.text)!

    @Option(help: ArgumentHelp(Settings.corsOrigins.help))
    var corsOrigins = Settings.corsOrigins.text

    @Option(help: ArgumentHelp(Settings.drainTimeout.help))
    var drainTimeout = Settings.drainTimeout.integer

    @Option(help: ArgumentHelp(Settings.logLevel.help))
    var logLevel = Logger.Level(rawValue: Settings.logLevel.text)!

    @Option(help: ArgumentHelp(Settings.logFormat.help))
    var logFormat = LogFormat(rawValue: Settings.logFormat.text)!

    @Option(help: ArgumentHelp(Settings.accessLogLevel.help))
    var accessLogLevel = Logger.Level(rawValue: Settings.accessLogLevel.text)!

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    enum StoreEviction: String, ExpressibleByArgument, CaseIterable {
        case refuse, allow
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

    /// Every number within its setting's range (`Settings`), then the rules between flags.
    func validate() throws {
        let values = optionValues
        for setting in Settings.all {
            guard case .integer(_, let range) = setting.value, let value = values[setting.flag].flatMap(Self.integer) else { continue }
            guard range.contains(value) else { throw ValidationError("--\(setting.flag) must be \(setting.accepted).") }
        }
        guard maxInflightBodyBytes >= maxBodyBytes else {
            throw ValidationError("--max-inflight-body-bytes must be at least --max-body-bytes.")
        }
        _ = try storeEndpoint()
        _ = try crossOriginPolicy()
    }

    /// The options' values after parsing, by flag (`_storeTTL` is `store-ttl`, as ArgumentParser
    /// names it).
    var optionValues: [String: Any] {
        var values: [String: Any] = [:]
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, label.hasPrefix("_"), let option = child.value as? any ParsedOption else { continue }
            values[Self.flag(ofProperty: String(label.dropFirst()))] = option.parsedValue
        }
        return values
    }

    static func flag(ofProperty name: String) -> String {
        var flag = ""
        var previous: Character = "_"
        for character in name {
            if character.isUppercase, previous.isLowercase { flag.append("-") }
            flag.append(Character(character.lowercased()))
            previous = character
        }
        return flag
    }

    static func integer(_ value: Any) -> Int? {
        (value as? any BinaryInteger).map { Int(clamping: $0) }
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
        let redisStore = try storeEndpoint().map { endpoint in
            RedisLayoutStore(
                endpoint: endpoint, ttl: Int64(storeTTL) * 1_000_000_000, timeout: Int64(storeTimeout) * 1_000_000,
                maxSections: LayoutService.Configuration().limits.maxSections,
                healthChanged: { health in
                    switch health {
                    case .up: logger.notice("store up", metadata: ["component": "store"])
                    case .down(let reason): logger.error("store down", metadata: ["component": "store", "reason": "\(reason)"])
                    }
                })
        }
        if let redisStore, storeEviction == .refuse { try refuseAnEvictingPolicy(redisStore, logger: logger) }
        serviceConfiguration.store = redisStore
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
        announce(host: host, port: Int(server.port), format: format)
        logger.info("listening", metadata: [
            "host": "\(host)", "port": "\(server.port)", "threads": "\(threads)", "cache_bytes": "\(cacheBytes)",
            "store": "\(service.store.description)",
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

/// Exits 64 when Redis's `maxmemory-policy` may evict layouts before their expiry, which would break
/// what a 201 promises; a Redis that cannot be asked now is asked again when it answers.
private func refuseAnEvictingPolicy(_ store: RedisLayoutStore, logger: Logger) throws {
    switch store.checkEvictionPolicy() {
    case .policy(let policy) where !RedisLayoutStore.keepsLayouts(policy):
        logger.critical("Redis's maxmemory-policy may evict stored layouts", metadata: [
            "component": "store", "maxmemory_policy": "\(policy)",
            "remedy": "set maxmemory-policy noeviction, or start with --store-eviction allow if layouts may be lost (they answer 404)",
        ])
        LogSink.standardError.flush()
        throw ExitCode(64)
    case .policy: break
    case .unreachable:
        logger.warning("store unreachable at start; its maxmemory-policy is read when it answers", metadata: ["component": "store"])
    case .unanswered:
        logger.warning("maxmemory-policy not checked: INFO went unanswered (a sharding proxy?)", metadata: ["component": "store"])
    }
}

/// The first line on standard output, which scripts and tests read the port from: under the JSON
/// format a JSON record (`"port"` a number), so that every line the process writes is JSON.
private func announce(host: String, port: Int, format: Layoutd.LogFormat) {
    guard format == .json else {
        print("layoutd listening on \(host):\(port)")
        fflush(nil)
        return
    }
    let sink = LogSink(descriptor: STDOUT_FILENO)
    // Whatever --log-level says: the line is how a caller learns the port.
    JSONLogHandler(label: "layoutd", level: .trace, sink: sink).log(event: LogEvent(
        level: .info, message: "listening", metadata: ["host": .string(host), "port": .stringConvertible(port)],
        source: "layoutd", file: #fileID, function: #function, line: #line))
    sink.flush()
}

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

/// `LAYOUTD_*` environment variables turned into the flags they stand for (`Setting.environment`).
enum EnvironmentOptions {
    static func arguments(for command: Layoutd.Type) -> [String] {
        Settings.all.compactMap { setting in
            // `--name=value`, one argument: a value that starts with a dash (`-1`) is still read as the
            // value and refused by its check, not taken for a flag and reported as missing.
            getenv(setting.environment).map { "--\(setting.flag)=\(String(cString: $0))" }
        }
    }
}

/// An option's value once parsed, whatever its type, for the checks that go by `Settings`.
protocol ParsedOption {
    var parsedValue: Any { get }
}

extension Option: ParsedOption {
    var parsedValue: Any { wrappedValue }
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
