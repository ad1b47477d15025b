import Dispatch

#if canImport(Glibc)
import Glibc
import WireKit
#endif

/// Where JSON log lines go: standard error, through one process-wide buffer.
///
/// A line per request written with its own `write(2)` costs a system call on the hot path; here lines
/// are formatted straight into one buffer under a lock (no buffer of their own) and written together
/// when 32 KiB have gathered or every 100 ms, whichever comes first, and on `flush()` (the process
/// calls it before exiting). The writing happens outside that lock, on a swapped-out buffer, so
/// request threads never wait for `write(2)`.
public final class LogSink: @unchecked Sendable {
    public static let standardError = LogSink(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    /// Guards `gathering`, held only to append or swap.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Held while a batch is written, so batches reach the descriptor in order.
    private let writing: UnsafeMutablePointer<pthread_mutex_t>
    private static let threshold = 32 * 1024
    /// What `mutex` guards: the lines gathered and the timestamp formatter. Behind a pointer, not in
    /// stored properties, so each line pays no dynamic exclusivity check for its `inout` accesses.
    private struct Gathering {
        var buffer = JSONWriter(capacity: 2 * threshold)
        var timestamp = LogTimestamp()
    }
    private let gathering: UnsafeMutablePointer<Gathering>
    /// The batch being written; touched only under `writing`.
    private var outgoing = JSONWriter(capacity: 2 * threshold)
    private let timer: any DispatchSourceTimer

    /// A sink for `descriptor` (standard error is `standardError`; benchmarks point one at /dev/null).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        writing = .allocate(capacity: 1)
        pthread_mutex_init(writing, nil)
        gathering = .allocate(capacity: 1)
        gathering.initialize(to: Gathering())
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "layoutd.log-flush"))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.cancel()
        flush()
        gathering.deinitialize(count: 1)
        gathering.deallocate()
        for lock in [mutex, writing] {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
    }

    /// Appends one line, formatted by `line` directly into the shared buffer, with the sink's
    /// timestamp formatter (lines are appended in time order, so it reformats once a second).
    func append(_ line: (inout JSONWriter, inout LogTimestamp) -> Void) {
        pthread_mutex_lock(mutex)
        line(&gathering.pointee.buffer, &gathering.pointee.timestamp)
        let full = gathering.pointee.buffer.count >= Self.threshold
        pthread_mutex_unlock(mutex)
        if full { flush() }
    }

    /// Writes out everything gathered so far.
    public func flush() {
        pthread_mutex_lock(writing)
        defer { pthread_mutex_unlock(writing) }
        pthread_mutex_lock(mutex)
        swap(&gathering.pointee.buffer, &outgoing)
        pthread_mutex_unlock(mutex)
        outgoing.withBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result <= 0 { break }
                written += result
            }
        }
        outgoing.removeAll()
    }
}
