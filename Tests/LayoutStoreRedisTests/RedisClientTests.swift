import Foundation
import LayoutStoreRedis
import Locking
import XCTest

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private func command(_ words: String...) -> [[UInt8]] { words.map { Array($0.utf8) } }

/// The Redis transport against real servers: redis-server 7 and nutcracker (twemproxy) on loopback.
final class RedisClientTests: XCTestCase {
    override func setUp() {
        super.setUp()
        // hiredis writes with write(2): a connection a killed server closed would raise SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    private static let second: Int64 = 1_000_000_000
    private static let millisecond: Int64 = 1_000_000

    private func soon() -> Int64 { RedisClient.now() + 5 * Self.second }

    private func client(_ endpoint: RedisEndpoint, retryAfter: Int64 = 500_000_000, maxIdle: Int = 16) -> RedisClient {
        RedisClient(endpoint: endpoint, timeoutNanoseconds: Self.second, maxIdleConnections: maxIdle, retryAfterNanoseconds: retryAfter)
    }

    private func error(_ body: () throws(RedisError) -> Void) -> RedisError? {
        do { try body() } catch { return error }
        return nil
    }

    private func unixMilliseconds() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    // MARK: - URLs

    func testEndpointParsesHostPortDatabaseAndPassword() throws {
        let plain = try RedisEndpoint(url: "redis://localhost")
        XCTAssertEqual([plain.host, "\(plain.port)", "\(plain.db)"], ["localhost", "6379", "0"])
        XCTAssertNil(plain.password)
        XCTAssertEqual(plain.description, "redis://localhost:6379/0")

        let ipv4 = try RedisEndpoint(url: "REDIS://10.0.0.5:7000/2")
        XCTAssertEqual([ipv4.host, "\(ipv4.port)", "\(ipv4.db)"], ["10.0.0.5", "7000", "2"])

        let ipv6 = try RedisEndpoint(url: "redis://[fd00::1:2]:6380/15")
        XCTAssertEqual([ipv6.host, "\(ipv6.port)", "\(ipv6.db)"], ["fd00::1:2", "6380", "15"])
        XCTAssertEqual(ipv6.description, "redis://[fd00::1:2]:6380/15")
        XCTAssertEqual(try RedisEndpoint(url: "redis://[::1]/").description, "redis://[::1]:6379/0")

        let encoded = try RedisEndpoint(url: "redis://:p%40ss%3Aw%2Frd%25%00x@cache-1.internal:6379/1")
        XCTAssertEqual(encoded.password, bytes("p@ss:w/rd%") + [0] + bytes("x"))
        XCTAssertEqual(encoded.host, "cache-1.internal")
        // Unencoded '/' and '@' in a password: the user information ends at the last '@'.
        XCTAssertEqual(try RedisEndpoint(url: "redis://:a/b@c@h").password, bytes("a/b@c"))
        XCTAssertEqual(try RedisEndpoint(url: "redis://:a/b@c@h").host, "h")
    }

    func testEndpointNeverShowsThePassword() throws {
        let endpoint = try RedisEndpoint(url: "redis://:hunter2secret@db.example:6390/4")
        XCTAssertEqual(endpoint.password, bytes("hunter2secret"))
        XCTAssertEqual(endpoint.description, "redis://db.example:6390/4")
        XCTAssertEqual("\(endpoint)", "redis://db.example:6390/4")
        XCTAssertFalse(String(reflecting: endpoint).contains("hunter2"))
        var dumped = ""
        dump(endpoint, to: &dumped)
        XCTAssertFalse(dumped.contains("hunter2"), dumped)
        XCTAssertFalse(dumped.contains("104"), dumped)  // nor its bytes ('h' is 104)
        XCTAssertTrue(dumped.contains("hasPassword: true"), dumped)
    }

    func testPasswordFileWinsAndLosesItsTrailingNewline() throws {
        XCTAssertEqual(try RedisEndpoint(url: "redis://:fromurl@h", passwordFileContents: "fromfile\n").password, bytes("fromfile"))
        XCTAssertEqual(try RedisEndpoint(url: "redis://h", passwordFileContents: "a b \r\n").password, bytes("a b "))
        XCTAssertEqual(try RedisEndpoint(url: "redis://h", passwordFileContents: "x%41").password, bytes("x%41"))  // not decoded
        XCTAssertThrowsError(try RedisEndpoint(url: "redis://h", passwordFileContents: "\n"))
    }

    func testInvalidURLsAreRefusedWithoutRepeatingThem() {
        let cases: [(url: String, says: String)] = [
            ("http://h:6379", "must start with redis://"),
            ("rediss://h", "TLS"),
            ("redis://", "host is missing"),
            ("redis://:6379", "host is missing"),
            ("redis://h:0", "port '0'"),
            ("redis://h:65536", "port '65536'"),
            ("redis://h:", "port ''"),
            ("redis://h:63x9", "port '63x9'"),
            ("redis://h:+1", "port '+1'"),
            ("redis://h/db", "database 'db'"),
            ("redis://h/-1", "database '-1'"),
            ("redis://h/1/2", "database '1/2'"),
            ("redis://h/99999999999", "database"),
            ("redis://::1:6379", "brackets"),
            ("redis://[::1:6379", "']'"),
            ("redis://[::g]:6379", "not an IPv6 address"),
            ("redis://[::1]x", "only ':port'"),
            ("redis://256.1.1.1", "not an IPv4 address"),
            ("redis://1.2.3", "not an IPv4 address"),
            ("redis://ho st", "not a host name"),
            ("redis://-h", "not a host name"),
            ("redis://h?db=1", "query"),
            ("redis://topsecret@h", "user name"),
            ("redis://admin:topsecret@h", "user name"),
            ("redis://:@h", "password after ':' is empty"),
            ("redis://:top%zsecret@h", "'%' not followed"),
            ("redis://:topsecret%4@h", "'%' not followed"),
        ]
        for (url, says) in cases {
            do {
                let endpoint = try RedisEndpoint(url: url)
                XCTFail("\(url) parsed as \(endpoint)")
            } catch {
                XCTAssertTrue(error.message.hasPrefix("invalid Redis URL: "), error.message)
                XCTAssertTrue(error.message.contains(says), "\(url): \(error.message)")
                XCTAssertFalse(error.message.contains("topsecret"), error.message)
            }
        }
    }

    // MARK: - Commands

    func testValuesRoundTripByteForByte() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        let everyByte = (0...255).map(UInt8.init)
        let mebibyte = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }  // every byte, no period of 256
        let values: [(key: [UInt8], value: [UInt8])] = [
            (bytes("k\0\r\n\u{1}") + [0xFF], everyByte), (bytes("empty"), []), (bytes("big"), mebibyte), ([], bytes("empty key")),
        ]
        let sets = try redis.pipeline(values.map { [bytes("SET"), $0.key, $0.value] }, deadline: soon())
        XCTAssertEqual(sets, Array(repeating: .status("OK"), count: values.count))
        let gets = try redis.pipeline(values.map { [bytes("GET"), $0.key] }, deadline: soon())
        XCTAssertEqual(gets, values.map { .string($0.value) })
        XCTAssertEqual(try redis.pipeline([command("STRLEN", "big")], deadline: soon()), [.integer(1 << 20)])
        XCTAssertEqual(try redis.pipeline([command("GET", "missing")], deadline: soon()), [.null])
    }

    func testSetWithPXATThenPTTL() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        let at = unixMilliseconds() + 10_000
        let replies = try redis.pipeline(
            [command("SET", "k", "v", "PXAT", String(at)), command("PTTL", "k"), command("SET", "forever", "v"),
             command("PTTL", "forever"), command("PTTL", "missing"), command("SET", "past", "v", "PXAT", String(at - 20_000)),
             command("EXISTS", "past")],
            deadline: soon())
        XCTAssertEqual(replies[0], .status("OK"))
        guard case .integer(let ttl) = replies[1] else { return XCTFail("\(replies[1])") }
        XCTAssertTrue((9_000...10_000).contains(ttl), "\(ttl)")
        XCTAssertEqual(Array(replies[2...]), [.status("OK"), .integer(-1), .integer(-2), .status("OK"), .integer(0)])
    }

    func testMGETAnswersInKeyOrderWithNulls() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        _ = try redis.pipeline([command("MSET", "a", "1", "c", "3")], deadline: soon())
        XCTAssertEqual(
            try redis.pipeline([command("MGET", "c", "b", "a", "c")], deadline: soon()),
            [.array([.string(bytes("3")), .null, .string(bytes("1")), .string(bytes("3"))])])
        XCTAssertEqual(try redis.pipeline([command("MGET", "x", "y")], deadline: soon()), [.array([.null, .null])])
    }

    func testPipelinesOfAThousandCommandsAnswerInOrder() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        let counts = try redis.pipeline(Array(repeating: command("INCR", "n"), count: 1000), deadline: soon())
        XCTAssertEqual(counts, (1...1000).map { .integer(Int64($0)) })

        let sets = (0..<500).map { command("SET", "k\($0)", "value \($0)") }
        let gets = (0..<500).reversed().map { command("GET", "k\($0)") }
        let replies = try redis.pipeline(sets + gets, deadline: soon())
        XCTAssertEqual(replies.count, 1000)
        XCTAssertEqual(Array(replies[..<500]), Array(repeating: .status("OK"), count: 500))
        XCTAssertEqual(Array(replies[500...]), (0..<500).reversed().map { .string(bytes("value \($0)")) })
    }

    func testAnErrorReplyKeepsTheConnection() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        guard case .integer(let id) = try redis.pipeline([command("CLIENT", "ID")], deadline: soon())[0] else {
            return XCTFail("CLIENT ID")
        }
        let replies = try redis.pipeline(
            [command("SET", "k", "text"), command("INCR", "k"), command("NOSUCHCOMMAND"), command("GET", "k"), command("CLIENT", "ID")],
            deadline: soon())
        XCTAssertEqual(replies[0], .status("OK"))
        XCTAssertEqual(replies[1], .error("ERR value is not an integer or out of range"))
        guard case .error(let unknown) = replies[2] else { return XCTFail("\(replies[2])") }
        XCTAssertTrue(unknown.hasPrefix("ERR unknown command"), unknown)
        XCTAssertEqual(Array(replies[3...]), [.string(bytes("text")), .integer(id)])  // the same connection
        XCTAssertTrue(redis.isUp)
    }

    func testAuthenticationWithTheRightAndAWrongPassword() throws {
        let server = try RedisTestServer(password: "right-horse-battery")
        let right = client(server.endpoint)
        XCTAssertEqual(try right.pipeline([command("PING")], deadline: soon()), [.status("PONG")])

        let none = client(RedisEndpoint(host: "127.0.0.1", port: server.port))
        guard case .error(let noAuth) = try none.pipeline([command("PING")], deadline: soon())[0] else { return XCTFail() }
        XCTAssertTrue(noAuth.hasPrefix("NOAUTH"), noAuth)

        let wrong = client(RedisEndpoint(host: "127.0.0.1", port: server.port, password: bytes("wrong-staple")))
        let failure = error { () throws(RedisError) in _ = try wrong.pipeline([command("PING")], deadline: soon()) }
        guard case .authentication(let message) = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue(message.contains("WRONGPASS"), message)
        XCTAssertFalse(message.contains("wrong-staple") || message.contains("right-horse"), message)
        XCTAssertFalse("\(failure!)".contains("wrong-staple"))
        XCTAssertFalse(wrong.isUp)
        // Within the retry window: refused at once, and still without the password.
        guard case .unavailable(let again) = error({ () throws(RedisError) in _ = try wrong.pipeline([command("PING")], deadline: soon()) })
        else { return XCTFail() }
        XCTAssertTrue(again.contains("WRONGPASS") && !again.contains("wrong-staple"), again)
    }

    func testSelectedDatabaseIsolatesKeys() throws {
        let server = try RedisTestServer()
        let three = client(try RedisEndpoint(url: "redis://127.0.0.1:\(server.port)/3"))
        let zero = client(try RedisEndpoint(url: "redis://127.0.0.1:\(server.port)"))
        XCTAssertEqual(try three.pipeline([command("SET", "k", "in three")], deadline: soon()), [.status("OK")])
        XCTAssertEqual(try zero.pipeline([command("GET", "k"), command("DBSIZE")], deadline: soon()), [.null, .integer(0)])
        XCTAssertEqual(try three.pipeline([command("GET", "k"), command("DBSIZE")], deadline: soon()), [.string(bytes("in three")), .integer(1)])
        guard case .string(let keyspace) = try server.command("INFO", "keyspace") else { return XCTFail("INFO") }
        XCTAssertTrue(String(decoding: keyspace, as: UTF8.self).contains("db3:keys=1,"))
        XCTAssertFalse(String(decoding: keyspace, as: UTF8.self).contains("db0:"))
    }

    // MARK: - Deadlines, outages, concurrency

    func testNoCallBlocksPastItsDeadlineOnAPausedServer() throws {
        let server = try RedisTestServer(password: "pw")
        let warm = client(server.endpoint)
        let fresh = client(server.endpoint)
        XCTAssertEqual(try warm.pipeline([command("PING")], deadline: soon()), [.status("PONG")])
        server.pause()
        defer { server.resume() }

        let budget = 200 * Self.millisecond
        let big = [UInt8](repeating: 0x61, count: 256 * 1024)
        let cases: [(name: String, client: RedisClient, commands: [[[UInt8]]])] = [
            ("a read on an idle connection", warm, [command("GET", "k")]),
            // 50 MB: the socket buffers fill and the write itself blocks.
            ("a write larger than the socket buffers", client(server.endpoint), Array(repeating: [bytes("SET"), bytes("k"), big], count: 200)),
            ("AUTH on a new connection (the kernel accepts it)", fresh, [command("GET", "k")]),
        ]
        for (name, redis, commands) in cases {
            let start = RedisClient.now()
            let failure = error { () throws(RedisError) in _ = try redis.pipeline(commands, deadline: start + budget) }
            let elapsed = RedisClient.now() - start
            XCTAssertEqual(failure, .timeout, name)
            XCTAssertGreaterThanOrEqual(elapsed, budget - Self.millisecond, name)
            // 25 times the most a quiet machine overran by (4 ms, the fresh connection's AUTH).
            XCTAssertLessThan(elapsed, budget + 100 * Self.millisecond, name)
            XCTAssertFalse(redis.isUp, name)
        }
        // A deadline already past: nothing is tried.
        XCTAssertEqual(error { () throws(RedisError) in _ = try warm.pipeline([command("PING")], deadline: RedisClient.now() - 1) }, .timeout)

        server.resume()
        // A call that timed out opened the retry window: a hung Redis holds one call at a time.
        guard case .unavailable = error({ () throws(RedisError) in _ = try warm.pipeline([command("PING")], deadline: soon()) }) else {
            return XCTFail("no retry window after a timeout")
        }
        // The connection that timed out while logging in opened the retry window too.
        guard case .unavailable = error({ () throws(RedisError) in _ = try fresh.pipeline([command("PING")], deadline: soon()) }) else {
            return XCTFail("no retry window")
        }
        usleep(550_000)
        XCTAssertEqual(try warm.pipeline([command("PING")], deadline: soon()), [.status("PONG")])
        XCTAssertTrue(warm.isUp)
    }

    func testOutageFailsFastAndRecoversOnItsOwn() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)  // retry after 500 ms
        XCTAssertEqual(try redis.pipeline([command("SET", "k", "v")], deadline: soon()), [.status("OK")])
        XCTAssertTrue(redis.isUp)
        server.kill()

        var start = RedisClient.now()
        let first = error { () throws(RedisError) in _ = try redis.pipeline([command("GET", "k")], deadline: soon()) }
        let failedAt = RedisClient.now()
        switch first {
        case .unavailable(let message)?: XCTAssertTrue(message.contains("refused"), message)
        case .io?: break
        default: XCTFail("\(String(describing: first))")
        }
        XCTAssertLessThan(failedAt - start, 100 * Self.millisecond)
        XCTAssertFalse(redis.isUp)

        // Within the window: no network, at once.
        var slowest: Int64 = 0
        for _ in 0..<100 {
            start = RedisClient.now()
            let failure = error { () throws(RedisError) in _ = try redis.pipeline([command("GET", "k")], deadline: soon()) }
            slowest = max(slowest, RedisClient.now() - start)
            guard case .unavailable(let message)? = failure else { return XCTFail("\(String(describing: failure))") }
            XCTAssertTrue(message.hasPrefix("cannot connect to redis://127.0.0.1:\(server.port)/0: Connection refused (next attempt in "), message)
        }
        XCTAssertLessThan(slowest, 5 * Self.millisecond)

        try server.start()  // the same port
        XCTAssertLessThan(RedisClient.now() - failedAt, 450 * Self.millisecond, "the server took too long to start for this test")
        guard case .unavailable = error({ () throws(RedisError) in _ = try redis.pipeline([command("PING")], deadline: soon()) }) else {
            return XCTFail("a call within the window reached the server")
        }
        XCTAssertFalse(redis.isUp)
        usleep(useconds_t((failedAt + 510 * Self.millisecond - RedisClient.now()) / 1000))
        XCTAssertEqual(try redis.pipeline([command("PING"), command("GET", "k")], deadline: soon()), [.status("PONG"), .null])
        XCTAssertTrue(redis.isUp)
    }

    func testUnknownHostIsUnavailable() throws {
        let redis = client(try RedisEndpoint(url: "redis://no-such-host.invalid:6379"))
        let failure = error { () throws(RedisError) in _ = try redis.pipeline([command("PING")], deadline: soon()) }
        guard case .unavailable(let message)? = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue(message.hasPrefix("cannot connect to redis://no-such-host.invalid:6379/0: "), message)
        XCTAssertEqual("\(failure!)", "Redis unavailable: \(message)")
        XCTAssertFalse(redis.isUp)
    }

    func testServerRestartedBetweenCallsCostsNoCall() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint)
        XCTAssertEqual(try redis.pipeline([command("PING")], deadline: soon()), [.status("PONG")])
        server.stop()
        try server.start()
        // The idle connection the old server closed is noticed and dropped before use.
        XCTAssertEqual(try redis.pipeline([command("PING")], deadline: soon()), [.status("PONG")])
        XCTAssertTrue(redis.isUp)
    }

    func testManyThreadsShareOneClient() throws {
        let server = try RedisTestServer()
        let redis = client(server.endpoint, maxIdle: 2)
        let threads = 8
        let rounds = 500
        let mismatches = LockedValueBox(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for round in 0..<rounds {
                let key = "t\(thread):\(round)"
                let value = bytes("\(thread) \(round) ") + [UInt8](repeating: UInt8(thread), count: round % 97)
                let expected: [RedisReply] = [.status("OK"), .string(value), .integer(Int64(round + 1)), .string(bytes(key))]
                let replies = try? redis.pipeline(
                    [[bytes("SET"), bytes(key), value], command("GET", key), command("INCR", "count\(thread)"), command("ECHO", key)],
                    deadline: RedisClient.now() + 5_000_000_000)
                if replies != expected { mismatches.withLockedValue { $0 += 1 } }
            }
        }
        XCTAssertEqual(mismatches.withLockedValue { $0 }, 0)
        let counts = try redis.pipeline((0..<threads).map { command("GET", "count\($0)") }, deadline: soon())
        XCTAssertEqual(counts, Array(repeating: .string(bytes("\(rounds)")), count: threads))
        XCTAssertTrue(redis.isUp)
        // At most two connections stay open (plus the one asking), once the server has seen the rest close.
        var connected = Int.max
        for _ in 0..<100 {
            guard case .string(let info) = try server.command("INFO", "clients") else { return XCTFail() }
            let line = String(decoding: info, as: UTF8.self).split(whereSeparator: \.isNewline).first { $0.hasPrefix("connected_clients:") }
            connected = Int(line!.dropFirst("connected_clients:".count))!
            if connected <= 3 { break }
            usleep(10_000)
        }
        XCTAssertLessThanOrEqual(connected, 3)
    }

    // MARK: - nutcracker

    func testTwoShardsBehindNutcracker() throws {
        let shards = [try RedisTestServer(), try RedisTestServer()]
        let proxy = try NutcrackerTestProxy(shards: shards)
        let redis = client(proxy.endpoint)
        let keys = (0..<200).map { "layout:\($0)" }
        let at = unixMilliseconds() + 60_000
        XCTAssertEqual(
            try redis.pipeline(keys.map { command("SET", $0, "value of \($0)", "PXAT", String(at)) }, deadline: soon()),
            Array(repeating: .status("OK"), count: 200))
        XCTAssertEqual(try redis.pipeline(keys.map { command("GET", $0) }, deadline: soon()), keys.map { .string(bytes("value of \($0)")) })
        for reply in try redis.pipeline(keys.map { command("PTTL", $0) }, deadline: soon()) {
            guard case .integer(let ttl) = reply, (50_000...60_000).contains(ttl) else { return XCTFail("\(reply)") }
        }
        XCTAssertEqual(
            try redis.pipeline(keys.map { command("PEXPIREAT", $0, String(at + 60_000)) }, deadline: soon()),
            Array(repeating: .integer(1), count: 200))
        for reply in try redis.pipeline(keys.map { command("PTTL", $0) }, deadline: soon()) {
            guard case .integer(let ttl) = reply, (110_000...120_000).contains(ttl) else { return XCTFail("\(reply)") }
        }
        XCTAssertEqual(
            try redis.pipeline([[bytes("MGET")] + keys.map { bytes($0) }], deadline: soon()),
            [.array(keys.map { .string(bytes("value of \($0)")) })])

        let sizes = try shards.map { shard -> Int64 in
            guard case .integer(let size) = try shard.command("DBSIZE") else { throw TestServerError(message: "DBSIZE") }
            return size
        }
        XCTAssertEqual(sizes.reduce(0, +), 200)
        XCTAssertTrue(sizes.allSatisfy { $0 > 20 }, "\(sizes)")  // ketama spreads them

        // DEL of many keys is split across the shards and its counts summed.
        XCTAssertEqual(try redis.pipeline([[bytes("DEL")] + keys.prefix(150).map { bytes($0) }], deadline: soon()), [.integer(150)])
        XCTAssertEqual(try redis.pipeline(keys.suffix(50).map { command("DEL", $0) }, deadline: soon()), Array(repeating: .integer(1), count: 50))
        XCTAssertEqual(try shards.map { try $0.command("DBSIZE") }, [.integer(0), .integer(0)])
        XCTAssertTrue(redis.isUp)
    }

    /// What nutcracker 0.5.0 lets through: a command it does not accept closes the connection (`.io`).
    func testCommandsNutcrackerAccepts() throws {
        let shards = [try RedisTestServer(), try RedisTestServer()]
        let proxy = try NutcrackerTestProxy(shards: shards)
        let redis = client(proxy.endpoint)
        let at = String(unixMilliseconds() + 60_000)
        let later = String(unixMilliseconds() + 120_000)
        XCTAssertEqual(try redis.pipeline([command("SET", "a", "1"), command("SET", "b", "2")], deadline: soon()), [.status("OK"), .status("OK")])
        let cases: [(words: [String], accepted: Bool)] = [
            (["SET", "k", "v", "PXAT", at], true),
            (["SET", "k", "v", "PXAT", at, "NX"], true),
            (["PEXPIREAT", "k", later], true),
            (["PEXPIREAT", "k", later, "GT"], false),
            (["PTTL", "k"], true),
            (["MGET", "k", "a", "nothing"], true),
            (["GETEX", "k", "PX", "90000"], true),
            (["EXISTS", "k", "a", "b", "nothing"], true),
            (["PING"], true),
            (["DEL", "k", "nothing"], true),
            (["SELECT", "0"], false),
            (["DBSIZE"], false),
        ]
        var table: [String] = []
        for (words, accepted) in cases {
            let name = words.joined(separator: " ")
            do {
                let reply = try redis.pipeline([words.map { bytes($0) }], deadline: soon())[0]
                table.append("\(name) -> \(reply)")
                XCTAssertTrue(accepted, "\(name) was accepted: \(reply)")
                if case .error(let message) = reply { XCTFail("\(name): \(message)") }
            } catch {
                guard case .io = error else { throw error }
                table.append("\(name) -> connection closed")
                XCTAssertFalse(accepted, "\(name) was refused: \(error)")
            }
        }
        print("nutcracker 0.5.0:\n  " + table.joined(separator: "\n  "))
        // What is not Redis's protocol (the stats port sends JSON) is an I/O error, not a reply.
        let stats = client(RedisEndpoint(host: "127.0.0.1", port: proxy.statsPort))
        let failure = error { () throws(RedisError) in _ = try stats.pipeline([command("PING")], deadline: soon()) }
        guard case .io(let message)? = failure else { return XCTFail("\(String(describing: failure))") }
        XCTAssertTrue(message.contains("Protocol error"), message)
        XCTAssertTrue(table.contains("SET k v PXAT \(at) NX -> (nil)"), "\(table)")  // it exists: NX did its job
        XCTAssertTrue(table.contains("PEXPIREAT k \(later) -> (integer) 1"), "\(table)")
        XCTAssertTrue(table.contains("MGET k a nothing -> [\"v\", \"1\", (nil)]"), "\(table)")
        XCTAssertTrue(table.contains("EXISTS k a b nothing -> (integer) 3"), "\(table)")
        XCTAssertTrue(table.contains("DEL k nothing -> (integer) 1"), "\(table)")
        // A closed connection is not an outage: the next call connects again.
        XCTAssertEqual(try redis.pipeline([command("GET", "a")], deadline: soon()), [.string(bytes("1"))])
        XCTAssertTrue(redis.isUp)
    }
}
