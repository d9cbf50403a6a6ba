import Testing

@testable import Pickers

@Suite("Key decoder")
struct KeyDecoderTests {
  /// Sequences as xterm documents them (ctlseqs: "PC-Style Function Keys", "Mouse Tracking").
  static let named: [(bytes: String, key: Key)] = [
    ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}OD", .left),
    ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;2C", .shiftRight),
    ("\u{1B}[1;2D", .shiftLeft),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
    ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end),
    ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\t", .tab), ("\r", .enter),
    ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\u{03}", .control("c")),
    ("\u{15}", .control("u")), ("7", .character("7")), ("a", .character("a")),
    ("é", .character("é")), ("字", .character("字")), ("\u{1B}[<64;10;5M", .wheelUp),
    ("\u{1B}[<65;10;5M", .wheelDown), ("\u{1B}[<68;1;1M", .wheelUp),
  ]

  @Test("each documented sequence decodes to its key")
  func namedSequences() {
    for (bytes, key) in Self.named {
      var decoder = KeyDecoder()
      #expect(decoder.feed(Array(bytes.utf8)) == [key], "\(Array(bytes.utf8))")
      #expect(!decoder.hasPending)
    }
  }

  @Test("one read holding several keys yields all of them in order")
  func severalKeysInOneRead() {
    var decoder = KeyDecoder()
    let keys = decoder.feed(Array("ab\u{1B}[B\u{1B}[5~3\r".utf8))
    #expect(keys == [.character("a"), .character("b"), .down, .pageUp, .character("3"), .enter])
  }

  @Test("a stream split at every position decodes the same as whole")
  func splitAtEveryPosition() {
    let stream = Array(
      "Noto\u{1B}[1;2C\u{1B}[<65;3;4M字\u{1B}[6~\u{1B}OB\u{1B}[Z\u{7F}é\r\u{03}".utf8)
    var whole = KeyDecoder()
    let expected = whole.feed(stream)
    #expect(expected.count == 14)  // 4 letters and 10 keys
    for first in 0...stream.count {
      for second in first...stream.count {
        var decoder = KeyDecoder()
        var keys = decoder.feed(stream[0..<first])
        keys += decoder.feed(stream[first..<second])
        keys += decoder.feed(stream[second...])
        #expect(keys == expected, "split at \(first), \(second)")
      }
    }
  }

  @Test("a lone Escape waits for the timeout, then is reported by flush")
  func loneEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPending)
  }

  @Test("Escape twice is one lone Escape and a pending one")
  func doubleEscape() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
    #expect(decoder.flush() == [.escape])
  }

  @Test("an unfinished CSI sequence is held, then flushed as Escape and its characters")
  func unfinishedSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
    #expect(decoder.flush() == [.escape, .character("["), .character("1"), .character(";")])
  }

  @Test("mouse clicks and unknown sequences do not become keys that act")
  func ignoredSequences() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[<0;3;4M\u{1B}[<0;3;4m".utf8)).isEmpty)
    #expect(decoder.feed(Array("\u{1B}[99~".utf8)) == [.unknown(Array("\u{1B}[99~".utf8))])
  }

  @Test("an endless escape sequence is dropped instead of growing the buffer")
  func garbageIsBounded() {
    var decoder = KeyDecoder()
    _ = decoder.feed([0x1B, 0x5B] + Array(repeating: 0x31, count: 200))
    #expect(decoder.pending.count <= KeyDecoder.maximumSequenceLength + 2)
    #expect(decoder.feed(Array("x".utf8)).last == .character("x"))
  }
}
