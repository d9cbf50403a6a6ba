import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a call that might block (a D-Bus connection, an X server that accepts and never
/// answers) on its own thread, and stops waiting for it after a deadline.
///
/// A call still running at the deadline is left to finish on its thread, which owns
/// everything it touches; its answer is then dropped. For the probes of ``SystemReport``,
/// whose process ends soon after.
enum BoundedCall {
  /// What the waiting side and the worker thread share.
  final class Box<Value: Sendable>: Sendable {
    let body: @Sendable () -> Value
    let answer = Mutex<Value?>(nil)
    // Initialised once, then only passed to sem_post / sem_timedwait, which are thread-safe.
    nonisolated(unsafe) let semaphore: UnsafeMutablePointer<sem_t>

    init(_ body: @escaping @Sendable () -> Value) {
      self.body = body
      semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
      sem_init(semaphore, 0, 0)
    }

    deinit {
      sem_destroy(semaphore)
      semaphore.deallocate()
    }
  }

  /// `body`'s answer, or `nil` when it did not return within `milliseconds` (or no thread
  /// could be started).
  static func run<Value: Sendable>(
    milliseconds: Int, _ body: @escaping @Sendable () -> Value
  ) -> Value? {
    let box = Box(body)
    let context = Unmanaged.passRetained(box as AnyObject).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { argument in
        guard let argument else { return nil }
        let object = Unmanaged<AnyObject>.fromOpaque(argument).takeRetainedValue()
        (object as? any Runnable)?.runAndSignal()
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<AnyObject>.fromOpaque(context).release()
      return nil
    }
    pthread_detach(thread)
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = Int(deadline.tv_nsec) + (milliseconds % 1_000) * 1_000_000
    deadline.tv_sec += milliseconds / 1_000 + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    while sem_timedwait(box.semaphore, &deadline) != 0 {
      if errno != EINTR { return nil }
    }
    return box.answer.withLock { $0 }
  }
}

/// The worker thread's view of a ``BoundedCall/Box``, whatever its value type.
private protocol Runnable: AnyObject {
  func runAndSignal()
}

extension BoundedCall.Box: Runnable {
  func runAndSignal() {
    let value = body()
    answer.withLock { $0 = value }
    sem_post(semaphore)
  }
}
