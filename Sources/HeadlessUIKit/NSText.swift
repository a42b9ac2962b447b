// Text types UIKit takes from Foundation on Apple platforms; Linux's Foundation lacks them.

/// How text lines are aligned (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    /// Text is aligned with the left edge of the bounds.
    case left = 0
    /// Text is centred in the bounds.
    case center = 1
    /// Text is aligned with the right edge of the bounds.
    case right = 2
    /// Text is justified in UIKit (the last line aligned naturally); drawn here as `left`.
    case justified = 3
    /// Left for left-to-right text (the only direction drawn here).
    case natural = 4
}

/// How a label wraps or truncates lines that do not fit (UIKit's raw values). Kept for the app's code; the
/// rasterizer draws what `numberOfLines` allows.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at word boundaries, splitting a word only when it does not fit on a line alone.
    case byWordWrapping = 0
    /// Wrap before the first character that does not fit.
    case byCharWrapping = 1
    /// Lines are not wrapped; what does not fit is clipped at the edge of the bounds.
    case byClipping = 2
    /// The end of the line fits and an ellipsis stands for the missing start (`…wxyz`).
    case byTruncatingHead = 3
    /// The start of the line fits and an ellipsis stands for the missing end (`abcd…`); a label's default.
    case byTruncatingTail = 4
    /// Both ends fit and an ellipsis stands for the missing middle (`ab…yz`).
    case byTruncatingMiddle = 5
}
