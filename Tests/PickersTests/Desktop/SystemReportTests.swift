import Foundation
import Testing

@testable import Pickers

@Suite("SystemReport: bounded probes, the Wayland reader, the JSON shape")
struct SystemReportTests {
  @Test("a bounded call returns a quick answer and gives up on a slow one at its deadline")
  func boundedCall() {
    #expect(BoundedCall.run(milliseconds: 2_000) { 42 } == 42)
    let start = Date()
    let slow = BoundedCall.run(milliseconds: 100) { () -> Int in
      usleep(1_500_000)
      return 1
    }
    let waited = Date().timeIntervalSince(start)
    #expect(slow == nil)
    #expect(waited >= 0.09 && waited < 1.0, "waited \(waited) s")
  }

  @Test("wl_registry.global events are read up to the sync's done, split anywhere")
  func waylandParse() {
    // Encoded from the protocol's wire format: object, (size << 16 | opcode), arguments.
    func words(_ values: [UInt32]) -> [UInt8] {
      values.flatMap { value in withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    }
    func global(_ name: UInt32, _ interface: String, _ version: UInt32) -> [UInt8] {
      var text = Array(interface.utf8) + [0]
      let length = UInt32(text.count)
      while text.count % 4 != 0 { text.append(0) }
      let size = UInt32(8 + 4 + 4 + text.count + 4)
      return words([2, size << 16, name, length]) + text + words([version])
    }
    let stream =
      global(1, "wl_compositor", 5) + global(7, "zwlr_data_control_manager_v1", 2)
      + words([3, 12 << 16, 0]) + words([2, 12 << 16, 99])
    for split in [1, 5, 13, stream.count] {
      var buffer: [UInt8] = []
      var globals: [WaylandRegistryProbe.Global] = []
      var progress = WaylandRegistryProbe.Progress.more
      var offset = 0
      while progress == .more && offset < stream.count {
        let end = min(offset + split, stream.count)
        buffer += stream[offset..<end]
        offset = end
        progress = WaylandRegistryProbe.parse(&buffer, into: &globals)
      }
      #expect(progress == .done, "split \(split)")
      #expect(
        globals == [
          .init(interface: "wl_compositor", version: 5),
          .init(interface: "zwlr_data_control_manager_v1", version: 2),
        ])
    }
    var broken = words([2, 4 << 16])
    var none: [WaylandRegistryProbe.Global] = []
    #expect(WaylandRegistryProbe.parse(&broken, into: &none) == .error("a malformed message"))
  }

  @Test("WAYLAND_DISPLAY: an absolute path as is, a name inside XDG_RUNTIME_DIR")
  func socketPath() {
    #expect(WaylandRegistryProbe.socketPath(["WAYLAND_DISPLAY": "/run/w"]) == "/run/w")
    #expect(
      WaylandRegistryProbe.socketPath(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": "/r"])
        == "/r/wayland-1")
    #expect(WaylandRegistryProbe.socketPath(["WAYLAND_DISPLAY": "wayland-1"]) == nil)
    #expect(WaylandRegistryProbe.socketPath([:]) == nil)
  }

  @Test("a report encodes as an object keyed by check name, each with the same four keys")
  func jsonShape() throws {
    let report = SystemReport(checks: [
      .ok("x11", ":1 answers", ["display": .text(":1")]),
      .missing("gtk4", "GTK 4 (Debian: libgtk-4-1)", "not found", ["library": .null]),
    ])
    let bytes = try JSONWriter().encode(report)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: [String: Any]])
    #expect(Set(object.keys) == ["x11", "gtk4"])
    for check in object.values {
      #expect(Set(check.keys) == ["status", "value", "fix", "details"])
    }
    #expect(object["x11"]?["fix"] is NSNull)
    #expect(object["gtk4"]?["fix"] as? String == "GTK 4 (Debian: libgtk-4-1)")
    #expect(
      report.text == "x11: ok (:1 answers)\ngtk4: missing: GTK 4 (Debian: libgtk-4-1) (not found)\n"
    )
  }

  @Test("canWrite: an existing folder, a path to create under it, not under a file")
  func canWrite() throws {
    let folder = NSTemporaryDirectory() + "pickers-canwrite-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(SystemReport.canWrite(folder))
    #expect(SystemReport.canWrite(folder + "/not/yet/there"))
    let file = folder + "/file"
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    #expect(SystemReport.canWrite(file))
    #expect(SystemReport.canWrite(file + "/below") == false)
  }
}
