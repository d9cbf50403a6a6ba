/// Why a PNG could not be encoded, decoded or written.
public enum PNGError: Error, Equatable, Sendable, CustomStringConvertible {
  /// libpng rejected the data; `source` is the file path, or `nil` for bytes in memory.
  case cannotDecode(source: String?, message: String)
  /// The PNG's header declares a size ``RGBAImage`` does not allow; nothing was allocated.
  case imageTooLarge(source: String?, ImageError)
  /// libpng failed while encoding.
  case cannotEncode(message: String)
  /// A text chunk's value cannot be stored (it holds a NUL character).
  case invalidText(keyword: String)
  /// The PNG file could not be read.
  case unreadable(FileReadError)
  /// The PNG file could not be written.
  case unwritable(FileWriteError)
  /// A band given to ``PNGStreamWriter`` is not as wide as the image.
  case bandWidthMismatch(expected: Int, found: Int)
  /// More rows were appended to ``PNGStreamWriter`` than the image has.
  case tooManyRows(height: Int, appended: Int)
  /// ``PNGStreamWriter/finish()`` was called before every row was appended.
  case missingRows(height: Int, appended: Int)
  /// The ``PNGStreamWriter`` already finished or failed, so it takes no more rows.
  case writerClosed(path: String)
  /// A band given to an opaque ``PNGStreamWriter`` has a translucent pixel in row `row`.
  case translucentRow(row: Int)

  public var description: String {
    switch self {
    case .cannotDecode(let source, let message):
      "cannot decode \(Self.name(source)): \(lowercasingFirstWord(message))"
    case .imageTooLarge(let source, let error): "cannot decode \(Self.name(source)): \(error)"
    case .cannotEncode(let message): "cannot encode PNG: \(lowercasingFirstWord(message))"
    case .invalidText(let keyword):
      "cannot store the PNG text \"\(keyword)\": it contains a NUL character"
    case .unreadable(let error): "\(error)"
    case .unwritable(let error): "\(error)"
    case .bandWidthMismatch(let expected, let found):
      "PNG rows are \(found) pixels wide, expected \(expected)"
    case .tooManyRows(let height, let appended):
      "\(appended) PNG rows appended to an image \(height) rows high"
    case .missingRows(let height, let appended):
      "PNG finished after \(appended) rows, expected \(height)"
    case .writerClosed(let path): "the PNG writer for \"\(path)\" is already closed"
    case .translucentRow(let row):
      "PNG row \(row) has a translucent pixel, but the image was started as opaque"
    }
  }

  private static func name(_ source: String?) -> String {
    source.map { "\"\($0)\"" } ?? "PNG data"
  }
}
