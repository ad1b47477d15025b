import FlowLayout
import LayoutStore
import Locking

#if canImport(Glibc)
import Glibc
#endif

/// Layouts in Redis (or a sharding proxy in front of several): a root per layout under
/// `layoutd:r:{id}` and its `LayoutArchive` nodes under `layoutd:n:{key}`, shared by every layout that
/// has them.
///
/// Expiry: a root lives `ttl` from its last save or load; a node lives longer, and never less than any
/// node above it (invariant: a parent's expiry ≤ each child's). So checking a section's top node tells
/// about its whole tree, and a save refreshes only the nodes that would expire within `ttl` plus a
/// margin, and the ones it writes: O(change) nodes, not the whole tree. Nodes are written and refreshed
/// leaves first, then each level above, then the root: a reader never finds a root or a parent before
/// what it names, whatever order a sharding proxy runs commands in across shards.
///
/// Whole: a save reads the type and lifetime of every node the layout names in one pipelined round
/// trip (two small commands a node, about one node per 256 runs, less than building the archive
/// cost), so a node lost under an intact parent (a `DEL`, a shard restarted empty) or holding another
/// type is written back, and every node lives its full lifetime before the save is acknowledged.
/// Bytes are still written only for what is missing: O(change) for an update, the root alone for a
/// repeated registration.
public final class RedisLayoutStore: LayoutStore {
    let client: RedisClient
    private let endpoint: RedisEndpoint
    /// A root's lifetime without use, in milliseconds.
    private let rootTTL: Int64
    let timeout: Int64
    private let maxSections: Int
    let metrics = StoreMetrics()
    /// Why the store is down as the last call found it (a `StoreHealth` reason); nil while up.
    let downReason = LockedValueBox<String?>(nil)
    /// Told once each time the health changes (the service logs it).
    let healthChanged: @Sendable (StoreHealth) -> Void
    let policy = LockedValueBox(PolicyCheck())

    /// Whether saves check Redis's `maxmemory-policy`, and what was last found.
    struct PolicyCheck {
        var enabled = false
        /// `RedisClient.connectionsMade` when last read: more means a reconnect, so read again.
        var connections = 0
        /// A policy that may evict layouts, found on the last reading.
        var refused: String?
    }

    /// How much longer than a root a node must still live to be left alone by a save.
    private var margin: Int64 { rootTTL / 8 }
    /// What a parent's lifetime is kept below its children's, for the time since they were read.
    private var slack: Int64 { min(1_000, rootTTL / 100) }
    /// A child under a node being written is refreshed unless it lives this many roots' lifetimes
    /// more (×1/2), so the parent, capped by its children, is not refreshed again soon.
    private var refreshBelow: Int64 { rootTTL + rootTTL / 2 }
    private var nodeTTL: Int64 { 2 * rootTTL }

    /// A store on `endpoint`; `ttl` and `timeout` in nanoseconds; roots of more than `maxSections`
    /// sections are refused as corrupt.
    public init(
        endpoint: RedisEndpoint, ttl: Int64, timeout: Int64, maxSections: Int,
        healthChanged: @escaping @Sendable (StoreHealth) -> Void = { _ in }
    ) {
        self.healthChanged = healthChanged
        self.endpoint = endpoint
        self.client = RedisClient(endpoint: endpoint, timeoutNanoseconds: timeout)
        self.rootTTL = max(ttl / 1_000_000, 1_000)
        self.timeout = timeout
        self.maxSections = maxSections
    }

    public var isUp: Bool { health == .up }
    public var health: StoreHealth { downReason.withLockedValue { $0 }.map { .down(reason: $0) } ?? .up }
    public var description: String { endpoint.description }
    public var isShared: Bool { true }
    public var counters: StoreCounters { metrics.counters }
    /// Bytes written and read and pipelines sent since start.
    public var traffic: (written: Int, read: Int, roundTrips: Int) { metrics.traffic }

    /// Stores the layout's archive; a replica keeps the layout rebuilt from it, as every replica
    /// loads it.
    public func save(_ layout: BaseLayout) throws(StoreError) -> SavedLayout {
        let archive = LayoutArchive(layout)
        return SavedLayout(existed: try save(archive), layout: layout, archive: archive)
    }

