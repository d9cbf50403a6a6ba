import Dispatch
import Glibc
import Synchronization

extension ColorBatch {
  /// What a run over a stream found.
  public struct Summary: Sendable, Hashable {
    /// Lines read.
    public var lines = 0
    /// Colors written.
    public var colors = 0
    /// Lines reported as problems.
    public var problems = 0
  }

  /// How many bytes of input are converted at once.
  ///
  /// A block is split across the processors, and its output is held until it is written.
  /// Reports are also cut at ``blockLines``.
  var blockSize: Int {
    if let testingBlockSize { return testingBlockSize }
    switch output {
    case .css, .hex: return 256 * 1024
    case .report, .reportJSON: return 64 * 1024
    }
  }

  /// The most lines converted at once, for reports (`nil`: only ``blockSize`` bounds a block).
  ///
  /// A report is about a kilobyte whatever its line, so a count of lines bounds the output a
  /// block holds (about 2 MB, a thread's half within its L2 cache) where a count of bytes
  /// would let short lines (a million `red`) hold twice a hex line's. Each block wakes the
  /// other threads once: blocks of 8 KiB made 4,100 context switches for 1 M mixed lines
  /// (about 390 lines a block) and took 4-13% more wall time (docs/bench.md).
  var blockLines: Int? {
    if let testingBlockLines { return testingBlockLines }
    switch output {
    case .css, .hex: return nil
    case .report, .reportJSON: return 2048
    }
  }

  /// Below this many bytes one thread converts a whole block: a quarter block, and for
  /// reports (a microsecond or two a line) 2 KiB, so that a block of 2,048 short lines is
  /// still shared.
  var parallelThreshold: Int { blockLines == nil ? blockSize / 4 : min(blockSize / 4, 2048) }

  /// Reads `descriptor` to its end, converting every line, and hands the output to `write`
  /// and each problem to `report` (with its line number from 1), in the order of the lines.
  ///
  /// Both are called on the calling thread, `report` after `write` has had all the output of
  /// the lines before. Everything converted is written before a read that may wait, so with
  /// a pipe the answers appear as the lines arrive. A ``Output/report`` drops the blank line
  /// before the first report and a ``Output/reportJSON`` opens the array with `[` (close it
  /// with ``arrayEnd(count:)``).
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor to read, to its end.
  ///   - processors: How many threads may convert (the online processors by default).
  ///   - write: Called with each run of output bytes, valid during the call.
  ///   - report: Called with each problem and its line number.
  /// - Returns: How many lines, colors and problems there were.
  /// - Throws: `SystemError` when `descriptor` cannot be read; what was converted before is
  ///   written.
  @discardableResult
  public func run(
    reading descriptor: Int32, processors: Int? = nil,
    write: (UnsafeBufferPointer<UInt8>) -> Void, report: (Int, Problem) -> Void
  ) throws(SystemError) -> Summary {
    var state = StreamState(batch: self, processors: max(1, processors ?? OKLabBatch.processors))
    let limit = maximumLineLength
    let blockSize = self.blockSize
    // A block, and room behind it for one line as long as the limit and its newline.
    let capacity = blockSize + limit + 2
    let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { base.deallocate() }
    let buffer = UnsafeMutableBufferPointer(start: base, count: capacity)
    let file = FileDescriptor(rawValue: descriptor)
    var filled = 0
    // Inside a line over the limit, whose bytes are dropped up to its newline.
    var skipping = false
    while true {
      // A block at a time; past it only while one long line fills the block.
      let end = filled < blockSize ? blockSize : capacity
      let got = try file.read(
        into: UnsafeMutableRawBufferPointer(start: base + filled, count: end - filled))
      if skipping {
        let fresh = UnsafeBufferPointer(rebasing: buffer[filled..<(filled + got)])
        guard let newline = fresh.firstIndex(of: 0x0A) else {
          if got == 0 {
            state.reportSkipped(report)
            break
          }
          continue
        }
        state.reportSkipped(report)
        skipping = false
        let rest = filled + got - (newline + 1)
        if rest > 0 {
          memmove(base, base + newline + 1, rest)
        }
        filled = rest
      } else {
        filled += got
      }
      let atEnd = got == 0
      guard atEnd || filled >= blockSize || !Self.readable(descriptor) else { continue }
      // Every complete line (and at the end the last one, newline or not) is converted.
      var complete = filled
      if !atEnd {
        let lines = UnsafeBufferPointer(rebasing: buffer[..<filled])
        complete = (lines.lastIndex(of: 0x0A) ?? -1) + 1
      }
      var start = 0
      while start < complete {
        let end =
          blockLines.map { Self.end(ofLines: $0, in: buffer, from: start, before: complete) }
          ?? complete
        state.convert(UnsafeBufferPointer(rebasing: buffer[start..<end]), write, report)
        start = end
      }
      let rest = filled - complete
      if rest > 0 && complete > 0 {
        memmove(base, base + complete, rest)
      }
      filled = rest
      if atEnd { break }
      if filled > limit {
        skipping = true
        filled = 0
      }
    }
    return state.summary
  }

