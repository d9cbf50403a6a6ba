/// Why a file could not be written.
public enum FileWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The folder that should hold the file does not exist.
  case folderMissing(path: String, folder: String)
  /// A part of the path that should be a folder is a file.
  case notAFolder(path: String, folder: String)
  /// The folder exists but refuses new files; `reason` is the system's explanation.
  case folderNotWritable(path: String, folder: String, reason: String)
  /// The path names a folder, not a file.
  case isDirectory(path: String)
  /// A system call failed while writing; `reason` is the system's explanation.
  case failed(path: String, operation: String, reason: String)

  public var description: String {
    switch self {
    case .folderMissing(let path, let folder):
      "cannot write \"\(path)\": folder \"\(folder)\" does not exist"
    case .notAFolder(let path, let folder):
      "cannot write \"\(path)\": \"\(folder)\" is not a folder"
    case .folderNotWritable(let path, let folder, let reason):
      "cannot write \"\(path)\": folder \"\(folder)\" is not writable (\(reason))"
    case .isDirectory(let path):
      "cannot write \"\(path)\": it is a folder, expected a file path"
    case .failed(let path, let operation, let reason):
      "cannot write \"\(path)\": \(operation) failed: \(reason)"
    }
  }
}

/// Why a file could not be read.
public enum FileReadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Nothing exists at the path.
  case notFound(path: String)
  /// The path names a folder, not a file.
  case isDirectory(path: String)
  /// The file is larger than the reader accepts.
  case tooLarge(path: String, limit: Int)
  /// A system call failed; `reason` is the system's explanation.
  case failed(path: String, operation: String, reason: String)

  public var description: String {
    switch self {
    case .notFound(let path): "cannot read \"\(path)\": no such file"
    case .isDirectory(let path): "cannot read \"\(path)\": it is a folder, expected a file"
    case .tooLarge(let path, let limit):
      "cannot read \"\(path)\": the file is larger than the limit of \(limit / 1_048_576) MiB"
    case .failed(let path, let operation, let reason):
      "cannot read \"\(path)\": \(operation) failed: \(reason)"
    }
  }
}