    /// Stores `archive`; true when its root was stored already (the same inputs registered before).
    public func save(_ archive: LayoutArchive) throws(StoreError) -> Bool {
        try measured(.save) { () throws(StoreError) -> Bool in
            // More time for more bytes (100 MB/s): a registration of a million items is 20 MB.
            let bytes = archive.root.count + archive.nodeBytes.values.reduce(0) { $0 + $1.count }
            let deadline = Self.now() + timeout + Int64(bytes) * 10
            let tops = Array(Set(archive.tops.compactMap { $0 }))
            let keys = Array(archive.nodes.keys)
            let first = try run(
                [Self.command("PTTL", rootKey(archive.id))] + keys.flatMap { [Self.command("TYPE", nodeKey($0)), Self.command("PTTL", nodeKey($0))] },
                deadline)
            // After a round trip, so that a reconnect it made is seen before anything is written.
            try refuseAnEvictingPolicy(deadline)
            let existed = try Self.integer(first[0]) != -2
            var lifetimes: [ContentHash: Int64] = [:]
            for (index, key) in keys.enumerated() {
                try Self.check(first[1 + 2 * index])
                // Another type under a node's key is corrupt: written over, as a missing node is.
                let isString = first[1 + 2 * index] == .status("string")
                lifetimes[key] = try isString ? Self.integer(first[2 + 2 * index]) : -2
            }
            // A node that is missing, or has a missing node below it, is visited on the way down.
            var incomplete: [ContentHash: Bool] = [:]
            func lacksSomething(_ key: ContentHash) -> Bool {
                if let known = incomplete[key] { return known }
                let result = lifetimes[key] == -2 || LayoutArchive.children(of: archive.nodes[key]!).contains(where: lacksSomething)
                incomplete[key] = result
                return result
            }
            try ensure(tops, nodes: archive.nodes, bytes: archive.nodeBytes, lifetimes: lifetimes, visiting: lacksSomething, deadline: deadline)
            let reply = try run([Self.command("SET", rootKey(archive.id), archive.root, "PX", String(rootTTL))], deadline)
            try Self.check(reply[0])
            metrics.recordTraffic(written: archive.root.count)
            return existed
        }
    }

    public func load(_ id: ContentHash) throws(StoreError) -> BaseLayout? {
        try measured(.load) { () throws(StoreError) -> BaseLayout? in
            let deadline = Self.now() + timeout
            let key = rootKey(id)
            let first = try run([Self.command("GET", key)], deadline)
            guard case .string(let rootBytes) = first[0] else {
                if case .null = first[0] { return nil }
                if Self.isWrongType(first[0]) { throw try corrupt(key, .corrupt("not a string"), deadline) }
                throw StoreError.unavailable("unexpected reply to GET")
            }
            metrics.recordTraffic(read: rootBytes.count)
            let root: StoredRoot
            do throws(ArchiveError) { root = try StoredRoot(bytes: rootBytes, id: id, maxSections: maxSections) } catch {
                throw try corrupt(key, error, deadline)
            }
            // The nodes level by level: one round trip per level of the tallest section.
            var nodes: [ContentHash: ArchiveNode] = [:]
            var bytes: [ContentHash: [UInt8]] = [:]
            var lifetimes: [ContentHash: Int64] = [:]
            // A parent of each node, to delete the path above a damaged one.
            var parents: [ContentHash: ContentHash] = [:]
            let tops = Array(Set(root.sections.compactMap(\.top)))
            var level = tops
            while !level.isEmpty {
                let replies = try run(level.flatMap { [Self.command("GET", nodeKey($0)), Self.command("PTTL", nodeKey($0))] }, deadline)
                var next: Set<ContentHash> = []
                for (index, key) in level.enumerated() {
                    // The nodes above a damaged one go too (and the root), so the layout is not found
                    // until registered again, which writes them back.
                    func damaged(_ error: ArchiveError) throws(StoreError) -> StoreError {
                        var path = [key]
                        while let parent = parents[path.last!] { path.append(parent) }
                        return try corrupt(nodeKey(key), error, deleting: [rootKey(id)] + path.map(nodeKey), deadline)
                    }
                    let value: [UInt8]
                    switch replies[2 * index] {
                    case .string(let bytes): value = bytes
                    case .null: return nil  // a node gone: the layout is not whole
                    case let reply where Self.isWrongType(reply): throw try damaged(.corrupt("not a string"))
                    default: throw StoreError.unavailable("the store answered \(replies[2 * index]) to a GET")
                    }
                    metrics.recordTraffic(read: value.count)
                    let node: ArchiveNode
                    do throws(ArchiveError) { node = try ArchiveNode(bytes: value, key: key) } catch {
                        throw try damaged(error)
                    }
                    nodes[key] = node
                    bytes[key] = value
                    lifetimes[key] = try Self.integer(replies[2 * index + 1])
                    for child in LayoutArchive.children(of: node) where nodes[child] == nil {
                        next.insert(child)
                        parents[child] = key
                    }
                }
                level = Array(next)
            }
            let layout: BaseLayout
            do throws(ArchiveError) { layout = try root.layout(nodes: nodes) } catch { throw try corrupt(key, error, deadline) }
            // Read is use: the root lives another `ttl`, and so, first, does everything under it.
            try ensure(tops, nodes: nodes, bytes: bytes, lifetimes: lifetimes, deadline: deadline)
            _ = try run([Self.command("PEXPIRE", key, String(rootTTL))], deadline)
            return layout
        }
    }

