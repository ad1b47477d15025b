#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `Value` per thread, made by `make` on the thread's first use and destroyed (after `release`)
/// when the thread ends: the per-thread store behind every piece of memory a worker thread reuses, in
/// the manner of swift-nio's `ThreadSpecificVariable`.
///
/// The value stays at one address for the thread's life, so callers read and write it through
/// `pointer`, never copying it out. Every store is a `static let`, made once: a process has at least
/// 128 keys, so running out is a bug and stops the process, naming the store.
public final class ThreadLocal<Value>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: () -> Value
    private let release: ((UnsafeMutablePointer<Value>) -> Void)?

    public init(_ purpose: StaticString, release: ((UnsafeMutablePointer<Value>) -> Void)? = nil, make: @escaping () -> Value) {
        var key = pthread_key_t()
        precondition(
            pthread_key_create(&key, { Unmanaged<AnyObject>.fromOpaque($0!).release() }) == 0,
            "no thread-specific key left for \(purpose)")
        self.key = key
        self.make = make
        self.release = release
    }

    /// This thread's value, made on its first use.
    public var pointer: UnsafeMutablePointer<Value> {
        @inline(__always) get {
            guard let slot = pthread_getspecific(key) else { return makeSlot() }
            return Self.value(in: slot)
        }
    }

    /// This thread's value if it has one: for readers that must not make it.
    public var existing: UnsafeMutablePointer<Value>? {
        @inline(__always) get { pthread_getspecific(key).map(Self.value(in:)) }
    }

    @inline(__always)
    private static func value(in slot: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Value> {
        Unmanaged<Slot>.fromOpaque(slot)._withUnsafeGuaranteedRef { $0.withUnsafeMutablePointerToElements { $0 } }
    }

    @inline(never)
    private func makeSlot() -> UnsafeMutablePointer<Value> {
        let slot = unsafeDowncast(Slot.create(minimumCapacity: 1) { _ in self.release }, to: Slot.self)
        let value = slot.withUnsafeMutablePointerToElements { $0 }
        value.initialize(to: make())
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return value
    }

    /// The value and its `release`, in one allocation; the key's destructor drops the slot.
    private final class Slot: ManagedBuffer<((UnsafeMutablePointer<Value>) -> Void)?, Value> {
        deinit {
            withUnsafeMutablePointers { release, value in
                release.pointee?(value)
                value.deinitialize(count: 1)
            }
        }
    }
}
