import Foundation
import LayoutStoreRedis

/// A real `redis-server` on a free loopback port, started for a test and stopped after it; it can be
/// killed, paused and started again on the same port, for outage tests.
final class RedisTestServer {
    let port: Int
    let password: String?
    /// Its working directory (and log, `redis.log`), removed when the server is let go.
    let directory: URL
    private var process: Process?

    /// Starts a server on `port` (a free one when nil), requiring `password` when given.
    init(port: Int? = nil, password: String? = nil) throws {
        // hiredis writes with write(2): a connection a killed server closed would raise SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        self.port = try port ?? freeLoopbackPort()
        self.password = password
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("redis-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The server's endpoint, with its password when it has one.
    var endpoint: RedisEndpoint {
        RedisEndpoint(host: "127.0.0.1", port: port, password: password.map { Array($0.utf8) })
    }

    var isRunning: Bool { process?.isRunning ?? false }

    /// Starts it (again, on the same port) and waits until it answers PING.
    func start() throws {
        precondition(process == nil, "already running")
        var arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", directory.path, "--logfile", directory.appendingPathComponent("redis.log").path,
        ]
        if let password { arguments += ["--requirepass", password] }
        process = try launch("/usr/bin/redis-server", arguments)
        try waitForPing(endpoint, what: "redis-server on port \(port)")
    }

    /// SIGTERM, and waits for it to exit.
    func stop() { end(SIGTERM) }

    /// SIGKILL, and waits: a crash.
    func kill() { end(SIGKILL) }

    /// SIGSTOP: it keeps its connections and accepts new ones (the kernel does), but answers nothing.
    func pause() { send(SIGSTOP) }

    /// SIGCONT after `pause()`.
    func resume() { send(SIGCONT) }

    /// A command sent straight to this server on a connection of its own.
    func command(_ arguments: String...) throws -> RedisReply {
        let client = RedisClient(endpoint: endpoint, timeoutNanoseconds: 2_000_000_000)
        return try client.pipeline([arguments.map { Array($0.utf8) }], deadline: RedisClient.now() + 2_000_000_000)[0]
    }

    private func send(_ signal: Int32) {
        if let process, process.isRunning { Foundation.kill(process.processIdentifier, signal) }
    }

    private func end(_ signal: Int32) {
        guard let process else { return }
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGCONT)  // a paused server handles SIGTERM only once resumed
            Foundation.kill(process.processIdentifier, signal)
        }
        process.waitUntilExit()
        self.process = nil
    }
}

/// nutcracker (twemproxy) on a free loopback port in front of shards, as a sharding proxy would be
/// deployed: ketama over fnv1a_64, hosts never ejected.
final class NutcrackerTestProxy {
    let port: Int
    let statsPort: Int
    let directory: URL
    private var process: Process?

    init(shards: [RedisTestServer]) throws {
        port = try freeLoopbackPort()
        statsPort = try freeLoopbackPort()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nutcracker-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let servers = shards.enumerated().map { "    - 127.0.0.1:\($1.port):1 shard\($0 + 1)" }
        let configuration = """
            pool:
              listen: 127.0.0.1:\(port)
              hash: fnv1a_64
              distribution: ketama
              redis: true
              auto_eject_hosts: false
              timeout: 400
              servers:
            \(servers.joined(separator: "\n"))

            """
        let configurationFile = directory.appendingPathComponent("nutcracker.yml")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        process = try launch("/usr/sbin/nutcracker", [
            "-c", configurationFile.path, "-s", String(statsPort), "-a", "127.0.0.1",
            "-o", directory.appendingPathComponent("nutcracker.log").path,
        ])
        try waitForPing(endpoint, what: "nutcracker on port \(port)")
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    var endpoint: RedisEndpoint { RedisEndpoint(host: "127.0.0.1", port: port) }

    /// SIGTERM, and waits for it to exit.
    func stop() {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
        self.process = nil
    }
}

private func launch(_ path: String, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Waits up to 5 s for `endpoint` to answer PING with PONG.
private func waitForPing(_ endpoint: RedisEndpoint, what: String) throws {
    let client = RedisClient(endpoint: endpoint, timeoutNanoseconds: 500_000_000, retryAfterNanoseconds: 0)
    let giveUp = RedisClient.now() + 5_000_000_000
    var last = "no answer"
    while RedisClient.now() < giveUp {
        do {
            let reply = try client.pipeline([[Array("PING".utf8)]], deadline: RedisClient.now() + 500_000_000)
            if reply == [.status("PONG")] { return }
            last = "\(reply)"
        } catch {
            last = "\(error)"
        }
        usleep(10_000)
    }
    throw TestServerError(message: "\(what) did not answer PING within 5 s: \(last)")
}

struct TestServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A loopback port nobody listens on now: the kernel picks it for a socket bound to port 0, which is
/// then closed (the server started on it next is, in practice, the only one to ask for it).
func freeLoopbackPort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw TestServerError(message: "socket: \(errno)") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
            bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
        }
    }
    guard bound else { throw TestServerError(message: "bind: \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}
