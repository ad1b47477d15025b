import Dispatch
import Locking

#if canImport(Glibc)
import Glibc
#endif

/// Threads of its own for requests that may take long (`LayoutService.runsLong`), so that the HTTP
/// workers go on reading and answering every other connection meanwhile: a request handed here has
/// its connection suspended, not its worker blocked. Bounded: at most `capacity` requests wait; one
/// more is refused at once (`submit` answers false) rather than queued without end.
final class ComputePool: Sendable {
    private let jobs = LockedValueBox<[@Sendable () -> Void]>([])
    private let waiting = DispatchSemaphore(value: 0)
    let capacity: Int

    /// `threads` threads, started now, for the life of the process.
    init(threads: Int, capacity: Int) {
        self.capacity = capacity
        for _ in 0..<max(1, threads) {
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { argument in
                Unmanaged<ComputePool>.fromOpaque(argument!).takeRetainedValue().run()
            }, Unmanaged.passRetained(self).toOpaque())
            precondition(started == 0, "pthread_create failed: \(started)")
            pthread_detach(thread)
        }
    }

    /// Queues `job`; false, and nothing queued, when `capacity` jobs wait already.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let queued = jobs.withLockedValue { jobs in
            guard jobs.count < capacity else { return false }
            jobs.append(job)
            return true
        }
        if queued { waiting.signal() }
        return queued
    }

    private func run() -> Never {
        while true {
            waiting.wait()
            let job = jobs.withLockedValue { $0.removeFirst() }
            job()
        }
    }
}
