public import Foundation

/// A view that draws one or more lines of text in its bounds (the text is clipped to the bounds).
@MainActor
open class UILabel: UIView {
    /// The text drawn; nil or empty draws none.
    open var text: String?

    /// The text's colour; setting nil restores the default, UIKit's `label` colour (black, light appearance).
    open var textColor: UIColor! {
        get { textColorStorage }
        set { textColorStorage = newValue ?? .label }
    }
    private var textColorStorage: UIColor = .label

    /// The text's font; setting nil restores the default, the system font at 17 points.
    open var font: UIFont! {
        get { fontStorage }
        set { fontStorage = newValue ?? UILabel.defaultFont }
    }
    private var fontStorage: UIFont = UILabel.defaultFont
    private static let defaultFont = UIFont.systemFont(ofSize: 17)

    /// How lines are aligned; `.natural` by default (left, the text here being left to right).
    open var textAlignment: NSTextAlignment = .natural

    /// The most lines drawn: 1 by default, 0 for as many as fit. Negative values are taken as 0.
    open var numberOfLines = 1 {
        didSet { numberOfLines = max(numberOfLines, 0) }
    }

    /// How lines that do not fit wrap or are truncated; `.byTruncatingTail` by default.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail

    /// Whether the label is drawn in its enabled look (kept; drawn the same).
    open var isEnabled = true

    /// A label at `frame`. As UIKit's, it ignores touches (`isUserInteractionEnabled` is false) and clips to its
    /// bounds (`clipsToBounds` is true).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        clipsToBounds = true
    }

    /// Archives are not supported: returns nil (UIKit would decode the label from a nib or storyboard).
    public required init?(coder: NSCoder) {
        return nil
    }
}
