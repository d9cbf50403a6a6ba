// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "pickers",
  products: [
    .library(name: "Pickers", targets: ["Pickers"]),
    .executable(name: "pickers", targets: ["pickers-cli"]),
  ],
  targets: [
    // C libraries from Debian, found through pkg-config. Each module is a header and a link line.
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    // zlib's inflate, for reading Krita's .kpl palettes (zip archives).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // ICU's UAX #14 line breaking, loaded with dlopen when text wraps (headers only at build).
    .systemLibrary(name: "CICU", providers: [.apt(["libicu-dev"])]),
    // libpng's classic API for compression level and text chunks; the C code owns every setjmp.
    .target(name: "CPNGClassic", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("z")]),
    .target(
      name: "Pickers",
      dependencies: [
        "CFontconfig", "CFreeType", "CHarfBuzz", "CPNG", "CFriBidi", "CPNGClassic", "CZlib",
        "CICU",
      ],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .executableTarget(
      name: "pickers-cli",
      dependencies: ["Pickers"],
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
      // With `--static-swift-stdlib`, link libstdc++ statically too (see the linker script in
      // Linker/static-libstdc++): 2 M fewer instructions and 1 ms less at every start.
      linkerSettings: [
        .unsafeFlags(
          ["-L\(Context.packageDirectory)/Linker/static-libstdc++"], .when(platforms: [.linux]))
      ]
    ),
    .executableTarget(
      name: "pickers-bench",
      dependencies: ["Pickers"],
      path: "Sources/pickers-bench"
    ),
    // Shaping and rasterising throughput of the text pipeline (bench/render_bench/main.swift).
    .executableTarget(name: "render-bench", dependencies: ["Pickers"], path: "bench/render_bench"),
    .testTarget(name: "PickersTests", dependencies: ["Pickers"]),
    .testTarget(name: "PickersCLITests", dependencies: ["pickers-cli"]),
  ],
  swiftLanguageModes: [.v6]
)

// Reliability: 1,000 font lists and specimens in one process must not grow memory (run by
// ReliabilityMemoryTests and scripts/memcheck).
package.targets.append(
  .executableTarget(
    name: "pickers-memory-loop", dependencies: ["Pickers"], path: "Fuzz/MemoryLoop"))

// libFuzzer targets (Fuzz/, scripts/fuzz), only with PICKERS_FUZZ=1: their entry point is
// LLVMFuzzerTestOneInput, which links only under `--sanitize fuzzer`. fuzz-arguments compiles the
// CLI's own sources through a symbolic link (Fuzz/Targets/fuzz-arguments/cli), with its `@main`
// renamed so that libFuzzer's `main` runs.
if Context.environment["PICKERS_FUZZ"] == "1" {
  package.targets += [
    .executableTarget(
      name: "fuzz-arguments", dependencies: ["Pickers"], path: "Fuzz/Targets/fuzz-arguments",
      swiftSettings: [
        .enableUpcomingFeature("ExistentialAny"),
        .unsafeFlags(["-Xfrontend", "-entry-point-function-name", "-Xfrontend", "fuzz_cli_main"]),
      ]),
    .executableTarget(
      name: "fuzz-font-pattern", dependencies: ["Pickers"], path: "Fuzz/Targets/fuzz-font-pattern"),
    .executableTarget(name: "fuzz-png", dependencies: ["Pickers"], path: "Fuzz/Targets/fuzz-png"),
    .executableTarget(
      name: "fuzz-color", dependencies: ["Pickers"], path: "Fuzz/Targets/fuzz-color"),
  ]
}

// The screen color sampler (issue 15): a helper executable run by `pickers color sample`, so
// that the `pickers` binary links neither X11 nor GIO (DesktopHelper.sampler finds and runs it).
package.products.append(.executable(name: "pickers-sample", targets: ["pickers-sample"]))
package.targets += [
  .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
  // GLib's include folders are given by hand: `pkg-config gio-2.0` adds -pthread, which
  // SwiftPM refuses with a warning at every build.
  .systemLibrary(name: "CGio", providers: [.apt(["libglib2.0-dev"])]),
  .executableTarget(
    name: "pickers-sample", dependencies: ["Pickers", "CX11", "CGio"],
    swiftSettings: [
      .enableUpcomingFeature("ExistentialAny"),
      .unsafeFlags(
        ["/usr/include/glib-2.0", "/usr/lib/x86_64-linux-gnu/glib-2.0/include",
         "/usr/lib/aarch64-linux-gnu/glib-2.0/include"].flatMap { ["-Xcc", "-I" + $0] }),
    ]),
]
// The CLI tests run the helper from the build folder, beside `pickers`.
for target in package.targets where target.name == "PickersCLITests" {
  target.dependencies.append("pickers-sample")
}
// The GTK 4 picker windows (issue 14): a helper executable, so the `pickers` binary links no GTK
// (DesktopHelper runs it). CGtk holds the shim for GTK's casts, which Swift cannot import.
// GTK's include folders are given by hand, as GLib's are above: `pkg-config gtk4` adds -pthread
// and -msse flags, which SwiftPM refuses with a warning at every build. The libraries are linked
// by Sources/CGtk/module.modulemap.
let gtkIncludes =
  [
    "gtk-4.0", "pango-1.0", "glib-2.0", "harfbuzz", "freetype2", "libpng16", "fribidi", "cairo",
    "pixman-1", "gdk-pixbuf-2.0", "graphene-1.0",
  ].map { "/usr/include/" + $0 }
  + ["x86_64-linux-gnu", "aarch64-linux-gnu"].flatMap { triple in
    ["/usr/lib/\(triple)/glib-2.0/include", "/usr/lib/\(triple)/graphene-1.0/include"]
  }
package.targets += [
  .systemLibrary(name: "CGtk", providers: [.apt(["libgtk-4-dev"])]),
  .executableTarget(
    name: "pickers-gtk", dependencies: ["Pickers", "CGtk"], path: "Sources/pickers-gtk",
    swiftSettings: [.unsafeFlags(gtkIncludes.flatMap { ["-Xcc", "-I" + $0] })]),
]
