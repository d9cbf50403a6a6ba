// libFuzzer target: the command-line parser and every command's argument validation.
//
// The input is split at NUL bytes into tokens (the way argv arrives); the first byte picks the
// command whose declaration parses them. Parsing and `Command.init` may throw `UsageError`
// (exit 2 in the real program) but must never crash, hang or read out of bounds.

/// Every command reachable from `pickers`, leaves and groups alike.
private let commands: [any Command.Type] = {
  var result: [any Command.Type] = []
  var pending: [any Command.Type] = [PickersCommand.self]
  while let command = pending.popLast() {
    result.append(command)
    pending.append(contentsOf: command.spec.subcommands)
  }
  return result
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let data, size > 0 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let command = commands[Int(bytes[0]) % commands.count]
  // Invalid UTF-8 never reaches the parser (the runner rejects it), so repair it here.
  let tokens = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  do {
    let outcome = try ArgumentParser.parse(tokens, spec: command.spec)
    if !outcome.helpRequested {
      _ = HelpFormatter.help(for: command, path: ["pickers", command.spec.name])
      _ = try command.init(outcome.arguments)
    }
  } catch {
    _ = error.message
  }
  return 0
}