  /// Where `count` lines from `start` end in `buffer` (after the last one's newline), or `end`
  /// when fewer lines end before it.
  static func end(
    ofLines count: Int, in buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int,
    before end: Int
  ) -> Int {
    guard let base = buffer.baseAddress else { return end }
    var position = start
    for _ in 0..<count {
      guard position < end, let newline = memchr(base + position, 0x0A, end - position) else {
        return end
      }
      position = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
    }
    return position
  }

  /// Whether a read of `descriptor` would return at once (data, its end or an error waiting).
  static func readable(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = withUnsafeMutablePointer(to: &entry) { pointer in
      (try? SystemCall.poll(UnsafeMutableBufferPointer(start: pointer, count: 1), timeout: 0)) ?? 1
    }
    return ready > 0
  }
}

/// The pieces of one run and what has been written so far.
private struct StreamState {
  var batch: ColorBatch
  let processors: Int
  var pieces: [ColorBatch.Piece]
  var summary = ColorBatch.Summary()

  init(batch: ColorBatch, processors: Int) {
    self.batch = batch
    self.processors = processors
    pieces = Array(repeating: ColorBatch.Piece(), count: Self.partsPerProcessor * processors)
  }

  /// How many parts a block is cut into for each processor.
  ///
  /// More parts than threads, taken in turn: a thread that starts late (its processor busy with another process) still takes a
  /// share, where with one part per thread the first to finish waited for the last.
  static let partsPerProcessor = 4

  typealias Write = (UnsafeBufferPointer<UInt8>) -> Void
  typealias Report = (Int, ColorBatch.Problem) -> Void

  /// Reports the line over the limit that ends now.
  mutating func reportSkipped(_ report: Report) {
    summary.lines += 1
    summary.problems += 1
    report(summary.lines, .tooLong)
  }

  /// Converts the complete lines in `text` and writes their output in order.
  mutating func convert(_ text: UnsafeBufferPointer<UInt8>, _ write: Write, _ report: Report) {
    if !batch.nearestGrid
      && summary.lines >= batch.testingNearestGridAfterLines ?? ColorBatch.nearestGridAfterLines
    {
      batch.nearestGrid = true
    }
    let parts = text.count < batch.parallelThreshold || processors == 1 ? 1 : pieces.count
    if parts == 1 {
      batch.convert(text, into: &pieces[0])
      emit(0, write, report)
      return
    }
    // Part k starts after the first newline at or past k/parts of the text.
    var starts = [0]
    for part in 1..<parts {
      let guess = max(starts[part - 1], text.count * part / parts)
      let line = UnsafeBufferPointer(rebasing: text[guess...])
      starts.append(line.firstIndex(of: 0x0A).map { guess + $0 + 1 } ?? text.count)
    }
    starts.append(text.count)
    let bounds = starts
    let batch = self.batch
    // Each thread takes the next part not taken until none is left.
    let next = Atomic<Int>(0)
    pieces.withUnsafeMutableBufferPointer { pieces in
      // Each part writes only its own piece, and concurrentPerform returns when all are done.
      nonisolated(unsafe) let pieces = pieces
      nonisolated(unsafe) let text = text
      DispatchQueue.concurrentPerform(iterations: min(processors, parts)) { _ in
        while case let part = next.wrappingAdd(1, ordering: .relaxed).oldValue, part < parts {
          batch.convert(
            UnsafeBufferPointer(rebasing: text[bounds[part]..<bounds[part + 1]]),
            into: &pieces[part])
        }
      }
    }
    for part in 0..<parts { emit(part, write, report) }
  }

  /// Writes piece `index`'s output and problems, line numbers counted from the lines before.
  private mutating func emit(_ index: Int, _ write: Write, _ report: Report) {
    var piece = ColorBatch.Piece()
    swap(&piece, &pieces[index])
    defer { swap(&piece, &pieces[index]) }
    let first = summary.colors == 0
    let problems = piece.problems
    let colors = piece.colors
    let lines = summary.lines
    piece.bytes.withUnsafeMutableBufferPointer { bytes in
      // The first color of the run: no blank line before it, and `[` opens the array.
      var skip = 0
      if first && colors > 0 {
        switch batch.output {
        case .report: skip = 1
        case .reportJSON: bytes[0] = UInt8(ascii: "[")
        case .css, .hex: break
        }
      }
      var written = 0
      for problem in problems {
        if problem.offset > written {
          write(UnsafeBufferPointer(rebasing: bytes[(written + skip)..<problem.offset]))
          written = problem.offset
          skip = 0
        }
        report(lines + problem.line + 1, problem.problem)
      }
      if bytes.count > written + skip {
        write(UnsafeBufferPointer(rebasing: bytes[(written + skip)...]))
      }
    }
    summary.lines += piece.lines
    summary.colors += colors
    summary.problems += problems.count
  }
}
