import Pickers

#if canImport(Glibc)
  import Glibc
#endif

/// The `pickers` command. The argument parser and subcommands arrive with the CLI frame.
@main
enum PickersMain {
  static func main() {
    let line = "pickers \(Pickers.version)\n"
    _ = line.utf8CString.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count - 1) }
  }
}
