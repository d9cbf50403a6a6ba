/// `var()` substitution (CSS Custom Properties 1 section 3) over ``CSSToken``s, from the
/// custom properties of a ``CSSColorContext``.
///
/// Runs before the color grammar, as a browser substitutes at computed-value time: each
/// `var(--name)` or `var(--name, fallback)` becomes the tokens of the property's value (itself
/// substituted) or of the fallback. A reference with neither is left in place, so the color
/// grammar reports `var()` as unsupported.
enum CSSVariables {
  typealias Failure = CSSColorParser.Failure

  /// How deeply values may refer to other values (a guard for cycles such as `--a: var(--a)`).
  static let maximumDepth = 16

  /// `tokens` with every resolvable `var()` replaced; `nil` when there is none to replace.
  static func substitute(
    _ tokens: [CSSToken], properties: [String: String], depth: Int = 0
  ) throws(Failure) -> [CSSToken]? {
    guard tokens.contains(where: { $0.kind == .function("var") }) else { return nil }
    var output: [CSSToken] = []
    output.reserveCapacity(tokens.count)
    var index = 0
    var replaced = false
    while index < tokens.count {
      let token = tokens[index]
      guard token.kind == .function("var") else {
        output.append(token)
        index += 1
        continue
      }
      let close = try closingParenthesis(tokens, from: index + 1, offset: token.offset)
      if let value = try resolve(
        Array(tokens[(index + 1)..<close]), properties: properties, depth: depth,
        offset: token.offset)
      {
        // The value's tokens point at the reference, for errors.
        output.append(contentsOf: value.map { CSSToken(kind: $0.kind, offset: token.offset) })
        replaced = true
      } else {
        output.append(contentsOf: tokens[index...close])
      }
      index = close + 1
    }
    return replaced ? output : nil
  }

  /// The index of the `)` that closes the function or block opened just before `start`.
  static func closingParenthesis(_ tokens: [CSSToken], from start: Int, offset: Int)
    throws(Failure) -> Int
  {
    var depth = 0
    for index in start..<tokens.count {
      switch tokens[index].kind {
      case .function, .leftParenthesis: depth += 1
      case .rightParenthesis:
        if depth == 0 { return index }
        depth -= 1
      default: break
      }
    }
    throw Failure(offset: offset, reason: .invalidValue("var() is not closed"))
  }

  /// The substituted tokens for the arguments of one `var()`, or `nil` when the property is
  /// not set and there is no fallback.
  static func resolve(
    _ arguments: [CSSToken], properties: [String: String], depth: Int, offset: Int
  ) throws(Failure) -> [CSSToken]? {
    let significant = arguments.drop { $0.kind == .whitespace }
    guard case .ident(let name, _)? = significant.first?.kind, name.hasPrefix("--") else {
      throw Failure(offset: offset, reason: .invalidValue("var() takes a custom property name"))
    }
    let rest = significant.dropFirst().drop { $0.kind == .whitespace }
    var fallback: [CSSToken]? = nil
    if let first = rest.first {
      guard first.kind == .comma else {
        throw Failure(offset: offset, reason: .invalidValue("expected ',' after \(name)"))
      }
      fallback = Array(rest.dropFirst())
    }
    guard depth < maximumDepth else {
      throw Failure(offset: offset, reason: .invalidValue("var() refers to itself (\(name))"))
    }
    if let text = properties[name] {
      guard let tokens = CSSTokenizer.tokens(text) else {
        throw Failure(offset: offset, reason: .invalidValue("\(name) has too many tokens"))
      }
      return try substitute(tokens, properties: properties, depth: depth + 1) ?? tokens
    }
    guard let fallback else { return nil }
    return try substitute(fallback, properties: properties, depth: depth + 1) ?? fallback
  }
}
