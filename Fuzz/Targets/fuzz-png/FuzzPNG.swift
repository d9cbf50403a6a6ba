// libFuzzer target: the PNG decoder (libpng behind `RGBAImage(pngData:)`).
//
// Any bytes must decode to an image within the pixel limit or throw a `PNGError`; never crash,
// never read out of bounds, never allocate without bound (libFuzzer's -rss_limit_mb catches that).
import Pickers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let image = try? RGBAImage(pngData: bytes) {
    precondition(image.bytes.count == image.width * image.height * 4, "pixel count mismatch")
  }
  return 0
}
