import Testing

@testable import Pickers

@Suite("System accents")
struct SystemAccentTests {
  @Test("the table holds Apple's published values for blue and gray")
  func values() {
    // Apple Human Interface Guidelines, Color, iOS system colors.
    #expect(SystemAccent.blue.rgb8(.light) == (0, 122, 255))
    #expect(SystemAccent.blue.rgb8(.dark) == (10, 132, 255))
    #expect(SystemAccent.gray.rgb8(.light) == SystemAccent.gray.rgb8(.dark))
    #expect(SystemAccent.allCases.count == 13)
  }

  @Test("system-NAME, system-NAME-light and system-NAME-dark are recognised, others are not")
  func names() throws {
    let dark = try #require(SystemAccent.named("System-Blue-Dark"))
    #expect(dark.accent == .blue && dark.scheme == .dark)
    let light = try #require(SystemAccent.named("system-mint-light"))
    #expect(light.accent == .mint && light.scheme == .light)
    #expect(SystemAccent.named("system-teal")?.scheme == .light)
    for bad in ["blue", "system-", "system-blue-dim", "systemblue", "system-dark"] {
      #expect(SystemAccent.named(bad) == nil, "\(bad)")
    }
  }

  @Test("each accent's name reads back as itself")
  func roundTrip() {
    for accent in SystemAccent.allCases {
      for scheme in ColorScheme.allCases {
        let parsed = SystemAccent.named(accent.name(scheme))
        #expect(parsed?.accent == accent && parsed?.scheme == scheme)
      }
    }
  }
}
