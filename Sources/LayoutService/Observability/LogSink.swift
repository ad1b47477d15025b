import Dispatch
import Locking

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
public final class LogSink: Sendable {
    public static let standardError = LogSink(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    private static let threshold = 32 * 1024
    /// The lines gathered and the timestamp formatter, held only to append or swap.
    private struct Gathering {
        var buffer = JSONWriter(capacity: 2 * threshold)
        var timestamp = LogTimestamp()
    }
    private let gathering = LockedValueBox(Gathering())
    /// The batch being written, held while it is, so batches reach the descriptor in order.
    private let outgoing = LockedValueBox(JSONWriter(capacity: 2 * threshold))
    /// (In a lock: a timer is not `Sendable`; only `init` and `deinit` touch it.)
    private let timer: LockedValueBox<any DispatchSourceTimer>

    /// A sink for `descriptor` (standard error is `standardError`; benchmarks point one at /dev/null).
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "layoutd.log-flush"))
        self.timer = LockedValueBox(timer)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.flush() }
        timer.resume()
    }

    deinit {
        timer.withLockedValue { $0.cancel() }
        flush()
    }

    /// Appends one line, formatted by `line` directly into the shared buffer, with the sink's
    /// timestamp formatter (lines are appended in time order, so it reformats once a second).
    func append(_ line: (inout JSONWriter, inout LogTimestamp) -> Void) {
        let full = gathering.withLockedValue { gathering in
            line(&gathering.buffer, &gathering.timestamp)
            return gathering.buffer.count >= Self.threshold
        }
        if full { flush() }
    }

    /// Writes out everything gathered so far.
    public func flush() {
        outgoing.withLockedValue { outgoing in
            gathering.withLockedValue { swap(&$0.buffer, &outgoing) }
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
}