    public func delete(_ id: ContentHash) throws(StoreError) -> Bool {
        try measured(.delete) { () throws(StoreError) -> Bool in
            let reply = try run([Self.command("DEL", rootKey(id))], Self.now() + timeout)
            return try Self.integer(reply[0]) > 0
        }
    }

    /// Makes every node under `tops` live at least a root's lifetime plus the margin, keeping the
    /// invariant: top-down, the nodes that need it (missing, or too short-lived) and their children's
    /// lifetimes are found, one round trip a level; then bottom-up each level is written or
    /// refreshed, capped by its children's lifetimes. `lifetimes` holds what is known (PTTL: -2
    /// missing, -1 no expiry).
    /// `visiting` names nodes to go down through whatever their lifetime (those above a missing one).
    private func ensure(
        _ tops: [ContentHash], nodes: [ContentHash: ArchiveNode], bytes: [ContentHash: [UInt8]],
        lifetimes known: [ContentHash: Int64], visiting: (ContentHash) -> Bool = { _ in false }, deadline: Int64
    ) throws(StoreError) {
        var lifetimes = known
        func needsWork(_ key: ContentHash, below threshold: Int64) -> Bool {
            let left = lifetimes[key]!
            return left == -2 || (left >= 0 && left < threshold) || visiting(key)
        }
        var levels: [[ContentHash]] = []
        var frontier = tops.filter { needsWork($0, below: rootTTL + margin) }
        var visited = Set(frontier)
        while !frontier.isEmpty {
            levels.append(frontier)
            var children: [ContentHash] = []
            for key in frontier {
                for child in LayoutArchive.children(of: nodes[key]!) where !visited.contains(child) {
                    visited.insert(child)
                    children.append(child)
                }
            }
            let unknown = children.filter { lifetimes[$0] == nil }
            if !unknown.isEmpty {
                let replies = try run(unknown.map { Self.command("PTTL", nodeKey($0)) }, deadline)
                for (key, reply) in zip(unknown, replies) { lifetimes[key] = try Self.integer(reply) }
            }
            frontier = children.filter { needsWork($0, below: refreshBelow) }
        }
        for level in levels.reversed() {
            var commands: [[[UInt8]]] = []
            var written = 0
            for key in level {
                // A parent never outlives a child.
                var lifetime = nodeTTL
                for child in LayoutArchive.children(of: nodes[key]!) {
                    let left = lifetimes[child]!
                    if left >= 0 { lifetime = min(lifetime, left - slack) }
                }
                if lifetimes[key] == -2 {
                    commands.append(Self.command("SET", nodeKey(key), bytes[key]!, "PX", String(lifetime)))
                    written += bytes[key]!.count
                } else {
                    commands.append(Self.command("PEXPIRE", nodeKey(key), String(lifetime)))
                }
                lifetimes[key] = lifetime
            }
            let replies = try run(commands, deadline)
            metrics.recordTraffic(written: written)
            // A node that expired between its check and its refresh is written whole.
            var lost: [[[UInt8]]] = []
            for (key, reply) in zip(level, replies) {
                if case .integer(0) = reply { lost.append(Self.command("SET", nodeKey(key), bytes[key]!, "PX", String(lifetimes[key]!))) }
                try Self.check(reply)
            }
            if !lost.isEmpty { for reply in try run(lost, deadline) { try Self.check(reply) } }
        }
    }

