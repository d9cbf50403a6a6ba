import CGtk
import Glibc
import Pickers

/// The font window: a GTK view of ``FontPickerState``, with a preview drawn by pickers' own
/// renderer.
///
/// Every widget signal becomes one ``FontPickerEvent``; the window then redraws from the new
/// state (`updating` keeps those redraws from echoing back as events). Ratings are saved to the
/// same favourites file as the terminal picker's, as soon as they change.
@MainActor
final class FontWindow {
  /// The command-line options of `pickers-gtk font`.
  struct Options {
    var language: String?
    var monospaced: Bool
    var initial: String?
    var faces: Bool
  }

  /// The longest sample text rendered (the picture is bounded by the renderer too).
  static let maximumSampleLength = 500
  /// The sizes the size stepper allows, in pixels per em.
  static let sizeRange = 6.0...240.0

  private(set) var state: FontPickerState
  let window: Widget
  private let catalog: FontCatalog
  private let store: FavoriteStore?
  private var savedRatings: [String: Int]
  /// Why the last save of the ratings failed, if it did.
  private(set) var saveWarning: String?
  private let environment: [String: String]
  let geometry: GeometryReport

  private let names: OpaquePointer  // GtkStringList, owned by `selection`
  private let selection: OpaquePointer  // GtkSingleSelection, owned by `list`
  private var listed: [Int] = []
  /// Whether the first frame is on screen (until then nothing opens a font file).
  private var shown = false
  private var search: Widget
  private var list: Widget
  private var monoToggle: Widget
  private var colorToggle: Widget
  private var favoritesToggle: Widget
  private var languageEntry: Widget
  private var sampleEntry: Widget
  private var sizeSpin: Widget
  private var faceDropDown: Widget
  private let faceNames: OpaquePointer  // GtkStringList, owned by `faceDropDown`
  private var axesBox: Widget
  private var picture: Widget
  private var detail: Widget
  private var stars: [Widget] = []
  private var updating = false

  private var renderer: TextRenderer?
  private var previewFamily: String?
  private var members: [FontFace] = []
  private var faceIndex = 0
  private var axisValues: [String: Double] = [:]

