#if canImport(Glibc)
import Glibc
#endif

/// A new thread-specific key, whose `destructor` (if any) runs with a thread's value when the thread
/// ends. Every key here is made once, by a `static let`, and a process has at least 128, so running
/// out is a bug: it stops the process, naming what wanted the key.
func makeThreadSpecificKey(
    for purpose: StaticString, destructor: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = nil
) -> pthread_key_t {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, destructor) == 0, "no thread-specific key left for \(purpose)")
    return key
}
