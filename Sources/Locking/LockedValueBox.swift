#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#else
#error("LockedValueBox needs Darwin's os_unfair_lock or Glibc's pthread mutex")
#endif

/// The platform's lock: `os_unfair_lock` on Apple platforms, an adaptive pthread mutex on Linux. The
/// shape of swift-nio's `NIOLock` (`Sources/NIOConcurrencyHelpers/lock.swift`).
///
/// Linux: an adaptive mutex spins a little before sleeping: every scroll request holds the cache's lock
/// for a few pointer moves only, so a waiter should spin rather than sleep in the kernel.
///
/// Not `Synchronization.Mutex`: a contended one waits in the kernel (`FUTEX_LOCK_PI`) from the
/// uninstrumented standard library, so ThreadSanitizer misses that hand-over and reports the accesses it
/// guards as races. pthread mutexes (Linux) and `os_unfair_lock` (Apple) are intercepted by the
/// sanitizer, which lets `swift test --sanitize=thread` check every lock of the process for real
/// (docs/architecture.md §3).
#if canImport(Darwin)
@usableFromInline typealias LockPrimitive = os_unfair_lock
#else
@usableFromInline typealias LockPrimitive = pthread_mutex_t
#endif

@usableFromInline
enum LockOperations {
    @inlinable @inline(__always)
    static func create(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        let error = pthread_mutex_init(lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(error == 0, "pthread_mutex_init failed: \(error)")
        #endif
    }

    @inlinable @inline(__always)
    static func destroy(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        #if canImport(Darwin)
        // An os_unfair_lock owns nothing.
        #else
        let error = pthread_mutex_destroy(lock)
        precondition(error == 0, "pthread_mutex_destroy failed: \(error)")
        #endif
        lock.deinitialize(count: 1)
    }

    @inlinable @inline(__always)
    static func lock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #else
        pthread_mutex_lock(lock)
        #endif
    }

    @inlinable @inline(__always)
    static func unlock(_ lock: UnsafeMutablePointer<LockPrimitive>) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(lock)
        #else
        pthread_mutex_unlock(lock)
        #endif
    }
}

/// A value and the lock guarding it, in one heap object: `NIOLockedValueBox`'s shape, and the one lock
/// of the process.
///
/// The value and the lock live in a `ManagedBuffer` (the value its header, the lock its one element),
/// so both have a fixed address, which a lock must have, and the value is reached through a pointer
/// rather than a class's stored `var`: the lock is what makes access exclusive, and a `var` passed
/// `inout` would add the runtime's dynamic exclusivity check to every access. Inlinable, so the cache's
/// lookup on every request calls `pthread_mutex_lock` and `pthread_mutex_unlock` and nothing else.
public final class LockedValueBox<Value>: @unchecked Sendable {
    @usableFromInline
    let storage: LockStorage<Value>

    public init(_ value: Value) {
        storage = LockStorage.create(value: value)
    }

    /// Runs `body` with exclusive access to the value; `body` must not take this lock again.
    @inlinable @inline(__always)
    public func withLockedValue<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { (value, lock) throws(Failure) -> Result in
            LockOperations.lock(lock)
            defer { LockOperations.unlock(lock) }
            return try body(&value.pointee)
        }
    }
}

/// The value (header) and the lock (the one element) of a `LockedValueBox`.
@usableFromInline
final class LockStorage<Value>: ManagedBuffer<Value, LockPrimitive> {
    @usableFromInline
    static func create(value: Value) -> LockStorage {
        let buffer = Self.create(minimumCapacity: 1) { _ in value }
        // Not `as!`: the buffer is an instance of this class by construction (swift-nio does the same).
        let storage = unsafeDowncast(buffer, to: Self.self)
        storage.withUnsafeMutablePointerToElements { LockOperations.create($0) }
        return storage
    }

    deinit {
        // The header (the value) is destroyed by ManagedBuffer; the element (the lock) is ours.
        withUnsafeMutablePointerToElements { LockOperations.destroy($0) }
    }
}
