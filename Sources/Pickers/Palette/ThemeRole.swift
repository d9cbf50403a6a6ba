/// A named color in a ``Theme``: what it is for, not what it looks like.
///
/// Text roles are solved for contrast against the background they sit on (see
/// ``ThemeRole/contrastTarget``); the others are surfaces and decorations.
///
///     let pair = ThemeRole.onAccent.background   // .accent
public enum ThemeRole: String, CaseIterable, Sendable, Codable, Hashable {
  /// The window or terminal background.
  case background
  /// A raised surface: cards, panels, the status bar.
  case surface
  /// A second surface level: inputs, inactive tabs.
  case surfaceVariant = "surface-variant"
  /// Body text.
  case foreground
  /// Secondary text: comments, captions, placeholders.
  case muted
  /// Lines between regions; not text.
  case border
  /// The background of selected text.
  case selection
  /// The accent: links, focus rings, the cursor, active controls.
  case accent
  /// Text on an accent-filled control.
  case onAccent = "on-accent"
  /// A quiet fill in the accent's hue: selected list rows, chips.
  case accentContainer = "accent-container"
  /// Text on ``accentContainer``.
  case onAccentContainer = "on-accent-container"
  /// Success messages.
  case success
  /// Warnings.
  case warning
  /// Errors.
  case error
  /// Information.
  case info
  /// A brown for base16's `base0F` (deprecated or embedded code).
  case brown

  /// The role this one is drawn on, for text roles; `nil` for surfaces and decorations.
  public var background: ThemeRole? {
    switch self {
    case .foreground, .muted, .accent, .success, .warning, .error, .info, .brown: .background
    case .onAccent: .accent
    case .onAccentContainer: .accentContainer
    case .background, .surface, .surfaceVariant, .border, .selection, .accentContainer: nil
    }
  }

  /// The smallest WCAG 2 contrast ratio against the background role the theme guarantees.
  ///
  /// 4.5 (WCAG AA for body text) for text roles, 3.0 for ``muted``; `nil` for non-text roles.
  public var contrastTarget: Double? {
    switch self {
    case .muted: 3.0
    default: background == nil ? nil : 4.5
    }
  }
}
