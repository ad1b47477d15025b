#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// An adaptive one: it spins a little before sleeping. Every scroll request takes the cache's lock
/// for a few pointer moves, and with a plain mutex the worker threads met there often enough to put
/// one to sleep in the kernel and wake it again: under wrk (and strace), 1,770 `futex` calls for
/// 43,000 scroll requests with a plain mutex, 556 with this one.
///
/// Not `Synchronization.Mutex`: its futex fast path lives in the uninstrumented standard library, so
/// ThreadSanitizer reports every access it guards as a race. pthread locks are intercepted by the
/// sanitizer, which lets `swift test --sanitize=thread` check the cache for real.
///
/// The state lives behind a pointer rather than in a stored `var`: the mutex is what makes access
/// exclusive, and a class's `var` passed `inout` would add the runtime's dynamic exclusivity check
/// (`swift_beginAccess` and `swift_endAccess`, about sixty instructions) to every lookup.
final class Locked<State>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let state: UnsafeMutablePointer<State>

    init(_ state: State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
