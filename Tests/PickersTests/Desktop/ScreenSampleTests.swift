import Testing

@testable import Pickers

@Suite("ScreenSample: the sampler helper's lines")
struct ScreenSampleTests {
  @Test("a line reads back as the pixel and position it was written from")
  func roundTrip() throws {
    // Every 8-bit value of each channel, at both known and unknown positions.
    for value in 0...255 {
      let byte = UInt8(value)
      for (x, y) in [(0, 0), (1279, 799), (nil, nil), (32_767, 5)] as [(Int?, Int?)] {
        let sample = ScreenSample(
          pixel: RGBA8(red: byte, green: 255 - byte, blue: byte / 2), x: x, y: y)
        #expect(ScreenSample(line: sample.line) == sample)
      }
    }
  }

  @Test("the documented form: #rrggbb X Y, -1 for an unknown coordinate, later fields ignored")
  func documentedForm() throws {
    let sample = try #require(ScreenSample(line: "#3366CC 120 48 extra"))
    #expect(sample.pixel == RGBA8(red: 0x33, green: 0x66, blue: 0xcc))
    #expect(sample.x == 120 && sample.y == 48)
    #expect(ScreenSample(line: "#3366cc -1 -1")?.x == nil)
    #expect(ScreenSample(line: "#3366cc -1 -1")?.line == "#3366cc -1 -1")
    #expect(ScreenSample.samples(in: "#ff0000 1 2\n#00ff00 -1 -1\n")?.count == 2)
  }

  @Test(
    "malformed lines are refused",
    arguments: [
      "", "#3366cc", "#3366cc 1", "3366cc 1 2", "#3366c 1 2", "#3366ccc 1 2", "#33g6cc 1 2",
      "#3366cc x 2", "#3366cc 1 -2", "#3366cc 1 2.5",
    ])
  func malformed(line: String) {
    #expect(ScreenSample(line: line) == nil)
    #expect(ScreenSample.samples(in: "#000000 1 1\n" + line + "\n") == nil || line.isEmpty)
  }

  @Test("the session picks the backend: Wayland first, then DISPLAY, else none")
  func preferredBackend() {
    #expect(ScreenSampleBackend.preferred(environment: ["DISPLAY": ":0"]) == .x11)
    #expect(
      ScreenSampleBackend.preferred(environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wl-0"])
        == .portal)
    #expect(
      ScreenSampleBackend.preferred(environment: ["DISPLAY": ":0", "XDG_SESSION_TYPE": "wayland"])
        == .portal)
    #expect(
      ScreenSampleBackend.preferred(environment: ["DISPLAY": ":1", "XDG_SESSION_TYPE": "x11"])
        == .x11)
    #expect(ScreenSampleBackend.preferred(environment: [:]) == nil)
    #expect(
      ScreenSampleBackend.preferred(environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]) == nil)
  }
}