    // MARK: Plumbing

    private func rootKey(_ id: ContentHash) -> [UInt8] { Self.key("layoutd:r:", id) }
    private func nodeKey(_ key: ContentHash) -> [UInt8] { Self.key("layoutd:n:", key) }

    private static func key(_ prefix: String, _ hash: ContentHash) -> [UInt8] {
        var bytes = Array(prefix.utf8)
        for word in [hash.high, hash.low] {
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(Array("0123456789abcdef".utf8)[Int(word >> UInt64(shift) & 0xF)])
            }
        }
        return bytes
    }

    static func command(_ name: String, _ arguments: any CommandArgument...) -> [[UInt8]] {
        [Array(name.utf8)] + arguments.map(\.commandBytes)
    }

    private func run(_ commands: [[[UInt8]]], _ deadline: Int64) throws(StoreError) -> [RedisReply] {
        metrics.recordTraffic(roundTrips: 1)
        let replies: [RedisReply]
        do {
            replies = try client.pipeline(commands, deadline: deadline)
        } catch {
            note(client.failureLabel)
            throw .unavailable("\(error)")
        }
        if let refused = replies.lazy.compactMap(Self.refusal).first {
            note(refused)
        } else {
            note(nil, writing: commands.contains { Self.writes.contains($0[0]) })
        }
        return replies
    }

    /// A value that is not what its key promises: deleted with `keys` (itself by default), so a
    /// registration stores it again; counted, and reported.
    private func corrupt(
        _ key: [UInt8], _ error: ArchiveError, deleting keys: [[UInt8]]? = nil, _ deadline: Int64
    ) throws(StoreError) -> StoreError {
        metrics.recordCorrupt()
        _ = try run((keys ?? [key]).map { Self.command("DEL", $0) }, deadline)
        switch error {
        case .corrupt(let reason): return .corrupt(key: String(decoding: key, as: UTF8.self), reason: reason)
        }
    }

    private static func integer(_ reply: RedisReply) throws(StoreError) -> Int64 {
        guard case .integer(let value) = reply else { throw .unavailable("the store answered \(reply) where a number was due") }
        return value
    }

    /// Redis's answer to reading a key of another type than the command's.
    private static func isWrongType(_ reply: RedisReply) -> Bool {
        if case .error(let message) = reply { message.hasPrefix("WRONGTYPE") } else { false }
    }

    private static func check(_ reply: RedisReply) throws(StoreError) {
        if case .error(let message) = reply { throw .unavailable(message) }
    }

    private func measured<Result>(_ operation: StoreCounters.Operation, _ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        let start = Self.now()
        do {
            let result = try body()
            metrics.record(operation, nanoseconds: Self.now() - start, failed: false)
            return result
        } catch {
            metrics.record(operation, nanoseconds: Self.now() - start, failed: true)
            throw error
        }
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// What a Redis command's arguments are made of: bytes, or text sent as UTF-8.
protocol CommandArgument { var commandBytes: [UInt8] { get } }
extension String: CommandArgument { var commandBytes: [UInt8] { Array(utf8) } }
extension Array: CommandArgument where Element == UInt8 { var commandBytes: [UInt8] { self } }
