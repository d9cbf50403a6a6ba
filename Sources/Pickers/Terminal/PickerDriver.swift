/// Runs a ``TerminalPicker`` on the interactive terminal until the user chooses or cancels.
///
/// Bytes from the terminal go through a ``KeyDecoder``; each key becomes the picker's model
/// event, each new state is drawn with `view` and only the cells that changed are written. A resize redraws everything. Raw
/// mode and the alternate screen are restored before `run` returns, whatever happened.
///
///     let terminal = try Terminal.open()
///     let driver = PickerDriver(terminal: terminal, colorDepth: ColorDepth(environment: env))
///     let final = try driver.run(FontPickerTerminalView(model: FontPickerState(entries: entries)))
///     if case .accepted(let family) = final.outcome { print(family) }
public struct PickerDriver {
  /// The terminal drawn on.
  public let terminal: Terminal
  /// How colors are written.
  public var colorDepth: ColorDepth
  /// How images are drawn in a view's ``Screen/imageArea``, if at all.
  public var imageProtocol: ImageProtocol?
  /// How long to wait after an Escape byte for the rest of a sequence, in milliseconds.
  public var escapeTimeout = 50

  /// Creates a driver.
  public init(terminal: Terminal, colorDepth: ColorDepth, imageProtocol: ImageProtocol? = nil) {
    self.terminal = terminal
    self.colorDepth = colorDepth
    self.imageProtocol = imageProtocol
  }

  /// Asks the terminal which image protocols it supports, waiting at most `timeout` ms.
  ///
  /// Call in raw mode. Bytes typed meanwhile are returned so they are not lost.
  public func detectImageProtocols(timeout: Int = 300) -> TerminalGraphics.Detection {
    terminal.write(TerminalGraphics.detectionQuery)
    var received: [UInt8] = []
    var waited = 0
    while waited < timeout {
      switch terminal.next(timeout: 50) {
      case .input(let bytes): received += bytes
      case .timeout, .resized: waited += 50
      }
      let detection = TerminalGraphics.parseDetection(received)
      if detection.isComplete { return detection }
    }
    return TerminalGraphics.parseDetection(received)
  }

  /// Draws `initial` and feeds it keys until its outcome is decided.
  ///
  /// - Parameters:
  ///   - initial: The starting state.
  ///   - pendingInput: Bytes read before the loop started (typed during detection).
  ///   - preview: Renders the image for a state into the given pixel size; called only when
  ///     `previewIdentity` changes and an image protocol is set.
  ///   - previewIdentity: What the preview depends on (the highlighted family).
  ///   - prepare: Called before each frame to fill in details the state shows (the
  ///     highlighted family's languages), so they are only looked up when needed.
  ///   - observeKeys: Called with every key before it is applied.
  ///   - observe: Called with every new state (to save ratings as they change).
  /// - Returns: The final state.
  /// - Throws: ``TerminalError`` when raw mode cannot be entered.
  public func run<Picker: TerminalPicker>(
    _ initial: Picker,
    pendingInput: [UInt8] = [],
    preview: ((Picker, Int, Int) -> RGBAImage?)? = nil,
    previewIdentity: ((Picker) -> String?)? = nil,
    prepare: ((Picker) -> Picker)? = nil,
    observeKeys: ((Key) -> Void)? = nil,
    observe: ((Picker) -> Void)? = nil
  ) throws(TerminalError) -> Picker {
    try terminal.enterRawMode()
    defer {
      if imageProtocol == .kitty { terminal.write(TerminalGraphics.kittyDelete(id: Self.imageID)) }
      terminal.restore()
    }
    var size = terminal.size
    var state = initial.resized(to: size)
    var decoder = KeyDecoder()
    var shown: Screen?
    var shownPreview: String?
    let renderer = ScreenRenderer(mode: colorDepth)

    func draw() {
      if let prepare { state = prepare(state) }
      let screen = Picker.view(state, size: size)
      var output = renderer.render(screen, over: shown)
      let identity = previewIdentity?(state)
      if let area = screen.imageArea, let imageProtocol, let preview,
        shown == nil || identity != shownPreview
      {
        output += drawImage(area: area, size: size, protocol: imageProtocol) { width, height in
          preview(state, width, height)
        }
        shownPreview = identity
      }
      if !output.isEmpty { terminal.write(output) }
      shown = screen
    }

    for key in decoder.feed(pendingInput) where !state.outcome.isFinished {
      state = Picker.update(state, key)
    }
    draw()
    while !state.outcome.isFinished {
      let keys: [Key]
      switch terminal.next(timeout: decoder.hasPending ? escapeTimeout : nil) {
      case .input(let bytes): keys = decoder.feed(bytes)
      case .timeout: keys = decoder.flush()
      case .resized:
        size = terminal.size
        state = state.resized(to: size)
        shown = nil
        keys = []
      }
      for key in keys where !state.outcome.isFinished {
        observeKeys?(key)
        state = Picker.update(state, key)
        observe?(state)
      }
      if !state.outcome.isFinished { draw() }
    }
    return state
  }

  static let imageID = 4_242

  private func drawImage(
    area: Screen.Area, size: TerminalSize, protocol kind: ImageProtocol,
    render: (Int, Int) -> RGBAImage?
  ) -> String {
    let cell = size.cellPixelSize
    // Sixel images that reach the last cell row make the terminal scroll: keep a margin.
    let pixelWidth = area.width * cell.width
    let pixelHeight = area.height * cell.height - (kind == .sixel ? cell.height / 2 : 0)
    let blank = String(repeating: " ", count: area.width)
    var output = ""
    if kind == .sixel {
      // Erase the previous picture: sixel pixels stay until text overwrites them.
      for row in area.row..<(area.row + area.height) {
        output += ANSI.moveTo(row: row, column: area.column) + ANSI.reset + blank
      }
    } else {
      output += TerminalGraphics.kittyDelete(id: Self.imageID)
    }
    guard pixelWidth > 0, pixelHeight > 0, let image = render(pixelWidth, pixelHeight) else {
      return output
    }
    output += ANSI.moveTo(row: area.row, column: area.column)
    switch kind {
    case .kitty:
      let columns = min(area.width, (image.width + cell.width - 1) / cell.width)
      let rows = min(area.height, (image.height + cell.height - 1) / cell.height)
      output += TerminalGraphics.kitty(image, columns: columns, rows: rows, id: Self.imageID)
    case .sixel:
      output += TerminalGraphics.sixel(image)
    }
    return output
  }
}
