import Foundation
import Testing
import TestSupport
@testable import HeadlessUIKit

/// Hostile content: fonts, borders, radii, alphas, 10 MB of text, huge and damaged images.
extension HostileInputTests {
    /// Fonts of 1e300, NaN, negative and 0 points, 1e300 borders and radii, NaN and ±∞ alphas draw (at scale 3)
    /// within the budget.
    @Test func hostileFontsBordersRadiiAndAlphas() {
        let scrollView = hostileScrollView()
        for (i, size) in Self.nasty.enumerated() {
            let label = UILabel(frame: CGRect(x: 0, y: CGFloat(i) * 80, width: 390, height: 80))
            label.text = "ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz 0123456789 \(i)"
            label.font = i % 2 == 0 ? .systemFont(ofSize: size) : .boldSystemFont(ofSize: size)
            label.numberOfLines = i % 3 == 0 ? 0 : Int.min
            label.alpha = size
            label.backgroundColor = UIColor(red: size, green: -size, blue: .nan, alpha: size)
            label.layer.borderWidth = size
            label.layer.cornerRadius = i % 2 == 0 ? 1e300 : size
            label.layer.borderColor = UIColor.red.cgColor
            scrollView.addSubview(label)
            #expect(label.font.pointSize.isFinite && label.font.pointSize <= UIFont.maxPointSize)
            #expect(label.alpha.isFinite && (0...1).contains(label.alpha))
        }
        let huge = UIView(frame: CGRect(x: -1e300, y: -1e300, width: 1e300, height: 1e300))
        huge.backgroundColor = .green
        huge.layer.cornerRadius = 1e300
        huge.layer.borderWidth = 1e300
        scrollView.insertSubview(huge, at: 0)
        let play = HostilePlay(scrollView, steps: #"[{"drag": {"by": {"y": -200}, "duration": 0.1}}]"#, scale: 3)
        #expect(play.error == nil, "\(String(describing: play.error))")
        #expect(play.seconds < Self.budget)
    }

    /// A label holding 10 MB of text, in a normal label and in a 1e6-point one with as many lines as fit, draws
    /// within the budget.
    @Test func tenMegabytesOfLabelText() {
        let text = String(repeating: "lorem ipsum dolor sit amet, ", count: 10_000_000 / 28)
        let scrollView = hostileScrollView()
        let one = UILabel(frame: CGRect(x: 0, y: 0, width: 390, height: 40))
        one.text = text
        let many = UILabel(frame: CGRect(x: 0, y: 40, width: 390, height: 800))
        many.text = text
        many.numberOfLines = 0
        let wide = UILabel(frame: CGRect(x: -5e5, y: 0, width: 1e6, height: 1e6))
        wide.text = text
        wide.numberOfLines = 0
        let unbroken = UILabel(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        unbroken.text = String(repeating: "W", count: 10_000_000)
        unbroken.numberOfLines = 0
        for label in [one, many, wide, unbroken] { scrollView.addSubview(label) }
        let play = HostilePlay(scrollView, steps: #"[{"drag": {"by": {"y": -100}, "duration": 0.1}}]"#)
        #expect(play.error == nil, "\(String(describing: play.error))")
        #expect(play.seconds < Self.budget)
    }

    /// A 100000 × 100000 PNG and damaged PNGs give nil images (as UIKit's initializers do); image views with a
    /// nil image, a 1e300 frame or a tiny scale draw within the budget.
    @Test func hugeAndDamagedImages() throws {
        let huge = PNGBuilder.file([PNGBuilder.ihdr(width: 100_000, height: 100_000),
                                    PNGBuilder.Chunk("IDAT", PNGBuilder.zlibStored([0])), PNGBuilder.Chunk("IEND")])
        #expect(UIImage(data: Data(huge)) == nil)
        let good = PNGBuilder.rgba(width: 64, height: 64) { x, y in [UInt8(x * 4), UInt8(y * 4), 0, 255] }
        for cut in stride(from: 0, to: good.count, by: 7) {
            var damaged = good
            damaged[cut] ^= 0x5A
            #expect(UIImage(data: Data(damaged)) == nil)
            #expect(UIImage(data: Data(good.prefix(cut))) == nil)
        }
        #expect(UIImage(contentsOfFile: "/dev/zero") == nil)
        #expect(UIImage(contentsOfFile: "/nonexistent/\(UUID()).png") == nil)
        let image = try #require(UIImage(data: Data(good), scale: .leastNonzeroMagnitude))
        let scrollView = hostileScrollView()
        for (i, mode) in [UIView.ContentMode.scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .bottomRight]
            .enumerated() {
            let view = UIImageView(image: i == 0 ? nil : image)
            view.frame = CGRect(x: -1e300, y: CGFloat(i), width: i == 4 ? 100 : 1e300, height: 1e300)
            view.contentMode = mode
            scrollView.addSubview(view)
        }
        let play = HostilePlay(scrollView, steps: #"[{"drag": {"by": {"y": -100}, "duration": 0.1}}]"#)
        #expect(play.error == nil, "\(String(describing: play.error))")
        #expect(play.seconds < Self.budget)
    }
}
