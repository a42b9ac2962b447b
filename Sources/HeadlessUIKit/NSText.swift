// Text types UIKit takes from Foundation on Apple platforms; Linux's Foundation lacks them.

/// How text lines are aligned (UIKit's raw values).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    /// Left for left-to-right text (the only direction drawn here).
    case natural = 4
}

/// How a label wraps or truncates lines that do not fit (UIKit's raw values). Kept for the app's code; the
/// rasterizer draws what `numberOfLines` allows.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0
    case byCharWrapping = 1
    case byClipping = 2
    case byTruncatingHead = 3
    case byTruncatingTail = 4
    case byTruncatingMiddle = 5
}
