import LayoutStore

/// The store's health: what Redis's replies say of it (`StoreHealth`), and its `maxmemory-policy`.
extension RedisLayoutStore {
    /// The refusals Redis answers every command with, by the reply's first word, and their labels.
    private static let refusals: [String: String] = [
        "NOAUTH": "noauth", "WRONGPASS": "wrongpass", "READONLY": "readonly", "OOM": "oom", "MISCONF": "misconf",
    ]
    /// Refused only on writes: a read that succeeds says nothing of them.
    private static let refusedOnWrites: Set<String> = ["readonly", "oom", "misconf"]
    static let writes: Set<[UInt8]> = [Array("SET".utf8), Array("PEXPIRE".utf8), Array("DEL".utf8)]
    private static let evictionReason = "maxmemory-policy"

    static func refusal(_ reply: RedisReply) -> String? {
        guard case .error(let message) = reply else { return nil }
        return refusals[String(message.prefix { $0 != " " })]
    }

    /// Records what the last call found, and tells `healthChanged` when that changes the health. A
    /// success clears the reason, but a read's does not clear a refusal of writes, and only a reading
    /// of the policy clears `maxmemory-policy`.
    func note(_ reason: String?, writing: Bool = true, policyRead: Bool = false) {
        let changed = downReason.withLockedValue { (current: inout String?) -> Bool in
            if reason == nil, let known = current {
                if !writing && Self.refusedOnWrites.contains(known) { return false }
                if known == Self.evictionReason && !policyRead { return false }
            }
            guard current != reason else { return false }
            current = reason
            return true
        }
        if changed { healthChanged(reason.map { .down(reason: $0) } ?? .up) }
    }

    /// What reading Redis's `maxmemory-policy` found.
    public enum PolicyReading: Sendable, Equatable {
        case policy(String)
        /// Redis could not be reached: read again when it can.
        case unreachable
        /// Reached, but `INFO` was refused or the connection closed (a sharding proxy): not checked.
        case unanswered
    }

    /// Whether Redis keeps every layout until its expiry under `policy`: every key the service writes
    /// has an expiry, so the `volatile-*` policies evict them as the `allkeys-*` ones do.
    public static func keepsLayouts(_ policy: String) -> Bool { policy == "noeviction" }

    /// Reads `maxmemory-policy` now (from `INFO memory`: managed services disable `CONFIG`), and has
    /// every save from now on refuse a policy that may evict layouts, read again after each reconnect.
    /// Not checked when `INFO` goes unanswered.
    public func checkEvictionPolicy() -> PolicyReading {
        let reading = readPolicy(Self.now() + timeout)
        policy.withLockedValue { check in
            check.enabled = reading != .unanswered
            check.connections = client.connectionsMade
            if case .policy(let name) = reading { check.refused = Self.keepsLayouts(name) ? nil : name }
        }
        return reading
    }

    private func readPolicy(_ deadline: Int64) -> PolicyReading {
        let replies: [RedisReply]
        do {
            replies = try client.pipeline([Self.command("INFO", "memory")], deadline: deadline)
        } catch {
            if case .io = error { return .unanswered }
            return .unreachable
        }
        guard case .string(let text) = replies[0] else { return Self.refusal(replies[0]) != nil ? .unreachable : .unanswered }
        for line in String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("maxmemory_policy:") {
            return .policy(String(line.dropFirst("maxmemory_policy:".count)))
        }
        return .unanswered
    }

    /// Throws, and marks the store down, while Redis's policy may evict layouts; reads it again first
    /// when the client has connected anew since.
    func refuseAnEvictingPolicy(_ deadline: Int64) throws(StoreError) {
        let (enabled, connections, found) = policy.withLockedValue { ($0.enabled, $0.connections, $0.refused) }
        guard enabled else { return }
        var refused = found
        if connections != client.connectionsMade, case .policy(let name) = readPolicy(deadline) {
            refused = Self.keepsLayouts(name) ? nil : name
            policy.withLockedValue { check in
                check.connections = client.connectionsMade
                check.refused = refused
            }
        }
        guard let refused else {
            if downReason.withLockedValue({ $0 }) == Self.evictionReason { note(nil, policyRead: true) }
            return
        }
        note(Self.evictionReason)
        throw .unavailable("Redis's maxmemory-policy is \(refused): it may evict stored layouts (--store-eviction allow accepts that)")
    }
}
