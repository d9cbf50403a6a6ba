extension FontFace {
  /// One line of the cache file: tab-separated escaped fields.
  var cacheLine: String {
    let axisText = axes.map {
      [escape($0.tag), escape($0.name), "\($0.minimum)", "\($0.defaultValue)", "\($0.maximum)"]
        .joined(separator: ",")
    }.joined(separator: ";")
    let instanceText = namedInstances.map { instance in
      ([escape(instance.name)]
        + instance.coordinates.sorted { $0.key < $1.key }.map { "\(escape($0.key))=\($0.value)" })
        .joined(separator: ",")
    }.joined(separator: ";")
    let fields: [String] = [
      escape(family), familyNames.map(escape).joined(separator: ";"), escape(style),
      fullName.map(escape) ?? "|", postScriptName.map(escape) ?? "|", "\(weight.rawValue)",
      "\(width.rawValue)", slant.rawValue, spacing.rawValue, escape(file), "\(index)",
      isColor ? "1" : "0", isVariable ? "1" : "0", axisText, instanceText,
    ]
    return fields.joined(separator: "\t")
  }

  /// Reads a line written by ``cacheLine``; `nil` when it is damaged.
  ///
  /// The plain fields are read from the line's bytes (a face list decodes hundreds of lines:
  /// splitting each into substrings first cost 38 K instructions a line); the axes and named
  /// instances of a variable face go through the general path.
  init?(cacheLine line: String) {
    var line = line
    guard let face = line.withUTF8({ Self.decodePlain($0) }) else { return nil }
    self = face
  }

  /// A face from a cache line's bytes: the fields split at tabs without a `Substring` each.
  private static func decodePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> FontFace? {
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(15)
    var start = 0
    for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\t") {
      ranges.append(start..<index)
      start = index + 1
    }
    ranges.append(start..<bytes.count)
    guard ranges.count == 15 else { return nil }
    func field(_ number: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[ranges[number]])
    }
    func text(_ number: Int) -> String { unescape(buffer: field(number)) }
    func optionalText(_ number: Int) -> String? {
      let value = field(number)
      return value.count == 1 && value[0] == UInt8(ascii: "|") ? nil : unescape(buffer: value)
    }
    func flag(_ number: Int) -> Bool { field(number).elementsEqual([UInt8(ascii: "1")]) }
    guard let weight = integer(field(5)), let width = integer(field(6)),
      let slant = FontSlant(rawValue: text(7)), let spacing = FontSpacing(rawValue: text(8)),
      let index = integer(field(10))
    else { return nil }
    var names: [String] = []
    if !ranges[1].isEmpty {
      var from = ranges[1].lowerBound
      for position in ranges[1] where bytes[position] == UInt8(ascii: ";") {
        names.append(unescape(buffer: UnsafeBufferPointer(rebasing: bytes[from..<position])))
        from = position + 1
      }
      names.append(
        unescape(buffer: UnsafeBufferPointer(rebasing: bytes[from..<ranges[1].upperBound])))
    }
    var face = FontFace(
      family: text(0), familyNames: names, style: text(2), fullName: optionalText(3),
      postScriptName: optionalText(4), weight: FontWeight(rawValue: weight),
      width: FontWidth(rawValue: width), slant: slant, spacing: spacing, file: text(9),
      index: index, isColor: flag(11), isVariable: flag(12))
    if !ranges[13].isEmpty || !ranges[14].isEmpty {
      guard
        let variable = FontFace(
          generalCacheLine: String(decoding: bytes, as: UTF8.self))
      else { return nil }
      face.axes = variable.axes
      face.namedInstances = variable.namedInstances
    }
    return face
  }

  /// A decimal integer as `"\(int)"` writes it (an optional `-`, then digits).
  private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    var value = 0
    var negative = false
    var rest = digits[...]
    if rest.first == UInt8(ascii: "-") {
      negative = true
      rest = rest.dropFirst()
    }
    guard !rest.isEmpty else { return nil }
    for digit in rest {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowAdding) = times.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
      guard !overflow, !overflowAdding else { return nil }
      value = sum
    }
    return negative ? -value : value
  }

  /// Reads every field of a cache line through substrings (used for variable faces).
  private init?(generalCacheLine line: String) {
    let fields = asciiSplit(Substring(line), "\t")
    guard fields.count == 15, let weight = Int(fields[5]), let width = Int(fields[6]),
      let slant = FontSlant(rawValue: String(fields[7])),
      let spacing = FontSpacing(rawValue: String(fields[8])), let index = Int(fields[10])
    else { return nil }
    func list(_ field: Substring) -> [Substring] {
      field.isEmpty ? [] : asciiSplit(field, ";")
    }
    var axes: [FontAxis] = []
    for axis in list(fields[13]) {
      let parts = asciiSplit(axis, ",")
      guard parts.count == 5, let low = Double(parts[2]), let mid = Double(parts[3]),
        let high = Double(parts[4])
      else { return nil }
      axes.append(
        FontAxis(
          tag: unescape(parts[0]), name: unescape(parts[1]), minimum: low, defaultValue: mid,
          maximum: high))
    }
    var instances: [FontInstance] = []
    for instance in list(fields[14]) {
      let parts = asciiSplit(instance, ",")
      guard let name = parts.first else { return nil }
      var coordinates: [String: Double] = [:]
      for pair in parts.dropFirst() {
        let keyValue = pair.split(separator: "=")
        guard keyValue.count == 2, let value = Double(keyValue[1]) else { return nil }
        coordinates[unescape(keyValue[0])] = value
      }
      instances.append(FontInstance(name: unescape(name), coordinates: coordinates))
    }
    self.init(
      family: unescape(fields[0]), familyNames: list(fields[1]).map(unescape),
      style: unescape(fields[2]), fullName: fields[3] == "|" ? nil : unescape(fields[3]),
      postScriptName: fields[4] == "|" ? nil : unescape(fields[4]),
      weight: FontWeight(rawValue: weight), width: FontWidth(rawValue: width), slant: slant,
      spacing: spacing, file: unescape(fields[9]), index: index, isColor: fields[11] == "1",
      isVariable: fields[12] == "1", axes: axes, namedInstances: instances)
  }
}
