import Pickers

// The library's enumerations that options take by name: their words are their raw values, in
// case order, so help, completions and error messages list exactly what the library has.

extension ColorScheme: ArgumentChoice {}
extension ColorVisionDeficiency: ArgumentChoice {}
extension DeltaEMethod: ArgumentChoice {}
extension Harmony: ArgumentChoice {}
extension HueInterpolation: ArgumentChoice {}
extension ScreenSampleBackend: ArgumentChoice {}
extension ThemeFormat: ArgumentChoice {}
