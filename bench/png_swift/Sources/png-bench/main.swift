import Glibc
import Pickers

// Encodes the 4096 x 4096 RGBA gradient of bench/png_encode.py (r = x >> 4, g = y >> 4,
// b = (x + y) >> 5, a = 255) at each compression level, decodes the default-level file, and
// streams the image to a file in bands of 64 rows. Prints JSON with median wall times.

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let runs =
  quick
  ? 1 : arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 5
let size = quick ? 1024 : 4096

func milliseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

/// The median time of `runs` calls to `body`, after one warm-up call.
func median(_ body: () throws -> Void) rethrows -> Double {
  try body()
  var times: [Double] = []
  for _ in 0..<runs {
    let start = milliseconds()
    try body()
    times.append(milliseconds() - start)
  }
  times.sort()
  return times.count % 2 == 1
    ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
}

func rounded(_ value: Double) -> String {
  let tenths = (value * 10).rounded()
  return "\(Int(tenths) / 10).\(abs(Int(tenths) % 10))"
}

var pixels = [UInt8](repeating: 255, count: size * size * 4)
for y in 0..<size {
  for x in 0..<size {
    let offset = (y * size + x) * 4
    pixels[offset] = UInt8(truncatingIfNeeded: x >> 4)
    pixels[offset + 1] = UInt8(truncatingIfNeeded: y >> 4)
    pixels[offset + 2] = UInt8(truncatingIfNeeded: (x + y) >> 5)
  }
}
let image = try RGBAImage(width: size, height: size, bytes: pixels)
let megabytes = Double(size * size * 4) / 1e6

// `--only fast|default|smallest`: encode once and exit, for
// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='cpng_writer_*'`.
if let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count,
  let compression = PNGEncodingOptions.Compression(rawValue: arguments[index + 1])
{
  print(try image.pngData(options: .init(compression: compression)).count)
  exit(0)
}
// `--decode-once`: encode at the default level, decode once and exit (for callgrind, with
// `--toggle-collect='cpng_reader_*'`).
if arguments.contains("--decode-once") {
  print(try RGBAImage(pngData: image.pngData()).width)
  exit(0)
}

var lines: [String] = []
var defaultPNG: [UInt8] = []
for (level, compression) in [
  ("fast", PNGEncodingOptions.Compression.fast), ("default", .default), ("smallest", .smallest),
] {
  var encoded: [UInt8] = []
  let time = try median { encoded = try image.pngData(options: .init(compression: compression)) }
  if compression == .default { defaultPNG = encoded }
  lines.append(
    "  \"\(level)\": {\"median_ms\": \(rounded(time)), \"bytes\": \(encoded.count), "
      + "\"mb_per_s\": \(rounded(megabytes / (time / 1000)))}")
}
let decode = try median { _ = try RGBAImage(pngData: defaultPNG) }
let path = "/tmp/pickers-png-bench-\(getpid()).png"
let bandHeight = 64
let bands = try (0..<size / bandHeight).map { index in
  try RGBAImage(
    width: size, height: bandHeight,
    bytes: Array(pixels[index * bandHeight * size * 4..<(index + 1) * bandHeight * size * 4]))
}
let stream = try median {
  let writer = try PNGStreamWriter(path: path, width: size, height: size)
  for band in bands { try writer.append(rows: band) }
  try writer.finish()
}
unlink(path)
print(
  """
  {
   "tool": "pickers \(Pickers.version)",
   "image": "\(size)x\(size) RGBA gradient",
   "runs": \(runs),
   "encode": {
  \(lines.joined(separator: ",\n"))
   },
   "decode_default_median_ms": \(rounded(decode)),
   "stream_default_to_file_median_ms": \(rounded(stream))
  }
  """)
