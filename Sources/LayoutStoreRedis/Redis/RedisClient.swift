import CHiredis
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a call to Redis gave no replies. None of the messages holds the password.
public enum RedisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No connection could be made (refused, unknown host, too slow), now or within the retry window
    /// after such a failure.
    case unavailable(String)
    /// The deadline passed before every reply was read.
    case timeout
    /// The connection broke during the exchange, or Redis sent what is not its protocol.
    case io(String)
    /// `AUTH` was refused.
    case authentication(String)

    public var description: String {
        switch self {
        case .unavailable(let message): "Redis unavailable: \(message)"
        case .timeout: "Redis timed out"
        case .io(let message): "Redis connection failed: \(message)"
        case .authentication(let message): "Redis authentication failed: \(message)"
        }
    }
}

/// A client of one Redis endpoint shared by every worker thread: each call takes an idle connection
/// from a small pool (or makes one), sends a pipeline, reads its replies and puts the connection back.
///
/// Every blocking step (connect, write, read) waits at most until the caller's deadline: hiredis's
/// blocking API is used with the socket's timeout set to the time left before each step. A connection
/// that saw an I/O error, a protocol error or a timeout is freed, as its state is unknown; an error
/// reply leaves it as good as before.
///
/// When a connection cannot be made (refused, unknown host, or connect, `AUTH` or `SELECT` too slow),
/// calls fail at once for `retryAfterNanoseconds` instead of each waiting on a dead or unreachable
/// server; the first call after that tries again, so the client comes back by itself when Redis does.
///
/// hiredis writes with `write(2)`, not `send(…, MSG_NOSIGNAL)`: writing to a connection Redis reset
/// raises SIGPIPE, which the process must ignore (`signal(SIGPIPE, SIG_IGN)` at start).
public final class RedisClient: Sendable {
    public let endpoint: RedisEndpoint
    /// The longest a new connection (connect, `AUTH`, `SELECT`) may take, whatever the deadline.
    private let timeoutNanoseconds: Int64
    private let retryAfterNanoseconds: Int64
    private let maxIdleConnections: Int
    private let state: LockedValueBox<State>

    /// A hiredis context, used by one thread at a time: idle in the pool, or owned by the call that
    /// took it out.
    private struct Connection {
        let context: UnsafeMutablePointer<redisContext>
    }

    private struct State {
        var idle: [Connection] = []
        var isUp = true
        /// While the monotonic clock is before this, calls fail with `failure` without connecting.
        var retryAt: Int64 = .min
        var failure = ""
        /// What the last failure was, as a label: `unreachable`, `timeout` or `wrongpass`.
        var failureLabel = "unreachable"
        /// Connections made so far, logged in and on their database.
        var connections = 0
    }

    /// A client of `endpoint`; `timeoutNanoseconds` bounds making a connection, `maxIdleConnections`
    /// how many stay open between calls (more are made when more threads call at once, then closed).
    public init(
        endpoint: RedisEndpoint, timeoutNanoseconds: Int64, maxIdleConnections: Int = 16,
        retryAfterNanoseconds: Int64 = 500_000_000
    ) {
        self.endpoint = endpoint
        self.timeoutNanoseconds = timeoutNanoseconds
        self.maxIdleConnections = maxIdleConnections
        self.retryAfterNanoseconds = retryAfterNanoseconds
        self.state = LockedValueBox(State())
    }

    deinit {
        state.withLockedValue { state in
            for connection in state.idle { redisFree(connection.context) }
            state.idle.removeAll()
        }
    }

    /// False after a call failed to connect, broke its connection or timed out, until a later call
    /// gets its replies; true before the first call.
    public var isUp: Bool { state.withLockedValue { $0.isUp } }

    /// What the last failure was (`unreachable`, `timeout`, `wrongpass`: a refused `AUTH`), kept
    /// through the retry window, whose calls fail without learning anything new.
    public var failureLabel: String { state.withLockedValue { $0.failureLabel } }

    /// How many connections have been made so far: it grows on every reconnect.
    public var connectionsMade: Int { state.withLockedValue { $0.connections } }

    /// The CLOCK_MONOTONIC instant, in nanoseconds, deadlines are given in.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sends `commands` (each a non-empty argument vector of any bytes) in one write and reads one
    /// reply per command, in order, all before `deadline` (a `now()` instant).
    public func pipeline(_ commands: [[[UInt8]]], deadline: Int64) throws(RedisError) -> [RedisReply] {
        if commands.isEmpty { return [] }
        guard Self.now() < deadline else { throw .timeout }  // nothing tried, nothing learnt of Redis
        let connection = try take(deadline: deadline)
        let replies: [RedisReply]
        do {
            replies = try exchange(commands, on: connection.context, deadline: deadline)
        } catch {
            redisFree(connection.context)
            // A Redis that does not answer in time opens the retry window: each call would wait as
            // long. A connection it closed does not: the next call connects again, or finds out.
            if case .timeout = error { throw markDown(error) }
            state.withLockedValue { state in
                state.isUp = false
                state.retryAt = .min
                state.failureLabel = "unreachable"
            }
            throw error
        }
        giveBack(connection)
        return replies
    }

