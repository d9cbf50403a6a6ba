#if canImport(Glibc)
  import Glibc
#endif

/// Lists the globals a Wayland compositor advertises, speaking the wire protocol on its socket
/// directly (no libwayland: `pickers` links nothing for it).
///
/// It sends `wl_display.get_registry` and `wl_display.sync`, then reads `wl_registry.global`
/// events until the sync's `wl_callback.done`: by then the compositor has sent every global.
enum WaylandRegistryProbe {
  /// One advertised global: its interface name and version.
  struct Global: Hashable, Sendable {
    var interface: String
    var version: UInt32
  }

  /// Why the globals could not be listed.
  enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// No socket could be connected to at this path.
    case cannotConnect(path: String, errno: Int32)
    /// The compositor closed the connection or sent something that is not the protocol.
    case protocolError(String)
    /// No `wl_callback.done` within the time allowed.
    case timedOut

    var description: String {
      switch self {
      case .cannotConnect(let path, let code):
        "cannot connect to \(path): \(String(cString: strerror(code)))"
      case .protocolError(let text): text
      case .timedOut: "the compositor did not answer in time"
      }
    }
  }

  /// The socket `WAYLAND_DISPLAY` names: an absolute path as is, else inside `XDG_RUNTIME_DIR`;
  /// `nil` when it cannot be told.
  static func socketPath(_ environment: [String: String]) -> String? {
    guard let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return nil }
    if display.hasPrefix("/") { return display }
    guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
    return runtime + "/" + display
  }

  /// The globals of the compositor listening at `path`, waiting at most `milliseconds`.
  static func globals(at path: String, milliseconds: Int) -> Result<[Global], Failure> {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return .failure(.cannotConnect(path: path, errno: errno)) }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else {
      return .failure(.cannotConnect(path: path, errno: ENAMETOOLONG))
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else { return .failure(.cannotConnect(path: path, errno: errno)) }
    // wl_display (object 1): get_registry (opcode 1, new id 2), then sync (opcode 0, new id 3).
    let request =
      message(object: 1, opcode: 1, argument: 2) + message(object: 1, opcode: 0, argument: 3)
    // 24 bytes fit any socket buffer: one send, without SIGPIPE if the compositor has gone.
    let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == request.count else {
      return .failure(.protocolError("the compositor closed the connection"))
    }
    return readGlobals(fd, milliseconds: milliseconds)
  }

  /// A request with one 32-bit argument, in the host's byte order as the protocol wants.
  static func message(object: UInt32, opcode: UInt32, argument: UInt32) -> [UInt8] {
    [object, (12 << 16) | opcode, argument].flatMap { word in
      withUnsafeBytes(of: word) { Array($0) }
    }
  }

  private static func readGlobals(
    _ fd: Int32, milliseconds: Int
  ) -> Result<[Global], Failure> {
    var received: [UInt8] = []
    var globals: [Global] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    let start = monotonicMilliseconds()
    while true {
      let left = milliseconds - (monotonicMilliseconds() - start)
      guard left > 0 else { return .failure(.timedOut) }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, Int32(left))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return .failure(.timedOut) }
      let count = read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        return .failure(.protocolError("the compositor closed the connection"))
      }
      received += chunk[..<count]
      switch parse(&received, into: &globals) {
      case .done: return .success(globals)
      case .more: continue
      case .error(let text): return .failure(.protocolError(text))
      }
    }
  }

  enum Progress: Equatable {
    case more, done
    case error(String)
  }

  /// Takes the whole messages at the start of `buffer`, appending each global to `globals`.
  static func parse(_ buffer: inout [UInt8], into globals: inout [Global]) -> Progress {
    func word(_ offset: Int) -> UInt32 {
      buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
    var offset = 0
    defer { buffer.removeFirst(offset) }
    while buffer.count - offset >= 8 {
      let object = word(offset)
      let header = word(offset + 4)
      let size = Int(header >> 16)
      let opcode = header & 0xFFFF
      guard size >= 8, size % 4 == 0 else { return .error("a malformed message") }
      guard buffer.count - offset >= size else { return .more }
      let body = offset + 8
      switch (object, opcode) {
      case (1, 0):
        return .error("the compositor reported a protocol error")
      case (2, 0) where size >= 20:
        // wl_registry.global(name: uint, interface: string, version: uint)
        let length = Int(word(body + 4))
        let padded = (length + 3) & ~3
        guard length > 0, 8 + 8 + padded + 4 == size else { return .error("a malformed global") }
        let text = buffer[(body + 8)..<(body + 8 + length - 1)]
        globals.append(
          Global(
            interface: String(decoding: text, as: UTF8.self), version: word(body + 8 + padded)))
      case (3, 0):
        offset += size
        return .done
      default: break
      }
      offset += size
    }
    return .more
  }

  private static func monotonicMilliseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int(now.tv_sec) * 1_000 + Int(now.tv_nsec) / 1_000_000
  }
}
