import Foundation
import GridModel
import Testing
@testable import HeadlessUIKit

@Suite struct ColorTests {
    func components(_ c: UIColor) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        c.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a]
    }

    @Test func namedColoursHaveUIKitsValues() {
        // UIKit's documentation: grayscale values and alphas.
        #expect(components(.black) == [0, 0, 0, 1])
        #expect(components(.white) == [1, 1, 1, 1])
        #expect(components(.gray) == [0.5, 0.5, 0.5, 1])
        let third: CGFloat = 1.0 / 3.0, twoThirds: CGFloat = 2.0 / 3.0
        #expect(components(.lightGray) == [twoThirds, twoThirds, twoThirds, 1])
        #expect(components(.darkGray) == [third, third, third, 1])
        #expect(components(.clear) == [0, 0, 0, 0])
        #expect(components(.red) == [1, 0, 0, 1])
        #expect(components(.green) == [0, 1, 0, 1])
        #expect(components(.blue) == [0, 0, 1, 1])
        #expect(components(.orange) == [1, 0.5, 0, 1])
        #expect(components(.brown) == [0.6, 0.4, 0.2, 1])
        #expect(components(.systemBackground) == [1, 1, 1, 1])
        #expect(UIColor.systemBlue.rgba == RGBA(0, 122, 255))
        #expect(UIColor.systemGray.rgba == RGBA(142, 142, 147))
        var white: CGFloat = -1, alpha: CGFloat = -1
        #expect(UIColor.gray.getWhite(&white, alpha: &alpha) && white == 0.5 && alpha == 1)
        #expect(!UIColor.red.getWhite(&white, alpha: &alpha))
    }

    @Test func alphaCGColorAndEquality() {
        let tile = UIColor.gray.withAlphaComponent(0.5)
        #expect(components(tile) == [0.5, 0.5, 0.5, 0.5])
        #expect(tile.rgba == RGBA(128, 128, 128, 128))  // the renderer's default tile colour
        let border = UIColor.black.withAlphaComponent(0.1).cgColor
        #expect(border.components == [0, 0.1])
        #expect(border.alpha == 0.1 && border.numberOfComponents == 2)
        #expect(UIColor(cgColor: border) == UIColor(white: 0, alpha: 0.1))
        #expect(UIColor(cgColor: UIColor.red.cgColor) == .red)
        #expect(UIColor.red.cgColor.components == [1, 0, 0, 1])
        #expect(UIColor(white: 0.5, alpha: 1) == UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(UIColor.gray != UIColor.lightGray)
        #expect(CGColor.black == CGColor(gray: 0, alpha: 1))
        #expect(CGColor(gray: 0.2, alpha: 1).copy(alpha: 0.3) == CGColor(gray: 0.2, alpha: 0.3))
    }

    @Test func hostileComponents() {
        let c = UIColor(red: .nan, green: .infinity, blue: -.infinity, alpha: 5)
        #expect(components(c) == [0, 1000, -1000, 1])
        #expect(c == c)
        #expect(c.rgba == RGBA(0, 255, 0, 255))
        #expect(UIColor.red.withAlphaComponent(.nan).rgba == RGBA(255, 0, 0, 0))
        #expect(UIColor.red.withAlphaComponent(-1).rgba.a == 0)
    }
}
