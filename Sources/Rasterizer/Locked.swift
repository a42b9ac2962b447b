#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex, for state that threads share (font caches, the pipeline's results).
///
/// Synchronization's `Mutex` locks with futexes directly on Linux, which ThreadSanitizer cannot see: a correct
/// program guarded by it gets data-race reports, so TSan could not guard the pipeline. ThreadSanitizer
/// intercepts `pthread_mutex_lock`, so with this lock its reports are real.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["frames", default: 0] += 1 }
/// ```
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// `value`, guarded from now on.
    package init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    /// - Throws: what `body` throws (the lock is released first).
    package func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
