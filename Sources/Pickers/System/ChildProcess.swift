#if canImport(Glibc)
  import Glibc
#endif

/// One run of another program, to its end, with its standard output collected through a pipe.
///
/// The one way the library runs another program: the desktop helpers (``DesktopHelper``) and
/// the theme clients' `--version` probes (``ClientVersion``) both run theirs this way, bounded
/// in output and, when asked, in time. This type owns every descriptor, `posix_spawn`
/// structure and C string it creates.
struct ChildProcess {
  /// The executable's path.
  var path: String
  /// The whole argument vector, `argv[0]` first.
  var arguments: [String]
  /// `KEY=value` strings for the child, or `nil` for this process's own environment.
  var environment: [String]?
  /// Whether the child's standard input and standard error are `/dev/null` (otherwise the
  /// caller's).
  var detachesTerminal = false
  /// The most output read; a child that writes more is stopped with `stopSignal`.
  var maximumOutput = 1 << 20
  /// Seconds to wait before the child is stopped with `stopSignal`; `nil` waits as long as it
  /// runs (an interactive window).
  var timeout: Double?
  /// The signal that stops a child which writes too much or outlives `timeout`.
  var stopSignal = SIGTERM
  /// Whether SIGINT and SIGTERM sent to this process while the child runs are passed on to
  /// the child; once it has ended, this process then ends by the same signal (a command-line
  /// program's behaviour: a library leaves its host's handlers alone).
  var forwardsSignals = false
  /// Called with the child's process id once it has started, before its output is read (a
  /// caller that may need to stop it early keeps the id).
  var onStart: (@Sendable (pid_t) -> Void)?

  /// How a run ended.
  struct Outcome {
    /// Everything read from the child's standard output (at most `maximumOutput` bytes).
    var output: [UInt8]
    /// The exit status, or `nil` when a signal ended the child.
    var exitStatus: Int32?
    /// The signal that ended the child, or `nil`.
    var signal: Int32?
    /// The child wrote more than `maximumOutput` bytes and was stopped.
    var overflowed = false
    /// The child outlived `timeout` and was stopped.
    var timedOut = false
  }

  /// Starts the child, reads its output and waits for it.
  ///
  /// The child starts with no signal blocked: a caller on a worker thread may have most of
  /// them blocked, and the mask is inherited, so Ctrl-C and SIGTERM would not reach a window.
  /// - Returns: The outcome, or the `errno` of `pipe` or `posix_spawn` when the child could not
  ///   start.
  func run() -> Result<Outcome, SpawnFailure> {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return .failure(SpawnFailure(code: errno)) }
    let (readEnd, writeEnd) = (fds[0], fds[1])
    // Neither end may leak into the child beyond its standard output (dup2 clears the flag).
    _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
    defer { SystemCall.close(readEnd) }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if detachesTerminal {
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp ?? [] { free(pointer) }
    }
    var pid: pid_t = 0
    let forwarding = forwardsSignals ? SignalForwarding() : nil
    let started: Int32
    if let envp {
      started = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    } else {
      started = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    }
    SystemCall.close(writeEnd)
    guard started == 0 else {
      forwarding?.end()
      return .failure(SpawnFailure(code: started))
    }
    forwarding?.begin(child: pid)
    onStart?(pid)

    var outcome = Outcome(output: [])
    collect(from: readEnd, into: &outcome)
    if outcome.overflowed || outcome.timedOut { kill(pid, stopSignal) }
    // Only ECHILD can fail it here (the child is ours and not yet waited for); the zero status
    // then reads as an exit with 0, as before.
    let status = (try? SystemCall.wait(for: pid)) ?? 0
    forwarding?.end()
    // WIFEXITED / WEXITSTATUS are macros: the low 7 bits are the signal, the next 8 the status.
    let signal = status & 0x7f
    if signal == 0 {
      outcome.exitStatus = (status >> 8) & 0xff
    } else {
      outcome.signal = signal
    }
    return .success(outcome)
  }

  /// Reads until end of file, too much output, or the deadline.
  private func collect(from descriptor: Int32, into outcome: inout Outcome) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = timeout.map { Self.now() + $0 }
    while true {
      if let deadline {
        let left = deadline - Self.now()
        if left <= 0 {
          outcome.timedOut = true
          return
        }
        let milliseconds = Int32(min(left, 0.1) * 1000) + 1
        guard
          let ready = try? FileDescriptor(rawValue: descriptor).waitForInput(
            milliseconds: milliseconds)
        else { return }
        if !ready { continue }
      }
      let read = chunk.withUnsafeMutableBytes { try? SystemCall.read(descriptor, into: $0) }
      guard let count = read, count > 0 else { return }
      if outcome.output.count + count > maximumOutput {
        outcome.overflowed = true
        return
      }
      outcome.output += chunk[..<count]
    }
  }

  /// Seconds on the monotonic clock.
  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// The child that SIGINT and SIGTERM are passed on to, and the last such signal received.
///
/// A signal handler is a C function pointer that captures nothing, so these are globals; only
/// ``SignalForwarding`` writes them outside the handler.
nonisolated(unsafe) private var forwardedChild: pid_t = 0
nonisolated(unsafe) private var forwardedSignal: Int32 = 0

/// SIGINT and SIGTERM handlers that pass the signal on to one child while it runs.
///
/// Installed before the child starts (a signal that comes before the child exists is kept and
/// sent once it does) and removed when it has been waited for; this process then ends by the
/// signal it received, with the handlers it had before.
private struct SignalForwarding {
  private static let signals = [SIGINT, SIGTERM]
  private var previous: [sigaction] = []

  init() {
    forwardedChild = 0
    forwardedSignal = 0
    for number in Self.signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { received in
        forwardedSignal = received
        if forwardedChild > 0 { kill(forwardedChild, received) }
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      var old = sigaction()
      sigaction(number, &action, &old)
      previous.append(old)
    }
  }

  /// The child is running: a signal already received goes to it now.
  func begin(child: pid_t) {
    forwardedChild = child
    if forwardedSignal != 0 { kill(child, forwardedSignal) }
  }

  /// The child has ended (or never started): the old handlers return, and a signal received
  /// meanwhile ends this process too.
  func end() {
    forwardedChild = 0
    for (number, old) in zip(Self.signals, previous) {
      var action = old
      sigaction(number, &action, nil)
    }
    let received = forwardedSignal
    forwardedSignal = 0
    if received != 0 { raise(received) }
  }
}

/// `pipe` or `posix_spawn` failed with this `errno`.
struct SpawnFailure: Error {
  var code: Int32
}
