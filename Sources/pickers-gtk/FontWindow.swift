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
    /// Where the size stepper starts.
    var size: Double = FontPickAnswer.defaultSize
  }

  /// The longest sample text rendered (the picture is bounded by the renderer too).
  static let maximumSampleLength = 500
  /// The sizes the size stepper allows, in pixels per em.
  static let sizeRange = FontPickAnswer.sizeRange

  private(set) var state: FontPickerState
  let window: Widget
  let catalog: FontCatalog
  private let store: FavoriteStore?
  private var savedRatings: [String: Int]
  /// Why the last save of the ratings failed, if it did.
  private(set) var saveWarning: String?
  let environment: [String: String]
  let geometry: GeometryReport

  private let names: OpaquePointer  // GListStore of GtkStringObject, owned by `selection`
  /// The model's item of each position, once made (``slot(_:)``); one per position for the
  /// window's life, so a row on screen keeps its item while the matches change.
  var slots: [gpointer?]
  private let selection: OpaquePointer  // GtkSingleSelection, owned by `list`
  /// The entries the list shows, one a position (``show(_:in:)``).
  var listed: [Int] = []
  /// The rows bound to a slot, by their label's address: what ``show(_:in:)`` labels again.
  var boundRows: [UInt: (label: Widget, item: gpointer?)] = [:]
  /// Whether the first frame is on screen (until then nothing opens a font file).
  var shown = false
  /// The window's frame clock, once the first frame is on screen.
  private var frameClock: OpaquePointer?
  /// Whether the search field changed since the last search (``queryChanged()``).
  private var pendingQuery = false
  private var search: Widget
  var list: Widget
  private var monoToggle: Widget
  private var colorToggle: Widget
  private var favoritesToggle: Widget
  var languageEntry: Widget
  private var collectionDropDown: Widget
  private let collectionNames: OpaquePointer  // GtkStringList, owned by `collectionDropDown`
  var sampleEntry: Widget
  var sizeSpin: Widget
  var faceDropDown: Widget
  let faceNames: OpaquePointer  // GtkStringList, owned by `faceDropDown`
  var axesBox: Widget
  /// The preview's drawing area (``drawPreview(_:width:height:)``).
  var previewArea: Widget
  var pinButton: Widget
  var compareToggle: Widget
  var pinsLabel: Widget
  var detail: Widget
  private var stars: [Widget] = []
  /// The rating the stars show and whether they are enabled, once drawn: GTK 4.8's
  /// `gtk_button_set_label` announces the label to the accessibility bus each time, so the
  /// stars (and the pin button, ``shownPinLabel``) are set only when they change.
  private var shownStars: (rating: Int, enabled: Bool)?
  var shownPinLabel: String?
  var updating = false

  var renderer: TextRenderer?
  var previewFamily: String?
  var members: [FontFace] = []
  var faceIndex = 0
  var axisValues: [String: Double] = [:]
  /// The preview's pixels as cairo draws them, and the scale they were drawn at.
  var previewPixels: (bytes: [UInt8], width: Int, height: Int, scale: Int)?
  /// The last preview picture's size in pixels.
  var previewSize = (0, 0)
  /// What the preview on screen was drawn for.
  var renderedLayout: PreviewLayout?
  var reflowScheduled = false
  /// Work that waits for the next frame to be painted: the preview of a new selection, the
  /// own fonts of newly bound rows (``afterPaint()``); then due in the frame after it
  /// (``frameUpdate()``).
  var previewWanted = false
  var rowFontsWanted = false
  private var previewDue = false
  private var rowFontsDue = false
  /// Whether the list's highlight and what is beside the list wait for the frame after a
  /// key's (``applySideUpdate()``), and whether they are due in this one.
  private var sideWanted = false
  private var sideDue = false
  /// Whether a keystroke's search is being applied in the frame's update phase.
  var searching = false

  /// Rows whose label still shows the interface font, by the label's address.
  var pendingRowFonts: [UInt: (label: Widget, family: String, answer: String, item: gpointer?)] =
    [:]
  /// The families that cannot draw their own names, once read (``readSymbolFamilies()``).
  var symbolFamilies: [String: SymbolFamily]?
  var symbolFamiliesRequested = false

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

    slots = Array(repeating: nil, count: entries.count)
    guard let names = g_list_store_new(gtk_string_object_get_type()),
      let faceNames = gtk_string_list_new(nil),
      let collectionNames = gtk_string_list_new(nil),
      let selection = gtk_single_selection_new(cgtk_list_model(UnsafeMutableRawPointer(names)))
    else { throw FontWindowError.outOfMemory }
    self.names = names
    self.faceNames = faceNames
    self.collectionNames = collectionNames
    gtk_string_list_append(collectionNames, Self.allFamiliesName)
    self.selection = selection
    gtk_single_selection_set_autoselect(selection, 0)
    gtk_single_selection_set_can_unselect(selection, 1)
    window = Widgets.checked(gtk_window_new())
    search = Widgets.checked(gtk_entry_new())
    // A grid of one column, not a GtkListView: GTK 4.8's list view builds and binds 200 rows
    // around its anchor whatever its height (205 before the first frame), a grid view 33.
    list = Widgets.checked(
      gtk_grid_view_new(cgtk_selection_model(UnsafeMutableRawPointer(selection)), nil))
    gtk_grid_view_set_max_columns(OpaquePointer(list), 1)
    monoToggle = Widgets.checked(gtk_toggle_button_new_with_label("Monospace"))
    colorToggle = Widgets.checked(gtk_toggle_button_new_with_label("Color fonts"))
    favoritesToggle = Widgets.checked(gtk_toggle_button_new_with_label("★ Favourites"))
    languageEntry = Widgets.checked(gtk_entry_new())
    collectionDropDown = Widgets.checked(
      gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(collectionNames)), nil))
    sampleEntry = Widgets.checked(gtk_entry_new())
    sizeSpin = Widgets.checked(
      gtk_spin_button_new_with_range(Self.sizeRange.lowerBound, Self.sizeRange.upperBound, 1))
    faceDropDown = Widgets.checked(
      gtk_drop_down_new(cgtk_list_model(UnsafeMutableRawPointer(faceNames)), nil))
    axesBox = Widgets.box(vertical: true, spacing: 4)
    previewArea = Widgets.checked(gtk_drawing_area_new())
    pinButton = Widgets.button("Pin", tooltip: "Pin this family for the compare view (Ctrl+P)")
    compareToggle = Widgets.checked(gtk_toggle_button_new_with_label("Compare"))
    pinsLabel = Widgets.label("")
    detail = Widgets.label("")
    if let factory = makeFactory() {
      gtk_grid_view_set_factory(OpaquePointer(list), factory)
      g_object_unref(UnsafeMutableRawPointer(factory))
    }
    build(options)
    if options.monospaced || options.language != nil { applyFilters() }
    refresh()
    // Map first: the faces, the preview and the rows' own fonts come after the first frame.
    Signals.afterFirstPaint(window) { [self] in
      shown = true
      if let clock = gtk_widget_get_frame_clock(window) {
        frameClock = clock
        Signals.connect(clock, "update") { [self] in frameUpdate() }
        Signals.connect(clock, "after-paint") { [self] in afterPaint() }
      }
      scrollToSelection()
      refresh()
      readSymbolFamilies()
      scheduleRowFonts()
      loadCollections()
      // The names folded for the search before the first key, not by it (2-7 ms).
      state.prepareSearch()
    }
  }

  // MARK: Building

  private func build(_ options: Options) {
    gtk_window_set_title(cgtk_window(window), "pickers · font")
    gtk_window_set_default_size(cgtk_window(window), 900, 560)
    let content = Widgets.box(vertical: true, spacing: 10)
    Widgets.pad(content, 14)

    gtk_entry_set_placeholder_text(cgtk_entry(search), "Search families (as font list --search)")
    Signals.connect(search, "changed") { [self] in
      guard !updating else { return }
      queryChanged()
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
    Signals.connectPointer(collectionDropDown, "notify::selected") { [self] _ in
      guard !updating else { return }
      let index = Int(gtk_drop_down_get_selected(cgtk_drop_down(collectionDropDown)))
      let collections = state.collections
      send(
        .setCollection(index >= 1 && index <= collections.count ? collections[index - 1].name : nil)
      )
    }
    cgtk_accessible_set_label(collectionDropDown, "Collection")
    gtk_widget_set_tooltip_text(collectionDropDown, "Only the families of a font collection")
    geometry.name("collection", collectionDropDown)
    Widgets.append(
      filters, monoToggle, colorToggle, favoritesToggle, languageEntry, collectionDropDown)
    Widgets.append(content, filters)

    let panes = Widgets.box(vertical: false, spacing: 14)
    gtk_widget_set_vexpand(panes, 1)
    let scroller = Widgets.checked(gtk_scrolled_window_new())
    gtk_scrolled_window_set_child(cgtk_scrolled_window(scroller), list)
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    // A plain scrollbar: an overlay one fades in and out for about a second after each key
    // (the list's length changes), a frame every refresh, and a key pressed meanwhile waits
    // for the frame clock's next slot.
    gtk_scrolled_window_set_overlay_scrolling(cgtk_scrolled_window(scroller), 0)
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
    gtk_spin_button_set_value(cgtk_spin_button(sizeSpin), options.size)
    geometry.name("size", sizeSpin)
    geometry.name("face", faceDropDown)
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

    let pins = Widgets.box(vertical: false, spacing: 8)
    Signals.connect(pinButton, "clicked") { [self] in send(.togglePin) }
    Signals.connect(compareToggle, "toggled") { [self] in
      guard !updating else { return }
      renderPreview()
    }
    gtk_widget_set_tooltip_text(
      compareToggle, "Show the pinned families one row each, with the sample text")
    gtk_widget_set_hexpand(pinsLabel, 1)
    gtk_label_set_ellipsize(cgtk_label(pinsLabel), PANGO_ELLIPSIZE_END)
    geometry.name("pin", pinButton)
    geometry.name("compare", compareToggle)
    Widgets.append(pins, pinButton, compareToggle, pinsLabel)

    let frame = Widgets.checked(gtk_frame_new(nil))
    gtk_widget_set_vexpand(frame, 1)
    let previewScroller = Widgets.checked(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(
      cgtk_scrolled_window(previewScroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_overlay_scrolling(cgtk_scrolled_window(previewScroller), 0)
    gtk_widget_add_css_class(previewScroller, "view")
    gtk_widget_set_hexpand(previewArea, 1)
    gtk_widget_set_valign(previewArea, GTK_ALIGN_START)
    Signals.setDrawFunction(previewArea) { [self] cairo, width, height in
      drawPreview(cairo, width: Int(width), height: Int(height))
    }
    gtk_scrolled_window_set_child(cgtk_scrolled_window(previewScroller), previewArea)
    gtk_frame_set_child(UnsafeMutablePointer(OpaquePointer(frame)), previewScroller)
    cgtk_accessible_set_label(previewArea, "Preview")
    // The frame, not the area: the area has no height at the first frame, before the
    // preview is drawn.
    geometry.name("preview", frame)
    geometry.name("preview-area", previewArea)
    Widgets.append(side, controls, axesBox, rating, pins, frame)
    Widgets.append(panes, scroller, side)
    Widgets.append(content, panes)

    let buttons = Widgets.box(vertical: false, spacing: 8)
    gtk_widget_set_halign(buttons, GTK_ALIGN_END)
    Widgets.appendCancelAndChoose(
      buttons, cancel: { [self] in send(.cancel) }, choose: { [self] in send(.choose) })
    Widgets.append(content, buttons)
    Widgets.setContent(window, content) { [self] in send(.cancel) }
    Widgets.addKeyHandler(window) { [self] keyval, modifiers in key(keyval, modifiers) }
    geometry.watch(window)
  }

  // MARK: Events

  /// A key typed in the search field: once the window is on screen, the search and the list's
  /// change wait for the frame clock's update phase (``applyPendingQuery()``), so that every
  /// change a key causes lands in the frame's one layout, and keys typed before the frame are
  /// searched once.
  ///
  /// GTK 4.8's X11 backend computes the window's size again for each layout asked for
  /// outside a frame (an idle callback before the frame) and twice in the frame (after the
  /// update phase, where the style is validated, and in the layout phase), each time asking
  /// the X server, synchronously, for the window's geometry and position, the work area and
  /// the current desktop (6 round trips). Asked for in the update phase, the list's change
  /// joins the frame's: 12 round trips a key instead of 18.
  private func queryChanged() {
    guard let frameClock else {
      send(.setQuery(Widgets.text(search)))
      return
    }
    pendingQuery = true
    gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_UPDATE)
  }

  /// Searches for the search field's text, if a key is waiting (``queryChanged()``).
  private func applyPendingQuery() {
    guard pendingQuery else { return }
    send(.setQuery(Widgets.text(search)))
  }

  /// Feeds `event` to the state machine, saves changed ratings and redraws.
  ///
  /// A search still waiting for its frame is done first, except before a selection (whose
  /// position is the shown list's).
  func send(_ event: FontPickerEvent) {
    switch event {
    case .setQuery: pendingQuery = false
    // The position is the shown list's: the search follows in its frame.
    case .select: break
    default:
      if pendingQuery {
        pendingQuery = false
        state = FontPickerState.update(state, .setQuery(Widgets.text(search)))
      }
    }
    // A size typed into the stepper counts when Enter chooses, as when Tab leaves it.
    if event == .choose { gtk_spin_button_update(cgtk_spin_button(sizeSpin)) }
    let pinned = state.pinned
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
    if state.pinned != pinned, gtk_toggle_button_get_active(cgtk_toggle_button(compareToggle)) != 0
    {
      renderPreview()
    }
  }

  /// The answer: the chosen family, the face the face chooser shows for it (the row's own in
  /// `--faces` mode until another is chosen) and the stepper's size.
  var answer: FontPickAnswer? {
    guard case .accepted = state.outcome, let entry = state.selected else { return nil }
    var answer = FontPickAnswer(entry: entry, size: chosenSize)
    if previewFamily == entry.answer, members.indices.contains(faceIndex) {
      let style = members[faceIndex].style
      answer.style = style.isEmpty ? FontPickerState.variableStyleName : style
    }
    return answer
  }

  /// Marks the work a change left for after its frame as due in the next frame's update
  /// phase (``frameUpdate()``): a keystroke's new matches reach the screen before the
  /// selected family's faces are read and its preview drawn, and before any row is given its
  /// own font (each opens a font file).
  private func afterPaint() {
    if previewWanted {
      previewWanted = false
      previewDue = true
    }
    if rowFontsWanted {
      rowFontsWanted = false
      rowFontsDue = true
    }
    if sideWanted {
      sideWanted = false
      sideDue = true
    }
    if previewDue || rowFontsDue || sideDue, let frameClock {
      gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_UPDATE)
    }
  }

  /// Changes the widgets in the frame clock's update phase, laid out in this frame's one
  /// layout (``queryChanged()``).
  ///
  /// A waiting search comes first, alone in its frame; else what it left for the next frame
  /// (the highlight, the details, the preview); else rows' own fonts.
  private func frameUpdate() {
    if pendingQuery {
      searching = true
      applyPendingQuery()
      searching = false
    } else if previewDue || sideDue {
      if sideDue {
        sideDue = false
        applySideUpdate()
      }
      if previewDue {
        previewDue = false
        if state.selected?.answer != previewFamily { loadFaces() }
      }
    } else if rowFontsDue {
      rowFontsDue = false
      applyRowFonts()
    }
    if previewDue || rowFontsDue || sideDue, let frameClock {
      gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_UPDATE)
    }
  }

  /// The name of the collection chooser's first item, which lists every family.
  static let allFamiliesName = "All families"

  /// Reads the stored collections into the collection chooser (after the first frame: a smart
  /// collection asks fontconfig).
  private func loadCollections() {
    guard let store = try? FontCollectionStore(environment: environment),
      let listing = try? store.list()
    else { return }
    for warning in listing.warnings { writeError("pickers: warning: \(warning)\n") }
    let filters = listing.collections.compactMap { collection in
      (try? collection.resolved(in: catalog)).map {
        FontPickerState.CollectionFilter(collection, resolved: $0)
      }
    }
    send(.setCollections(filters))
    updating = true
    defer { updating = false }
    let count = UInt32(
      g_list_model_get_n_items(cgtk_list_model(UnsafeMutableRawPointer(collectionNames))))
    Self.withCStrings([Self.allFamiliesName] + filters.map(\.name)) {
      gtk_string_list_splice(collectionNames, 0, count, $0)
    }
    gtk_drop_down_set_selected(cgtk_drop_down(collectionDropDown), 0)
  }

  /// Enter chooses and Esc cancels anywhere but in an open chooser (a face or collection
  /// list, which Enter picks from and Esc closes); Ctrl+P pins the family; in the search field
  /// the list keys move the highlight, as in the terminal picker.
  private func key(_ keyval: UInt32, _ modifiers: GdkModifierType) -> Bool {
    let focus = gtk_root_get_focus(cgtk_root(window))
    if let focus, gtk_widget_get_ancestor(focus, gtk_popover_get_type()) != nil { return false }
    switch Int32(keyval) {
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
      send(.choose)
      return true
    case GDK_KEY_Escape:
      send(.cancel)
      return true
    case GDK_KEY_p where modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0:
      send(.togglePin)
      return true
    default: break
    }
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

  func refresh() {
    updating = true
    defer { updating = false }
    if state.matches != listed {
      if searching, highlightMoves() {
        // The highlight follows in the next frame (``applySideUpdate()``).
        gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION)
      }
      // The rows on screen keep their widgets; only those whose family changes are labelled
      // again (and drawn in their own font after the frame).
      show(state.matches, in: names)
    }
    if searching {
      scrollToSelection()
      sideWanted = true
    } else {
      applySelection()
      refreshSide()
    }
    gtk_toggle_button_set_active(
      cgtk_toggle_button(favoritesToggle), state.favoritesOnly ? 1 : 0)
    let collection = state.collection.flatMap { name in
      state.collections.firstIndex { $0.name == name }
    }
    gtk_drop_down_set_selected(
      cgtk_drop_down(collectionDropDown), UInt32(collection.map { $0 + 1 } ?? 0))
    if state.selected?.answer != previewFamily { schedulePreview() }
  }

  /// Whether the list's highlight moves to another family or another position, once the list
  /// shows the new matches.
  private func highlightMoves() -> Bool {
    let position = gtk_single_selection_get_selected(selection)
    guard position != GTK_INVALID_LIST_POSITION, Int(position) < listed.count else { return false }
    return state.matches.isEmpty || Int(position) != state.selection
      || listed[Int(position)] != state.matches[state.selection]
  }

  /// Highlights the selected row (none when nothing matches).
  private func applySelection() {
    if listed.isEmpty {
      gtk_single_selection_set_selected(selection, GTK_INVALID_LIST_POSITION)
    } else {
      gtk_single_selection_set_selected(selection, UInt32(state.selection))
      scrollToSelection()
    }
  }

  /// What a keystroke leaves for the frame after its own: the list's highlight, then the
  /// rating, details and pin state beside the list.
  ///
  /// The key's frame then repaints the search field and the list only. Drawn in the same
  /// frame, a highlight that moves to another row made GTK repaint the whole window (878x536
  /// pixels against 320x481 in the test window, bench/window-map-results.md run 9), and
  /// so would the details, at the window's other side.
  private func applySideUpdate() {
    updating = true
    defer { updating = false }
    // Not scrolled again: the key's frame did (a scroll lays the list out again, and each
    // layout asks the X server for the window's size: 13 round trips).
    gtk_single_selection_set_selected(
      selection, listed.isEmpty ? GTK_INVALID_LIST_POSITION : UInt32(state.selection))
    refreshSide()
  }

  /// Shows the selected family's rating, details and pin state beside the list.
  func refreshSide() {
    let rating = state.selected.flatMap { state.ratings[$0.family] } ?? 0
    let enabled = state.selected != nil
    if shownStars?.rating != rating || shownStars?.enabled != enabled {
      shownStars = (rating, enabled)
      for (index, star) in stars.enumerated() {
        gtk_button_set_label(cgtk_button(star), index < rating ? "★" : "☆")
        // Setting the label names the button "☆" again: a screen reader hears the stars' count.
        cgtk_accessible_set_label(star, "\(index + 1) of 5 stars")
        gtk_widget_set_sensitive(star, enabled ? 1 : 0)
      }
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
    refreshPins()
  }

  /// Scrolls the list to the selected row (once the list has a size: before the first frame
  /// GTK would scroll a list it has not laid out).
  private func scrollToSelection() {
    guard shown, !listed.isEmpty else { return }
    gtk_widget_activate_action_variant(
      list, "list.scroll-to-item", g_variant_new_uint32(UInt32(state.selection)))
  }

  /// Runs `body` with a `NULL`-terminated array of C strings, freed afterwards.
  static func withCStrings(
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
