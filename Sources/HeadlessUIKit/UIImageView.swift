public import Foundation

/// A view that draws an image, placed in its bounds by `contentMode` (`scaleToFill` by default; an image larger
/// than the view overflows it unless `clipsToBounds`).
@MainActor
open class UIImageView: UIView {
    /// The image drawn; nil draws none.
    open var image: UIImage?

    /// A view the size of `image` (zero without one).
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// An image view at `frame` with no image. As UIKit's, it ignores touches (`isUserInteractionEnabled` is false).
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Archives are not supported: returns nil (UIKit would decode the view from a nib or storyboard).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The image's size (the current size without one).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? bounds.size }
}