    /// An idle connection that is still open, or a new one; within the retry window, an error.
    private func take(deadline: Int64) throws(RedisError) -> Connection {
        let now = Self.now()
        try state.withLockedValue { (state) throws(RedisError) in
            if now < state.retryAt {
                let milliseconds = (state.retryAt - now + 999_999) / 1_000_000
                throw .unavailable("\(state.failure) (next attempt in \(milliseconds) ms)")
            }
            // Down, and the window has passed: this call probes, and the others go on failing at
            // once until it is answered, so a hung Redis holds one worker at a time, not all.
            if !state.isUp { state.retryAt = now + retryAfterNanoseconds }
        }
        while true {
            guard let idle = state.withLockedValue({ $0.idle.popLast() }) else { return try connect(deadline: deadline) }
            if Self.isOpen(idle.context) { return idle }
            redisFree(idle.context)
        }
    }

    /// Whether an idle connection can be used: one Redis closed (a restart, its idle timeout) or that
    /// has bytes nobody asked for shows it with POLLIN, and is dropped here instead of failing a call.
    private static func isOpen(_ context: UnsafeMutablePointer<redisContext>) -> Bool {
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    private func giveBack(_ connection: Connection) {
        let kept = state.withLockedValue { state in
            state.isUp = true
            state.retryAt = .min
            guard state.idle.count < maxIdleConnections else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { redisFree(connection.context) }
    }

    /// A new connection, logged in and on its database, within `timeoutNanoseconds` and the deadline.
    /// A failure opens the retry window.
    private func connect(deadline callerDeadline: Int64) throws(RedisError) -> Connection {
        let start = Self.now()
        let deadline = min(callerDeadline, start + timeoutNanoseconds)
        guard let timeout = Self.timeLeft(until: deadline, now: start) else { throw .timeout }
        guard let context = redisConnectWithTimeout(endpoint.host, Int32(clamping: endpoint.port), timeout) else {
            throw markDown(.unavailable("cannot allocate a hiredis context"))
        }
        if context.pointee.err != 0 {
            let reason = String(cString: chiredis_errstr(context))
            redisFree(context)
            if Self.now() >= deadline {
                throw markDown(deadline == callerDeadline ? .timeout : .unavailable("connecting to \(endpoint) timed out"))
            }
            throw markDown(.unavailable("cannot connect to \(endpoint): \(reason)"))
        }

        var setup: [[[UInt8]]] = []
        if let password = endpoint.password { setup.append([Array("AUTH".utf8), password]) }
        if endpoint.db != 0 { setup.append([Array("SELECT".utf8), Array(String(endpoint.db).utf8)]) }
        if setup.isEmpty { return made(context) }
        let replies: [RedisReply]
        do {
            replies = try exchange(setup, on: context, deadline: deadline)
        } catch {
            redisFree(context)
            switch error {
            case .timeout where deadline != callerDeadline:
                throw markDown(.unavailable("logging in to \(endpoint) timed out"))
            case .io(let message): throw markDown(.unavailable(message))
            default: throw markDown(error)
            }
        }
        var replyIndex = 0
        if endpoint.password != nil {
            if case .error(let message) = replies[0] {
                redisFree(context)
                throw markDown(.authentication("\(endpoint) refused AUTH: \(message)"))
            }
            replyIndex = 1
        }
        if endpoint.db != 0, case .error(let message) = replies[replyIndex] {
            redisFree(context)
            throw markDown(.unavailable("\(endpoint) refused SELECT \(endpoint.db): \(message)"))
        }
        return made(context)
    }

    private func made(_ context: UnsafeMutablePointer<redisContext>) -> Connection {
        state.withLockedValue { $0.connections += 1 }
        return Connection(context: context)
    }

    /// Opens the retry window after a failure (a connection that could not be made, an exchange
    /// that broke or timed out); returns `error` to throw.
    private func markDown(_ error: RedisError) -> RedisError {
        let reason = switch error {
        case .unavailable(let message), .io(let message), .authentication(let message): message
        case .timeout: "\(endpoint) timed out"
        }
        let retryAt = Self.now() + retryAfterNanoseconds
        let label = switch error {
        case .timeout: "timeout"
        case .authentication: "wrongpass"
        case .unavailable, .io: "unreachable"
        }
        state.withLockedValue { state in
            state.isUp = false
            state.retryAt = retryAt
            state.failure = reason
            state.failureLabel = label
        }
        return error
    }

    /// Writes `commands` and reads their replies on `context`, each blocking step bounded by the time
    /// left before `deadline`.
    private func exchange(
        _ commands: [[[UInt8]]], on context: UnsafeMutablePointer<redisContext>, deadline: Int64
    ) throws(RedisError) -> [RedisReply] {
        var scratch = AppendScratch()
        for argv in commands {
            guard Self.append(argv, to: context, scratch: &scratch) else { throw failure(of: context, errno: 0, deadline: deadline) }
        }
        var done: Int32 = 0
        while done == 0 {
            try setTimeout(context, deadline: deadline)
            if redisBufferWrite(context, &done) == REDIS_ERR { throw failure(of: context, errno: errno, deadline: deadline) }
        }
        var replies: [RedisReply] = []
        replies.reserveCapacity(commands.count)
        while replies.count < commands.count {
            var reply: UnsafeMutableRawPointer?
            if redisGetReplyFromReader(context, &reply) == REDIS_ERR { throw failure(of: context, errno: 0, deadline: deadline) }
            while reply == nil {
                try setTimeout(context, deadline: deadline)
                if redisBufferRead(context) == REDIS_ERR { throw failure(of: context, errno: errno, deadline: deadline) }
                if redisGetReplyFromReader(context, &reply) == REDIS_ERR {
                    throw failure(of: context, errno: 0, deadline: deadline)
                }
            }
            replies.append(RedisReply.take(reply!))
        }
        return replies
    }

    /// The arrays `append` fills for each command, kept from one command of a pipeline to the next.
    private struct AppendScratch {
        var bytes: [UInt8] = []
        var lengths: [Int] = []
        var pointers: [UnsafePointer<CChar>?] = []
    }

    /// Appends one command to the context's output buffer: its arguments are laid end to end in one
    /// buffer and passed with their lengths, so any byte, NUL included, goes through.
    private static func append(
        _ argv: [[UInt8]], to context: UnsafeMutablePointer<redisContext>, scratch: inout AppendScratch
    ) -> Bool {
        precondition(!argv.isEmpty, "a Redis command needs at least its name")
        scratch.bytes.removeAll(keepingCapacity: true)
        scratch.lengths.removeAll(keepingCapacity: true)
        for argument in argv {
            scratch.lengths.append(argument.count)
            scratch.bytes.append(contentsOf: argument)
        }
        scratch.bytes.append(0)  // never empty, so every argument, even an empty one, points into it
        return scratch.bytes.withUnsafeBufferPointer { buffer in
            var next = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
            scratch.pointers.removeAll(keepingCapacity: true)
            for length in scratch.lengths {
                scratch.pointers.append(next)
                next += length
            }
            return redisAppendCommandArgv(context, Int32(argv.count), &scratch.pointers, scratch.lengths) == REDIS_OK
        }
    }

    /// Sets the socket's send and receive timeouts to the time left, or throws `.timeout` if none is.
    private func setTimeout(_ context: UnsafeMutablePointer<redisContext>, deadline: Int64) throws(RedisError) {
        guard let timeout = Self.timeLeft(until: deadline, now: Self.now()) else { throw .timeout }
        if redisSetTimeout(context, timeout) == REDIS_ERR { throw failure(of: context, errno: errno, deadline: deadline) }
    }

    /// The time from `now` to `deadline` rounded up to a microsecond, or nil when it has passed (a zero
    /// `timeval` would mean no timeout at all).
    private static func timeLeft(until deadline: Int64, now: Int64) -> timeval? {
        let left = deadline - now
        guard left > 0 else { return nil }
        let microseconds = (left + 999) / 1000
        return timeval(tv_sec: .init(microseconds / 1_000_000), tv_usec: .init(microseconds % 1_000_000))
    }

    /// The error a failed hiredis call on `context` stands for: a socket timeout (`EAGAIN` from a
    /// blocking socket) or a passed deadline is `.timeout`, anything else `.io`.
    private func failure(of context: UnsafeMutablePointer<redisContext>, errno code: Int32, deadline: Int64) -> RedisError {
        let kind = context.pointee.err
        if kind == REDIS_ERR_IO && (code == EAGAIN || code == EWOULDBLOCK) || Self.now() >= deadline { return .timeout }
        if kind == 0 { return .io("\(endpoint): out of memory") }
        return .io("\(endpoint): \(String(cString: chiredis_errstr(context)))")
    }
}
