public import Foundation
import GridExport
import Rasterizer

/// An immutable image decoded from PNG (through Rasterizer's `PNGCodec`, with its limits). The failable
/// initializers return nil for a file that cannot be read, is not a PNG, is damaged, or is over the limits
/// (`maxBytes`, `maxPixels`), as UIKit's return nil for data they cannot decode.
open class UIImage: @unchecked Sendable {
    /// The largest PNG read, in bytes.
    public static let maxBytes = 256 << 20
    /// The most pixels an image may have (width × height); larger images are refused from their header, before
    /// their pixels are allocated.
    public static let maxPixels = 100_000_000

    let pixmap: Pixmap

    /// Pixels per point: 1, or what the file name says (`name@2x.png`, `name@3x.png`) or `init(data:scale:)` was
    /// given (ignored unless finite and positive; clamped to 0.01…100).
    public let scale: CGFloat

    /// The image's size in points: its pixels divided by `scale`.
    open var size: CGSize {
        CGSize(width: CGFloat(pixmap.width) / scale, height: CGFloat(pixmap.height) / scale)
    }

    init(pixmap: Pixmap, scale: CGFloat) {
        self.pixmap = pixmap
        self.scale = scale.isFinite && scale > 0 ? min(max(scale, 0.01), 100) : 1
    }

    /// The PNG at `path`; nil when it cannot be read or decoded. A name ending in `@2x` or `@3x` (before the
    /// extension) gives that scale, as UIKit's.
    public convenience init?(contentsOfFile path: String) {
        guard let bytes = try? FileInput.read(path, maxBytes: UIImage.maxBytes, what: "image") else { return nil }
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let scale: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        self.init(pngBytes: bytes, scale: scale)
    }

    /// The PNG in `data` at scale 1; nil when it cannot be decoded.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// The PNG in `data` at `scale`; nil when it cannot be decoded.
    public convenience init?(data: Data, scale: CGFloat) {
        guard data.count <= UIImage.maxBytes else { return nil }
        self.init(pngBytes: [UInt8](data), scale: scale)
    }

    private convenience init?(pngBytes: [UInt8], scale: CGFloat) {
        guard let pixmap = try? PNGCodec.decode(pngBytes, maxPixels: UIImage.maxPixels) else { return nil }
        self.init(pixmap: pixmap, scale: scale)
    }
}
