// swift-tools-version: 6.1
// The Swift side of the PNG encode benchmark, outside the test suite:
//   swift run -c release --package-path bench/png_swift png-bench [--quick] [--runs N]
// Pillow's side, on the same pixels: /usr/bin/python3 bench/png_encode.py
import PackageDescription

let package = Package(
  name: "png-bench",
  dependencies: [.package(name: "pickers", path: "../..")],
  targets: [
    .executableTarget(
      name: "png-bench", dependencies: [.product(name: "Pickers", package: "pickers")])
  ],
  swiftLanguageModes: [.v6]
)
