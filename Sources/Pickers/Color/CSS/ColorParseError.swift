/// Why a string could not be read as a CSS color, and where.
///
/// The description quotes the input and names the column (counted in characters from 1):
///
///     cannot parse color "rgb(1 2,3)": mixed comma and space syntax at column 9
public struct ColorParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Equatable, Sendable, CustomStringConvertible {
    /// The string holds no color at all.
    case empty
    /// A word that is not a CSS color name.
    case unknownName(String)
    /// A function other than the CSS color functions.
    case unknownFunction(String)
    /// A `color()` space CSS does not define.
    case unknownColorSpace(String)
    /// Hex notation with a digit count other than 3, 4, 6 or 8.
    case hexLength(Int)
    /// A character that is not a hex digit after `#`.
    case hexDigit(String)
    /// A character that cannot appear here.
    case unexpectedCharacter(String)
    /// A value was expected (a number, percentage, angle or `none`).
    case expectedValue
    /// A value of the wrong kind for a channel.
    case wrongValueType(channel: String, expected: String)
    /// An angle unit other than deg, rad, grad or turn.
    case unknownUnit(String)
    /// Comma and space separators in one function.
    case mixedSeparators
    /// `none` inside the comma-separated (legacy) syntax.
    case noneInLegacySyntax
    /// Numbers and percentages mixed in legacy `rgb()`.
    case mixedNumbersAndPercentages
    /// Commas in a function that only has the space-separated syntax.
    case commasNotAllowed(function: String)
    /// The wrong number of channels.
    case wrongChannelCount(function: String, expected: Int, found: Int)
    /// A `/` where no alpha may follow, or more than one value after it.
    case misplacedSlash
    /// The function is not closed.
    case missingClosingParenthesis
    /// More text after a complete color.
    case trailingText
    /// Valid CSS that this library does not compute.
    case unsupported(String)
    /// A math function (`calc()`, `min()`, ...) that is malformed or mixes types.
    case invalidCalculation(String)
    /// Functions or parentheses nested deeper than the limit.
    case nestingTooDeep(limit: Int)
    /// A value that breaks a rule of the CSS Color 5 grammar; the text says which.
    case invalidValue(String)

    public var description: String {
      switch self {
      case .empty: "no color given"
      case .unknownName(let name): "unknown color name '\(name)'"
      case .unknownFunction(let name): "unknown color function '\(name)()'"
      case .unknownColorSpace(let name):
        "unknown color space '\(name)' (expected \(CSSSpaceNames.predefinedList))"
      case .hexLength(let count): "hex color needs 3, 4, 6 or 8 digits, found \(count)"
      case .hexDigit(let character): "'\(character)' is not a hex digit"
      case .unexpectedCharacter(let character): "unexpected '\(character)'"
      case .expectedValue: "expected a number, a percentage or 'none'"
      case .wrongValueType(let channel, let expected): "\(channel) must be \(expected)"
      case .unknownUnit(let unit): "unknown unit '\(unit)' (expected deg, rad, grad or turn)"
      case .mixedSeparators: "mixed comma and space syntax"
      case .noneInLegacySyntax: "'none' is not allowed in the comma syntax"
      case .mixedNumbersAndPercentages:
        "the comma syntax takes all numbers or all percentages, not both"
      case .commasNotAllowed(let function): "\(function)() takes values separated by spaces"
      case .wrongChannelCount(let function, let expected, let found):
        "\(function)() takes \(expected) channels, found \(found)"
      case .misplacedSlash: "'/' must come after the three channels, followed by one alpha value"
      case .missingClosingParenthesis: "missing ')'"
      case .trailingText: "unexpected text after the color"
      case .unsupported(let what): "\(what) is not supported"
      case .invalidCalculation(let message): message
      case .nestingTooDeep(let limit): "nested more than \(limit) levels deep"
      case .invalidValue(let message): message
      }
    }
  }

  /// The text that was being parsed.
  public var input: String
  /// Where parsing failed: a 1-based column counted in characters.
  public var column: Int
  /// What went wrong.
  public var reason: Reason

  /// Creates an error for `input` at `column`.
  public init(input: String, column: Int, reason: Reason) {
    self.input = input
    self.column = column
    self.reason = reason
  }

  public var description: String {
    var suggestion = ""
    if case .unknownName(let name) = reason, let near = NamedColors.suggestion(for: name) {
      suggestion = "; did you mean '\(near)'?"
    }
    return "cannot parse color \"\(input)\": \(reason) at column \(column)\(suggestion)"
  }
}
