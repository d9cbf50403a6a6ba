import Glibc
import Testing

@testable import Pickers

/// The system layer: the file reader's limits, complete writes through a pipe, the environment,
/// the errno texts and the bounded child process runner.
@Suite("System layer")
struct SystemLayerTests {
  typealias Support = PNGTestSupport

  @Test("a regular file is read whole; one byte over the limit is refused before reading")
  func readsWithinLimit() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    let path = folder + "/data.bin"
    let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    Support.write(bytes, to: path)
    #expect(try readFile(path) == bytes)
    #expect(try readFile(path, maximumSize: bytes.count) == bytes)
    #expect(throws: FileReadError.tooLarge(path: path, limit: bytes.count - 1)) {
      try readFile(path, maximumSize: bytes.count - 1)
    }
    #expect(try readFilePrefix(path, maximumSize: 1_000) == Array(bytes[..<1_000]))
    #expect(try readFilePrefix(path, maximumSize: 1 << 20) == bytes)
    Support.write([], to: folder + "/empty")
    #expect(try readFile(folder + "/empty") == [])
  }

  @Test("missing files, folders and (when asked) FIFOs are refused with their own errors")
  func refusesWhatIsNoFile() throws {
    let folder = Support.temporaryFolder()
    defer { Support.remove(folder) }
    #expect(throws: FileReadError.notFound(path: folder + "/none")) {
      try readFile(folder + "/none")
    }
    #expect(throws: FileReadError.isDirectory(path: folder)) { try readFile(folder) }
    let fifo = folder + "/fifo"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      throws: FileReadError.failed(
        path: fifo, operation: "open", reason: "it is not a regular file")
    ) {
      try readFile(fifo, maximumSize: 100, regularOnly: true)
    }
  }

  @Test("files the kernel reports as empty (/proc) are read to their end")
  func readsProcFiles() throws {
    let text = String(decoding: try readFile("/proc/self/status"), as: UTF8.self)
    #expect(text.hasPrefix("Name:"))
    #expect(text.contains("\nPid:"))
  }

  @Test("a pipe is read to its end in 64 KiB reads, and bounded by the limit")
  func readsPipes() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let writer = Thread { [writeEnd = ends[1]] in
      try? FileDescriptor(rawValue: writeEnd).writeAll(bytes)
      close(writeEnd)
      return []
    }
    let path = "/proc/self/fd/\(ends[0])"
    let read = try readFile(path)
    writer.join()
    close(ends[0])
    #expect(read == bytes)
  }

  @Test("writeAll completes a write larger than a pipe's buffer, and reports EPIPE")
  func writesAllThroughPipe() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let bytes = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    let reader = Thread { [readEnd = ends[0]] in
      var received: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while let count = chunk.withUnsafeMutableBytes({
        try? FileDescriptor(rawValue: readEnd).read(into: $0)
      }), count > 0 {
        received += chunk[..<count]
      }
      return received
    }
    try FileDescriptor(rawValue: ends[1]).writeAll(bytes)
    close(ends[1])
    #expect(reader.join() == bytes)
    close(ends[0])

    #expect(pipe(&ends) == 0)
    close(ends[0])
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    #expect(throws: SystemError(code: EPIPE)) {
      try FileDescriptor(rawValue: ends[1]).writeAll("lost\n")
    }
    close(ends[1])
  }

  @Test("an interrupted read is retried: a signal during a blocked read loses no bytes")
  func retriesInterruptedRead() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    // A handler without SA_RESTART, so that the blocked read really returns EINTR.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    #expect(sigaction(SIGUSR1, &action, &previous) == 0)
    defer { sigaction(SIGUSR1, &previous, nil) }
    let target = pthread_self()
    let sender = Thread { [writeEnd = ends[1]] in
      usleep(50_000)
      pthread_kill(target, SIGUSR1)
      usleep(50_000)
      try? FileDescriptor(rawValue: writeEnd).writeAll("late")
      close(writeEnd)
      return []
    }
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try buffer.withUnsafeMutableBytes {
      try FileDescriptor(rawValue: ends[0]).read(into: $0)
    }
    sender.join()
    #expect(Array(buffer[..<count]) == Array("late".utf8))
  }

  @Test("waitForInput: false after the timeout, true once something is written")
  func waitsForInput() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let end = FileDescriptor(rawValue: ends[0])
    #expect(try end.waitForInput(milliseconds: 10) == false)
    try FileDescriptor(rawValue: ends[1]).writeAll("x")
    #expect(try end.waitForInput(milliseconds: 1_000) == true)
  }

  @Test("the environment: variables() agrees with getenv, value(_:) with the dictionary")
  func readsEnvironment() {
    setenv("PICKERS_SYSTEM_TEST", "a=b c", 1)
    defer { unsetenv("PICKERS_SYSTEM_TEST") }
    let variables = ProcessEnvironment.variables()
    #expect(variables["PICKERS_SYSTEM_TEST"] == "a=b c")
    #expect(ProcessEnvironment.value("PICKERS_SYSTEM_TEST") == "a=b c")
    #expect(ProcessEnvironment.value("PICKERS_SYSTEM_TEST_UNSET") == nil)
    #expect(variables["PATH"] == ProcessEnvironment.value("PATH"))
  }

  @Test("errno texts: lowercase first word, acronyms kept")
  func errorTexts() {
    #expect(SystemError(code: ENOSPC).description == "no space left on device")
    #expect(SystemError(code: EINTR).isInterrupted)
    #expect(lowercasingFirstWord("IHDR: bad width") == "IHDR: bad width")
    #expect(lowercasingFirstWord("Bad file descriptor") == "bad file descriptor")
  }

  @Test("a child's output is collected; too much output and a timeout stop it")
  func runsBoundedChildren() throws {
    let echo = ChildProcess(
      path: "/bin/sh", arguments: ["sh", "-c", "printf hello; exit 3"], environment: nil,
      detachesTerminal: true)
    let outcome = try echo.run().get()
    #expect(outcome.output == Array("hello".utf8))
    #expect(outcome.exitStatus == 3)

    let flood = ChildProcess(
      path: "/bin/sh", arguments: ["sh", "-c", "yes"], environment: nil,
      detachesTerminal: true, maximumOutput: 10_000)
    let flooded = try flood.run().get()
    #expect(flooded.overflowed)
    #expect(flooded.output.count <= 10_000)
    #expect(flooded.signal == SIGTERM)

    let slow = ChildProcess(
      path: "/bin/sh", arguments: ["sh", "-c", "sleep 5"], environment: nil,
      detachesTerminal: true, timeout: 0.2, stopSignal: SIGKILL)
    let start = Self.now()
    let stopped = try slow.run().get()
    #expect(stopped.timedOut)
    #expect(stopped.signal == SIGKILL)
    #expect(Self.now() - start < 3)

    let missing = ChildProcess(path: "/nonexistent/program", arguments: ["x"], environment: [])
    guard case .failure(let failure) = missing.run() else {
      Issue.record("a missing program started")
      return
    }
    #expect(failure.code == ENOENT)
  }

  @Test("the environment given to a child replaces this process's")
  func givesChildEnvironment() throws {
    let child = ChildProcess(
      path: "/bin/sh", arguments: ["sh", "-c", "printf %s \"$ONLY\""],
      environment: ["ONLY=value"], detachesTerminal: true)
    #expect(try child.run().get().output == Array("value".utf8))
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// A closure or a result handed between threads (immutable, so `Sendable`).
private final class Box<Value: Sendable>: Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// A pthread running `body`, joined for its bytes (the tests need a second thread that
/// blocks in a system call, which a task on the cooperative pool must not).
private struct Thread {
  private var thread = pthread_t()

  init(_ body: @escaping @Sendable () -> [UInt8]) {
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        let body = Unmanaged<Box<@Sendable () -> [UInt8]>>.fromOpaque(raw).takeRetainedValue()
        return Unmanaged.passRetained(Box(body.value())).toOpaque()
      }, context)
  }

  @discardableResult
  func join() -> [UInt8] {
    var raw: UnsafeMutableRawPointer?
    pthread_join(thread, &raw)
    guard let raw else { return [] }
    return Unmanaged<Box<[UInt8]>>.fromOpaque(raw).takeRetainedValue().value
  }
}
