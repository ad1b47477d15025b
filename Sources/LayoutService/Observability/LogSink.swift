import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Where JSON log lines go: standard error, through one process-wide buffer.
///
/// A line per request written with its own `write(2)` costs a system call on the hot path; here lines
/// are appended under a lock and written together when 32 KiB have gathered or every 100 ms,
/// whichever comes first, and on `flush()` (the process calls it before exiting). The writing happens
/// outside that lock, on a swapped-out buffer, so request threads never wait for `write(2)`.
public final class LogSink: @unchecked Sendable {
    public static let standardError = LogSink(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    /// Guards `buffer`, held only to append or swap.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Held while a batch is written, so batches reach the descriptor in order.
    private let writing: UnsafeMutablePointer<pthread_mutex_t>
    private var buffer: [UInt8] = []
    private var outgoing: [UInt8] = []
    private let threshold = 32 * 1024
    private let timer: any DispatchSourceTimer

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        writing = .allocate(capacity: 1)
        pthread_mutex_init(writing, nil)
        buffer.reserveCapacity(2 * threshold)
        outgoing.reserveCapacity(2 * threshold)
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "layoutd.log-flush"))
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [unowned self] in self.flush() }
        timer.resume()
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        pthread_mutex_lock(mutex)
        buffer.append(contentsOf: bytes)
        let full = buffer.count >= threshold
        pthread_mutex_unlock(mutex)
        if full { flush() }
    }

    /// Writes out everything gathered so far.
    public func flush() {
        pthread_mutex_lock(writing)
        defer { pthread_mutex_unlock(writing) }
        pthread_mutex_lock(mutex)
        swap(&buffer, &outgoing)
        pthread_mutex_unlock(mutex)
        var written = 0
        while written < outgoing.count {
            let result = outgoing[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if result <= 0 { break }
            written += result
        }
        outgoing.removeAll(keepingCapacity: true)
    }
}
