import LayoutServer
import LayoutService

/// Starts the real server on a free loopback port for one test and stops it afterwards.
func withTestServer<Result>(
    maxBodyBytes: Int = 64 * 1024, maxItems: Int = 100_000, threads: Int = 2, cacheBytes: Int = 16 * 1024 * 1024,
    _ body: (LayoutServer) throws -> Result
) throws -> Result {
    var serviceConfiguration = LayoutService.Configuration()
    serviceConfiguration.limits.maxItems = maxItems
    serviceConfiguration.limits.maxBodyBytes = maxBodyBytes
    serviceConfiguration.cacheBytes = cacheBytes
    var configuration = LayoutServer.Configuration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.threads = threads
    configuration.maxBodyBytes = maxBodyBytes
    let server = try LayoutServer(configuration: configuration, service: LayoutService(configuration: serviceConfiguration))
    defer { server.stop(drainMilliseconds: 1000) }
    return try body(server)
}