  init(options: Options, environment: [String: String]) throws {
    self.environment = environment
    geometry = GeometryReport(environment: environment)
    catalog = try FontCatalog()
    let entries = try FontPickerState.entries(catalog.faces(), perFace: options.faces)
    store = try? FavoriteStore(environment: environment)
    var ratings: [String: Int] = [:]
    if let store {
      let loaded = try store.load()
      if let warning = loaded.warning { writeError("pickers: warning: \(warning)\n") }
      ratings = loaded.favorites.ratings
    }
    savedRatings = ratings
    state = FontPickerState(entries: entries, ratings: ratings, initial: options.initial)

    guard let names = gtk_string_list_new(nil), let faceNames = gtk_string_list_new(nil),
      let selection = gtk_single_selection_new(cgtk_list_model(UnsafeMutableRawPointer(names)))
    else { throw FontWindowError.outOfMemory }
    self.names = names
    self.faceNames = faceNames
    self.selection = selection
    gtk_single_selection_set_autoselect(selection, 0)
    gtk_single_selection_set_can_unselect(selection, 1)
    window = Widgets.checked(gtk_window_new())
    search = Widgets.checked(gtk_entry_new())
    list = Widgets.checked(
      gtk_list_view_new(cgtk_selection_model(UnsafeMutableRawPointer(selection)), nil))
    monoToggle = Widgets.checked(gtk_toggle_button_new_with_label("Monospace"))
    colorToggle = Widgets.checked(gtk_toggle_button_new_with_label("Color fonts"))
    favoritesToggle = Widgets.checked(gtk_toggle_button_new_with_label("★ Favourites"))
    languageEntry = Widgets.checked(gtk_entry_new())
    sampleEntry = Widgets.checked(gtk_entry_new())
    sizeSpin = Widgets.checked(
      gtk_spin_button_new_with_range(Self.sizeRange.lowerBound, Self.sizeRange.upperBound, 1))
    faceDropDown = Widgets.checked(
      gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(faceNames)), nil))
    axesBox = Widgets.box(vertical: true, spacing: 4)
    picture = Widgets.checked(gtk_picture_new())
    detail = Widgets.label("")
    if let factory = makeFactory() {
      gtk_list_view_set_factory(cgtk_list_view(list), factory)
      g_object_unref(UnsafeMutableRawPointer(factory))
    }
    build(options)
    if options.monospaced || options.language != nil { applyFilters() }
    refresh()
    // Map first: the faces, the preview and the rows' own fonts come after the first frame.
    Signals.afterFirstPaint(window) { [self] in
      shown = true
      scrollToSelection()
      refresh()
      scheduleRowFonts()
    }
  }

  // MARK: Building

  /// The list's rows: a label per family, first in the interface font, then (once the window is
  /// on screen, a few rows per idle moment) in that family.
  ///
  /// Drawing a row in its own font opens the font file; doing it lazily lets the window map
  /// without opening any, and keeps a search keystroke from waiting on the rows it reveals.
  private func makeFactory() -> OpaquePointer? {
    guard let factory = gtk_signal_list_item_factory_new() else { return nil }
    Signals.connectPointer(factory, "setup") { item in
      let label = Widgets.label("")
      // Ellipsized names keep the list as wide as asked, whatever the families are called.
      gtk_label_set_ellipsize(cgtk_label(label), PANGO_ELLIPSIZE_END)
      Widgets.pad(label, 4)
      gtk_list_item_set_child(cgtk_list_item(item), label)
    }
    Signals.connectPointer(factory, "bind") { [self] item in
      guard let label = gtk_list_item_get_child(cgtk_list_item(item)),
        let object = gtk_list_item_get_item(cgtk_list_item(item)),
        let text = gtk_string_object_get_string(cgtk_string_object(object))
      else { return }
      let answer = String(cString: text)
      gtk_label_set_text(cgtk_label(label), answer)
      Self.setFont(of: label, family: nil)
      let family = answer.split(separator: ":", maxSplits: 1).first.map(String.init) ?? answer
      pendingRowFonts[UInt(bitPattern: label)] = (label, family)
      followFocus(of: label, item: item)
      scheduleRowFonts()
    }
    for signal in ["unbind", "teardown"] {
      Signals.connectPointer(factory, signal) { [self] item in
        guard let label = gtk_list_item_get_child(cgtk_list_item(item)) else { return }
        pendingRowFonts[UInt(bitPattern: label)] = nil
      }
    }
    return factory
  }

  /// Rows whose label still shows the interface font, by the label's address.
  private var pendingRowFonts: [UInt: (label: Widget, family: String)] = [:]
  private var rowFontsScheduled = false
  /// Row widgets whose focus already selects their row.
  private var focusFollowed: Set<UInt> = []

  /// Draws a row's label at the list's size, in `family` (`nil`: the interface font).
  private static func setFont(of label: Widget, family: String?) {
    guard let attributes = pango_attr_list_new() else { return }
    if let family { pango_attr_list_insert(attributes, pango_attr_family_new(family)) }
    pango_attr_list_insert(attributes, pango_attr_size_new(15 * PANGO_SCALE))
    gtk_label_set_attributes(cgtk_label(label), attributes)
    pango_attr_list_unref(attributes)
  }

  /// Gives pending rows their own font, a few per idle moment after the window is shown.
  private func scheduleRowFonts() {
    guard shown, !rowFontsScheduled, !pendingRowFonts.isEmpty else { return }
    rowFontsScheduled = true
    Signals.idle(priority: G_PRIORITY_LOW) { [self] in
      for (key, row) in pendingRowFonts.prefix(4) {
        pendingRowFonts[key] = nil
        Self.setFont(of: row.label, family: row.family)
      }
      rowFontsScheduled = !pendingRowFonts.isEmpty
      return rowFontsScheduled
    }
  }

  /// Selects a row when it gets the keyboard focus, so the focus ring and the selection (what
  /// Enter chooses) never disagree.
  private func followFocus(of label: Widget, item: gpointer?) {
    guard let row = gtk_widget_get_parent(label),
      focusFollowed.insert(UInt(bitPattern: row)).inserted,
      let controller = gtk_event_controller_focus_new()
    else { return }
    let itemAddress = UInt(bitPattern: item)
    Signals.connect(controller, "enter") { [self] in
      guard let item = UnsafeMutableRawPointer(bitPattern: itemAddress) else { return }
      let position = gtk_list_item_get_position(cgtk_list_item(item))
      guard position != GTK_INVALID_LIST_POSITION, Int(position) != state.selection else { return }
      send(.select(Int(position)))
    }
    gtk_widget_add_controller(row, controller)
  }

  private func build(_ options: Options) {
    gtk_window_set_title(cgtk_window(window), "pickers · font")
    gtk_window_set_default_size(cgtk_window(window), 900, 560)
    let content = Widgets.box(vertical: true, spacing: 10)
    Widgets.pad(content, 14)

    gtk_entry_set_placeholder_text(cgtk_entry(search), "Search families (as font list --search)")
    Signals.connect(search, "changed") { [self] in
      guard !updating else { return }
      send(.setQuery(Widgets.text(search)))
    }
    cgtk_accessible_set_label(search, "Search families")
    geometry.name("search", search)
    Widgets.append(content, search)

    let filters = Widgets.box(vertical: false, spacing: 8)
    gtk_toggle_button_set_active(cgtk_toggle_button(monoToggle), options.monospaced ? 1 : 0)
    gtk_editable_set_text(cgtk_editable(languageEntry), options.language ?? "")
    gtk_entry_set_placeholder_text(cgtk_entry(languageEntry), "language: ja, ar, pt-br")
    gtk_editable_set_width_chars(cgtk_editable(languageEntry), 18)
    for toggle in [monoToggle, colorToggle] {
      Signals.connect(toggle, "toggled") { [self] in
        guard !updating else { return }
        applyFilters()
      }
    }
    Signals.connect(languageEntry, "changed") { [self] in
      guard !updating else { return }
      applyFilters()
    }
    Signals.connect(favoritesToggle, "toggled") { [self] in
      guard !updating else { return }
      send(
        .setFavoritesOnly(gtk_toggle_button_get_active(cgtk_toggle_button(favoritesToggle)) != 0))
    }
    cgtk_accessible_set_label(languageEntry, "Language")
    cgtk_accessible_set_label(list, "Font families")
    Widgets.append(filters, monoToggle, colorToggle, favoritesToggle, languageEntry)
    Widgets.append(content, filters)

    let panes = Widgets.box(vertical: false, spacing: 14)
    gtk_widget_set_vexpand(panes, 1)
    let scroller = Widgets.checked(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(cgtk_scrolled_window(scroller), list)
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_size_request(scroller, 320, 300)
    Signals.connectPointer(UnsafeMutableRawPointer(selection), "notify::selected") { [self] _ in
      guard !updating else { return }
      let position = gtk_single_selection_get_selected(selection)
      guard position != GTK_INVALID_LIST_POSITION else { return }
      send(.select(Int(position)))
    }
    Signals.connectIndex(list, "activate") { [self] _ in send(.choose) }
    geometry.name("list", scroller)

    let side = Widgets.box(vertical: true, spacing: 8)
    gtk_widget_set_hexpand(side, 1)
    let controls = Widgets.box(vertical: false, spacing: 8)
    gtk_widget_set_hexpand(sampleEntry, 1)
    gtk_entry_set_placeholder_text(cgtk_entry(sampleEntry), "Sample text (default: suits the font)")
    geometry.name("sample", sampleEntry)
    gtk_spin_button_set_value(cgtk_spin_button(sizeSpin), 36)
    Signals.connect(sampleEntry, "changed") { [self] in renderPreview() }
    Signals.connect(sizeSpin, "value-changed") { [self] in renderPreview() }
    Signals.connectPointer(faceDropDown, "notify::selected") { [self] _ in
      guard !updating else { return }
      let index = Int(gtk_drop_down_get_selected(cgtk_drop_down(faceDropDown)))
      guard members.indices.contains(index) else { return }
      faceIndex = index
      axisValues = [:]
      rebuildAxes()
      renderPreview()
    }
    let sizeLabel = Widgets.label("Size")
    cgtk_accessible_set_label(sampleEntry, "Sample text")
    cgtk_accessible_set_labelled_by(sizeSpin, sizeLabel)
    cgtk_accessible_set_label(faceDropDown, "Face")
    Widgets.append(controls, sampleEntry, sizeLabel, sizeSpin, faceDropDown)

    let rating = Widgets.box(vertical: false, spacing: 0)
    Widgets.append(rating, Widgets.label("Rating "))
    for stars in 1...5 {
      let name = "\(stars) of 5 stars"
      let button = Widgets.button("☆", tooltip: name)
      cgtk_accessible_set_label(button, name)
      gtk_widget_add_css_class(button, "flat")
      gtk_widget_add_css_class(button, "star")
      Signals.connect(button, "clicked") { [self] in
        let current = state.selected.flatMap { state.ratings[$0.family] } ?? 0
        send(.rate(current == stars ? 0 : stars))
      }
      geometry.name("star\(stars)", button)
      self.stars.append(button)
      Widgets.append(rating, button)
    }
    gtk_widget_set_hexpand(detail, 1)
    gtk_label_set_ellipsize(cgtk_label(detail), PANGO_ELLIPSIZE_END)
    Widgets.append(rating, detail)

    let frame = Widgets.checked(gtk_frame_new(nil))
    gtk_widget_set_vexpand(frame, 1)
    gtk_picture_set_can_shrink(cgtk_picture(picture), 1)
    gtk_picture_set_content_fit(cgtk_picture(picture), GTK_CONTENT_FIT_SCALE_DOWN)
    gtk_widget_set_halign(picture, GTK_ALIGN_START)
    gtk_widget_set_valign(picture, GTK_ALIGN_START)
    gtk_frame_set_child(UnsafeMutablePointer(OpaquePointer(frame)), picture)
    cgtk_accessible_set_label(picture, "Preview")
    // The frame, not the picture: the picture has no size at the first frame, before the
    // preview is drawn.
    geometry.name("preview", frame)
    Widgets.append(side, controls, axesBox, rating, frame)
    Widgets.append(panes, scroller, side)
    Widgets.append(content, panes)

    let buttons = Widgets.box(vertical: false, spacing: 8)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    Widgets.appendCancelAndChoose(
      buttons, cancel: { [self] in send(.cancel) }, choose: { [self] in send(.choose) })
    Widgets.append(content, buttons)
    Widgets.setContent(window, content) { [self] in send(.cancel) }
    Widgets.addKeyHandler(window) { [self] keyval, _ in key(keyval) }
    geometry.watch(window)
  }

  // MARK: Events

  /// Feeds `event` to the state machine, saves changed ratings and redraws.
  func send(_ event: FontPickerEvent) {
    state = FontPickerState.update(state, event)
    if state.ratings != savedRatings, let store {
      let previous = Favorites(ratings: savedRatings)
      savedRatings = state.ratings
      do {
        // Only this window's changes: ratings another picker saved meanwhile stay.
        try store.save(Favorites(ratings: state.ratings), replacing: previous)
        saveWarning = nil
      } catch {
        saveWarning = "\(error)"
      }
    }
    refresh()
  }

  /// Enter chooses and Esc cancels anywhere; in the search field the list keys move the
  /// highlight, as in the terminal picker.
  private func key(_ keyval: UInt32) -> Bool {
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      send(.choose)
      return true
    case GDK_KEY_Escape:
      send(.cancel)
      return true
    default: break
    }
    let focus = gtk_root_get_focus(cgtk_root(window))
    guard let focus, focus == search || gtk_widget_is_ancestor(focus, search) != 0 else {
      return false
    }
    let event: FontPickerEvent
    switch Int32(keyval) {
    case GDK_KEY_Up, GDK_KEY_KP_Up: event = .move(by: -1)
    case GDK_KEY_Down, GDK_KEY_KP_Down: event = .move(by: 1)
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: event = .movePage(by: -1)
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: event = .movePage(by: 1)
    default: return false
    }
    send(event)
    return true
  }

  /// Recomputes the families the monospace, color and language filters allow.
  private func applyFilters() {
    let mono = gtk_toggle_button_get_active(cgtk_toggle_button(monoToggle)) != 0
    let color = gtk_toggle_button_get_active(cgtk_toggle_button(colorToggle)) != 0
    let language = Widgets.text(languageEntry).lowercased().filter { !$0.isWhitespace }
    let filter = FontFilter(
      language: language.isEmpty ? nil : String(language.prefix(35)), monospaced: mono,
      color: color)
    guard !filter.isEmpty else {
      send(.allowFamilies(nil))
      return
    }
    let families = (try? catalog.families(matching: filter)) ?? []
    send(.allowFamilies(Set(families)))
  }

  // MARK: Drawing

  private func refresh() {
    updating = true
    defer { updating = false }
    if state.matches != listed {
      listed = state.matches
      let answers = listed.map { state.entries[$0].answer }
      let count = UInt32(g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(names))))
      Self.withCStrings(answers) { gtk_string_list_splice(names, 0, count, $0) }
    }
    if listed.isEmpty {
      gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION)
    } else {
      gtk_single_selection_set_selected(selection, UInt32(state.selection))
      scrollToSelection()
    }
    gtk_toggle_button_set_active(
      cgtk_toggle_button(favoritesToggle), state.favoritesOnly ? 1 : 0)
    let rating = state.selected.flatMap { state.ratings[$0.family] } ?? 0
    for (index, star) in stars.enumerated() {
      gtk_button_set_label(cgtk_button(star), index < rating ? "★" : "☆")
      // Setting the label names the button "☆" again: a screen reader hears the stars' count.
      cgtk_accessible_set_label(star, "\(index + 1) of 5 stars")
      gtk_widget_set_sensitive(star, state.selected == nil ? 0 : 1)
    }
    if let entry = state.selected {
      let kind = entry.isMonospace ? "monospaced" : "proportional"
      let count = entry.styles.count
      gtk_label_set_text(
        cgtk_label(detail), "\(count) style\(count == 1 ? "" : "s") · \(kind) · \(entry.file)")
    } else {
      gtk_label_set_text(
        cgtk_label(detail),
        state.favoritesOnly && state.ratings.isEmpty
          ? "No rated families yet: click a star to rate one" : "No family matches")
    }
    if state.selected?.answer != previewFamily { schedulePreview() }
  }

  /// Scrolls the list to the selected row (once the list has a size: before the first frame
  /// GTK would scroll a list it has not laid out).
  private func scrollToSelection() {
    guard shown, !listed.isEmpty else { return }
    gtk_widget_activate_action_variant(
      list, "list.scroll-to-item", g_variant_new_uint32(UInt32(state.selection)))
  }

  private var previewScheduled = false

  /// Loads the selected family's faces and draws the preview when the main loop is idle, after
  /// the list has redrawn: a keystroke shows its matches first.
  private func schedulePreview() {
    guard shown, !previewScheduled else { return }
    previewScheduled = true
    Signals.idle(priority: G_PRIORITY_DEFAULT_IDLE) { [self] in
      previewScheduled = false
      if state.selected?.answer != previewFamily { loadFaces() }
      return false
    }
  }

  /// Reads the selected family's faces into the face chooser and draws the preview.
  private func loadFaces() {
    // Refilling the face chooser must not read as the user choosing its first face.
    updating = true
    defer { updating = false }
    previewFamily = state.selected?.answer
    members = []
    faceIndex = 0
    axisValues = [:]
    if let entry = state.selected {
      members = FontPickerState.distinctFaces(
        (try? catalog.availableMembers(ofFontFamily: entry.family)) ?? [])
      faceIndex =
        members.firstIndex {
          $0.style == entry.style
            || ($0.style.isEmpty && entry.style == FontPickerState.variableStyleName)
        }
        ?? members.firstIndex { $0.style == "Regular" || $0.style == "Book" } ?? 0
    }
    let count = UInt32(
      g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(faceNames))))
    let styles = members.map { $0.style.isEmpty ? FontPickerState.variableStyleName : $0.style }
    Self.withCStrings(styles) { gtk_string_list_splice(faceNames, 0, count, $0) }
    if !members.isEmpty {
      gtk_drop_down_set_selected(cgtk_drop_down(faceDropDown), UInt32(faceIndex))
    }
    rebuildAxes()
    renderPreview()
  }

  /// One slider per variable axis of the chosen face.
  private func rebuildAxes() {
    while let child = gtk_widget_get_first_child(axesBox) {
      gtk_box_remove(cgtk_box(axesBox), child)
    }
    guard members.indices.contains(faceIndex) else { return }
    for axis in members[faceIndex].axes where axis.maximum > axis.minimum {
      let row = Widgets.box(vertical: false, spacing: 8)
      let label = Widgets.label(axis.name.isEmpty ? axis.tag : axis.name)
      gtk_widget_set_size_request(label, 90, -1)
      let step = axis.maximum - axis.minimum > 10 ? 1.0 : 0.01
      let scale = Widgets.checked(
        gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, axis.minimum, axis.maximum, step))
      gtk_range_set_value(cgtk_range(scale), axisValues[axis.tag] ?? axis.defaultValue)
      gtk_scale_set_value_pos(cgtk_scale(scale), GTK_POS_RIGHT)
      cgtk_accessible_set_labelled_by(scale, label)
      gtk_widget_set_hexpand(scale, 1)
      Signals.connect(scale, "value-changed") { [self] in
        axisValues[axis.tag] = gtk_range_get_value(cgtk_range(scale))
        renderPreview()
      }
      Widgets.append(row, label, scale)
      Widgets.append(axesBox, row)
    }
  }

  /// The preview's padding and width in pixels (the text wraps to the width).
  static let previewPadding = 12
  static let previewWidth = 560

  /// The preview the window draws: the chosen face, the sample entry's text (when it is blank,
  /// the sample of the language filter's language, else the font's own), the size,
  /// the axis sliders' values, black on white.
  func previewRequest() -> PreviewRequest? {
    guard members.indices.contains(faceIndex) else { return nil }
    let text = String(Widgets.text(sampleEntry).prefix(Self.maximumSampleLength))
    let size = min(
      max(gtk_spin_button_get_value(cgtk_spin_button(sizeSpin)), Self.sizeRange.lowerBound),
      Self.sizeRange.upperBound)
    var request = PreviewRequest(
      font: .face(members[faceIndex]), text: text.allSatisfy(\.isWhitespace) ? nil : text,
      size: size)
    // The language filter's sample (the filter lists only families that support it).
    let language = Widgets.text(languageEntry).filter { !$0.isWhitespace }
    if request.text == nil, !language.isEmpty,
      let sample = SampleText.sample(forLanguage: String(language))
    {
      request.text = sample.text
      request.language = sample.language
    }
    request.variation = FontVariation(
      settings: axisValues.sorted { $0.key < $1.key }.map {
        FontVariation.Setting(tag: $0.key, value: $0.value)
      })
    request.padding = Self.previewPadding
    request.width = Self.previewWidth
    return request
  }

  /// Draws ``previewRequest()`` as `pickers font preview` draws it
  /// (``FontCatalog/render(_:renderer:)``) and shows it as a texture, its warnings as the
  /// picture's tooltip.
  ///
  /// When `PICKERS_GTK_PREVIEW_PNG` names a file (the tests do), each preview's PNG is written
  /// there too: the bytes `pickers font preview` writes for the same request.
  private func renderPreview() {
    guard let request = previewRequest() else {
      gtk_picture_set_paintable(cgtk_picture(picture), nil)
      return
    }
    do {
      let renderer = try self.renderer ?? TextRenderer()
      self.renderer = renderer
      let result = try catalog.render(request, renderer: renderer)
      show(result.image)
      let warnings = result.warnings.map(\.description).joined(separator: "\n")
      gtk_widget_set_tooltip_text(picture, warnings.isEmpty ? nil : warnings)
      if let path = environment["PICKERS_GTK_PREVIEW_PNG"], !path.isEmpty {
        // A test's copy of the picture: a failure leaves no file, which the test reports.
        try? writeAtomically(try result.pngData(), to: path)
      }
    } catch {
      gtk_picture_set_paintable(cgtk_picture(picture), nil)
      gtk_label_set_text(cgtk_label(detail), "cannot draw the preview: \(error)")
    }
  }

  /// Hands `image` to the picture as a GdkMemoryTexture (straight-alpha RGBA, as GTK takes it).
  private func show(_ image: RGBAImage) {
    let bytes = image.bytes.withUnsafeBytes { raw in g_bytes_new(raw.baseAddress, gsize(raw.count))
    }
    defer { g_bytes_unref(bytes) }
    guard
      let texture = gdk_memory_texture_new(
        Int32(image.width), Int32(image.height), GDK_MEMORY_R8G8B8A8, bytes, gsize(image.width * 4))
    else { return }
    gtk_picture_set_paintable(
      cgtk_picture(picture), cgtk_paintable(UnsafeMutableRawPointer(texture)))
    g_object_unref(UnsafeMutableRawPointer(texture))
  }

  /// Runs `body` with a `NULL`-terminated array of C strings, freed afterwards.
  private static func withCStrings(
    _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Void
  ) {
    let pointers = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    let array = pointers.map { UnsafePointer($0) } + [nil]
    array.withUnsafeBufferPointer { buffer in
      if let base = buffer.baseAddress { body(base) }
    }
  }

  /// Shows the window with the search field focused.
  func present() {
    gtk_window_present(cgtk_window(window))
    gtk_widget_grab_focus(search)
  }
}

/// Why the font window could not open.
enum FontWindowError: Error, CustomStringConvertible {
  case outOfMemory

  var description: String { "GTK could not create the font list" }
}
