// pickers-gtk: the GTK 4 picker windows, run by `pickers color pick --gui` and
// `pickers font pick --gui` (see Sources/Pickers/Desktop/DesktopHelper.swift).
//
//     pickers-gtk color [--initial CSS] [--space rgb|hsl|oklch] [--opacity]
//         prints the answer as ColorPickerAnswer.helperLine: "rgb 52 120 246 1"
//     pickers-gtk font [--lang LANG] [--mono] [--initial FAMILY] [--faces] [--size PX]
//                      [--full-answer]
//         prints the family (or family:style with --faces); with --full-answer
//         FontPickAnswer.helperLine: family, style and size, tab-separated
//
// Exit status: 0 answer printed, 1 cancelled (nothing printed), 2 bad arguments, 3 failed
// (with `pickers: ...` on standard error). The `pickers` binary checks the user's arguments
// and formats the answer; this program only draws.
import CGtk
import Glibc
import Pickers

clock_gettime(CLOCK_MONOTONIC, &startTime)

// End with the process that started this one, however it ends (SIGKILL too); if it ended
// before the request took effect, end now.
_ = cgtk_end_with_parent()
if DesktopHelper.parentHasEnded(environment: ProcessEnvironment.variables()) { exit(1) }
// The name taskbars and window rules see: the Wayland app_id and the X11 WM_CLASS.
g_set_prgname("pickers")

/// Exits with a message on standard error.
func fail(_ message: String, status: Int32) -> Never {
  writeError("pickers: \(message)\n")
  exit(status)
}

/// The options after the window's name: `--name value` pairs and bare flags.
struct HelperArguments {
  var options: [String: String] = [:]
  var flags: Set<String> = []

  init(_ arguments: ArraySlice<String>, options valued: Set<String>, flags allowed: Set<String>) {
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      if valued.contains(argument) {
        guard let value = iterator.next() else {
          fail("pickers-gtk: \(argument) needs a value", status: 2)
        }
        options[argument] = value
      } else if allowed.contains(argument) {
        flags.insert(argument)
      } else {
        fail("pickers-gtk: unknown argument '\(argument)'", status: 2)
      }
    }
  }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, ["color", "font"].contains(arguments[1]) else {
  fail("pickers-gtk: usage: pickers-gtk color|font [options]", status: 2)
}
var environment = ProcessEnvironment.variables()

// Without a session bus GTK's accessibility layer would try to start one (dbus-launch) and
// leave it running; a desktop session always has a bus.
if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty, environment["GTK_A11Y"] == nil {
  setenv("GTK_A11Y", "none", 1)
  environment["GTK_A11Y"] = "none"
}

// These windows draw little: GTK's OpenGL set-up (a GL context at start, about 100-250 ms with
// software GL, bench/window-map.sh) costs more than drawing them with cairo ever does.
if environment["GSK_RENDERER"] == nil, environment["GDK_DEBUG"] == nil {
  setenv("GSK_RENDERER", "cairo", 1)
  setenv("GDK_DEBUG", "gl-disable", 1)
}

// What assistive technologies call the program (GTK's AT-SPI root names itself after it, else
// "Unnamed"); the program name is set above.
g_set_application_name("pickers")

// Read the arguments before opening the display, so a bad one is a usage error either way.
enum Window {
  case color(ColorPickerState)
  case font(FontWindow.Options)
}

let window: Window
/// `--full-answer`: the font window prints ``FontPickAnswer/helperLine`` (family, style, size).
var fullAnswer = false
if arguments[1] == "color" {
  let options = HelperArguments(
    arguments.dropFirst(2), options: ["--initial", "--space"], flags: ["--opacity"])
  let initial: Color
  do {
    initial = try Color(css: options.options["--initial"] ?? "#3478f6")
  } catch {
    fail("pickers-gtk: --initial: \(error)", status: 2)
  }
  guard let space = PickerSpace(rawValue: options.options["--space"] ?? "rgb") else {
    fail("pickers-gtk: --space must be rgb, hsl or oklch", status: 2)
  }
  window = .color(
    ColorPickerState(
      color: initial, space: space, showsOpacity: options.flags.contains("--opacity")))
} else {
  let options = HelperArguments(
    arguments.dropFirst(2), options: ["--lang", "--initial", "--size"],
    flags: ["--mono", "--faces", "--full-answer"])
  var size = FontPickAnswer.defaultSize
  if let text = options.options["--size"] {
    guard let value = Double(text), FontPickAnswer.sizeRange.contains(value) else {
      fail("pickers-gtk: --size must be a number from 6 to 240", status: 2)
    }
    size = value
  }
  fullAnswer = options.flags.contains("--full-answer")
  window = .font(
    FontWindow.Options(
      language: options.options["--lang"], monospaced: options.flags.contains("--mono"),
      initial: options.options["--initial"], faces: options.flags.contains("--faces"),
      size: size))
}

// GTK sets every label in a font fontconfig finds: with none it draws no text, floods standard
// error with GLib criticals and has crashed in HarfBuzz. Say so before any window opens.
let fontCheck = Result { try FontCatalog().faces().isEmpty }
if case .success(true) = fontCheck {
  fail(
    "cannot open a window: fontconfig finds no fonts, and GTK draws every label in one "
      + "(Debian: apt install fonts-dejavu-core)", status: 3)
}

guard gtk_init_check() != 0 else {
  let display =
    environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
    .map { "WAYLAND_DISPLAY=\($0)" }
    ?? environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }.map { "DISPLAY=\($0)" }
    ?? "neither DISPLAY nor WAYLAND_DISPLAY is set"
  fail("cannot open a window: GTK could not connect to the display (\(display))", status: 3)
}
Widgets.installStylesheet()

switch window {
case .color(let initial):
  let picker = ColorWindow(state: initial, environment: environment)
  picker.present()
  while !picker.state.outcome.isFinished { g_main_context_iteration(nil, 1) }
  gtk_window_destroy(cgtk_window(picker.window))
  guard case .accepted(let answer) = picker.state.outcome else { exit(1) }
  picker.rememberAnswer(answer)
  guard writeOutput(answer.helperLine + "\n") else {
    fail(
      "cannot write the answer to standard output: \(String(cString: strerror(errno)))", status: 3)
  }
case .font(let options):
  let picker: FontWindow
  do {
    picker = try FontWindow(options: options, environment: environment)
  } catch {
    fail("\(error)", status: 3)
  }
  picker.present()
  while !picker.state.outcome.isFinished { g_main_context_iteration(nil, 1) }
  // Read from the widgets before they are destroyed.
  let chosen = picker.answer
  gtk_window_destroy(cgtk_window(picker.window))
  guard case .accepted(let line) = picker.state.outcome else { exit(1) }
  if let warning = picker.saveWarning { writeError("pickers: warning: \(warning)\n") }
  let answer = fullAnswer ? chosen?.helperLine ?? line : line
  guard writeOutput(answer + "\n") else {
    fail(
      "cannot write the answer to standard output: \(String(cString: strerror(errno)))", status: 3)
  }
}
exit(0)
