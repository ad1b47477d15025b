import ArgumentParser
import LayoutServer
import LayoutService

#if canImport(Glibc)
import Glibc
#endif

@main
struct Layoutd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutd",
        abstract: "Serves UICollectionViewFlowLayout-compatible layout attributes over HTTP.")

    @Option(help: "Numeric IPv4 or IPv6 address to listen on.")
    var host = "0.0.0.0"

    @Option(help: "TCP port (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(help: "Worker threads; 0 means one per CPU.")
    var threads = 0

    @Option(help: "Most concurrent connections.")
    var connectionLimit = 1024

    @Option(help: "Seconds an idle connection is kept open.")
    var connectionTimeout = 30

    @Option(help: "Largest request body in bytes (413 beyond).")
    var maxBodyBytes = 8 * 1024 * 1024

    @Option(help: "Most items in one request, listed or counted.")
    var maxItems = 1_000_000

    @Option(help: "Bytes of base layouts the cache keeps.")
    var cacheBytes = 256 * 1024 * 1024

    @Option(help: "Milliseconds to let requests in flight finish when stopping.")
    var drainTimeout = 5000

    func validate() throws {
        guard threads >= 0 else { throw ValidationError("--threads must be 0 or more.") }
        guard connectionLimit > 0 else { throw ValidationError("--connection-limit must be positive.") }
        guard connectionTimeout > 0 else { throw ValidationError("--connection-timeout must be positive.") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive.") }
        guard maxItems > 0 else { throw ValidationError("--max-items must be positive.") }
        guard cacheBytes >= 0 else { throw ValidationError("--cache-bytes must be 0 or more.") }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more.") }
    }

    func run() throws {
        // Block SIGINT and SIGTERM before any thread starts so every thread inherits the mask and the
        // signals wait for `sigwait` below instead of killing the process mid-request.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        var serviceConfiguration = LayoutService.Configuration()
        serviceConfiguration.limits.maxItems = maxItems
        serviceConfiguration.limits.maxBodyBytes = maxBodyBytes
        serviceConfiguration.cacheBytes = cacheBytes
        var serverConfiguration = LayoutServer.Configuration()
        serverConfiguration.host = host
        serverConfiguration.port = port
        serverConfiguration.threads = threads
        serverConfiguration.connectionLimit = connectionLimit
        serverConfiguration.connectionTimeoutSeconds = connectionTimeout
        serverConfiguration.maxBodyBytes = maxBodyBytes

        let server: LayoutServer
        do {
            server = try LayoutServer(configuration: serverConfiguration, service: LayoutService(configuration: serviceConfiguration))
        } catch {
            throw ValidationError("\(error)")
        }
        print("layoutd listening on \(host):\(server.port)")
        fflush(nil)

        var received: Int32 = 0
        sigwait(&signals, &received)
        print("layoutd stopping (signal \(received))")
        fflush(nil)
        server.stop(drainMilliseconds: drainTimeout)
    }
}
