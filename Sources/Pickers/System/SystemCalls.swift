import Glibc

/// The C library's text for `code`, with a lowercase first letter ("no space left on device").
///
/// The corresponding C function is `strerror`.
func systemErrorText(_ code: Int32) -> String {
  lowercasingFirstWord(String(cString: strerror(code)))
}

/// Lowercases the first letter of `message` unless the first word is an acronym ("IHDR: ...").
func lowercasingFirstWord(_ message: String) -> String {
  guard let first = message.first, first.isUppercase else { return message }
  let second = message.dropFirst().first
  if let second, second.isUppercase || second.isNumber { return message }
  return first.lowercased() + message.dropFirst()
}
