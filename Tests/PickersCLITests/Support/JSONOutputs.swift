import Testing

/// Runs each of `runs` and expects JSON or a refusal from every one.
///
/// JSON is what Python's `json.loads` takes, with `NaN` and `Infinity` refused as well (Python
/// takes them; JSON has not); a refusal is exit 1 with a `pickers: ` message. No Swift error
/// text may reach standard error. The outputs are kept in `folder` and checked by one Python
/// process.
func expectJSONOrRefusal(_ runs: [[String]], in folder: String) throws {
  var files: [(String, [String])] = []
  for (index, arguments) in runs.enumerated() {
    let result = try runPickers(arguments)
    let shown = arguments.joined(separator: " ")
    #expect(!result.stderr.contains("EncodingError"), "\(shown): \(result.stderr)")
    if result.status == 0 {
      let file = "\(folder)/\(index).out.json"
      let written = try runProgram(
        "/bin/sh", ["-c", "cat > \"$1\"", "sh", file], stdin: result.stdout)
      #expect(written.status == 0, "\(written.stderr)")
      files.append((file, arguments))
    } else {
      #expect(result.status == 1, "\(shown): \(result.stderr)")
      #expect(result.stderr.hasPrefix("pickers: "), "\(shown): \(result.stderr)")
    }
  }
  let script = """
    import json, sys
    def refuse(name): raise ValueError('not JSON: ' + name)
    for path in sys.argv[1:]:
        try:
            json.loads(open(path, encoding='utf-8').read(), parse_constant=refuse)
        except ValueError as error:
            print(path, error)
    """
  let check = try runProgram("/usr/bin/env", ["python3", "-c", script] + files.map(\.0))
  #expect(check.status == 0, "\(check.stderr)")
  for line in check.output.split(separator: "\n") {
    let path = String(line.split(separator: " ")[0])
    let arguments = files.first { $0.0 == path }?.1 ?? []
    Issue.record("\(arguments.joined(separator: " ")): \(line)")
  }
}
