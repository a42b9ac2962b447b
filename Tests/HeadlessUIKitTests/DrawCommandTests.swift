import Foundation
import GridModel
import Testing
import TestSupport
@testable import HeadlessUIKit

@MainActor
@Suite struct DrawCommandTests {
    let window = CGRect(x: 0, y: 0, width: 390, height: 844)

    /// The seed's tile: a UILabel in a scrolled, clipping view.
    @Test func seedTileGivesFillBorderAndText() throws {
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scroller.clipsToBounds = true  // as UIScrollView
        scroller.bounds.origin = CGPoint(x: 1000, y: 2000)
        let tile = UILabel(frame: CGRect(x: 1100, y: 2150, width: 100, height: 100))
        tile.text = "(0, 0)"
        tile.textAlignment = .center
        tile.backgroundColor = UIColor.gray.withAlphaComponent(0.5)
        tile.layer.borderWidth = 0.5
        tile.layer.borderColor = UIColor.black.withAlphaComponent(0.1).cgColor
        scroller.addSubview(tile)

        let commands = try scroller.drawCommands(window: window)
        let rect = CGRect(x: 100, y: 150, width: 100, height: 100)
        let clip = rect  // a UILabel clips to its bounds (Apple's "UILabel-clipsToBounds": true by default)
        let text = DrawCommand.TextContent(text: "(0, 0)", pointSize: 17, bold: false, color: RGBA(0, 0, 0),
                                           alignment: .center, numberOfLines: 1)
        #expect(commands == [
            DrawCommand(rect: rect, clip: clip, opacity: 1, cornerRadius: 0, content: .fill(RGBA(128, 128, 128, 128))),
            DrawCommand(rect: rect, clip: clip, opacity: 1, cornerRadius: 0, content: .border(width: 0.5, color: RGBA(0, 0, 0, 26))),
            DrawCommand(rect: rect, clip: rect, opacity: 1, cornerRadius: 0, content: .text(text)),
        ])

        // Half outside the clipping view: the text's clip is what is left of the tile.
        tile.frame.origin = CGPoint(x: 1250, y: 2150)
        let moved = try scroller.drawCommands(window: window)
        #expect(moved.count == 3)
        #expect(moved[0].rect == CGRect(x: 250, y: 150, width: 100, height: 100))
        #expect(moved[2].clip == CGRect(x: 250, y: 150, width: 50, height: 100))

        // Removed: nothing.
        tile.removeFromSuperview()
        #expect(try scroller.drawCommands(window: window).isEmpty)
    }

    @Test func orderOpacityHiddenAndClip() throws {
        let root = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
        root.backgroundColor = .white
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        a.backgroundColor = .red
        a.alpha = 0.5
        let a1 = UIView(frame: CGRect(x: 40, y: 40, width: 50, height: 50))  // sticks out of a
        a1.backgroundColor = .green
        a1.alpha = 0.5
        let b = UIView(frame: CGRect(x: 100, y: 0, width: 50, height: 50))
        b.backgroundColor = .blue
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 9, height: 9))
        hidden.backgroundColor = .black
        hidden.isHidden = true
        let transparent = UIView(frame: CGRect(x: 0, y: 0, width: 9, height: 9))
        transparent.backgroundColor = .black
        transparent.alpha = 0
        transparent.addSubview(UILabel())
        root.addSubview(a)
        a.addSubview(a1)
        root.addSubview(hidden)
        root.addSubview(transparent)
        root.addSubview(b)

        var commands = try root.drawCommands(window: window)
        #expect(commands.map(\.content) == [.fill(RGBA(255, 255, 255)), .fill(RGBA(255, 0, 0)),
                                            .fill(RGBA(0, 255, 0)), .fill(RGBA(0, 0, 255))])
        #expect(commands.map(\.opacity) == [1, 0.5, 0.25, 1])
        #expect(commands[2].rect == CGRect(x: 50, y: 50, width: 50, height: 50))
        #expect(commands[2].clip == window)

        a.clipsToBounds = true
        commands = try root.drawCommands(window: window)
        #expect(commands[2].clip == CGRect(x: 10, y: 10, width: 50, height: 50))

        // A clipping view scrolled so that its subview is out of sight: no command for it.
        a.bounds.origin = CGPoint(x: 100, y: 0)
        commands = try root.drawCommands(window: window)
        #expect(commands.count == 3)

        // Window clip.
        root.frame.origin = CGPoint(x: 380, y: 0)
        commands = try root.drawCommands(window: window)
        #expect(commands.first?.clip == window)
        #expect(commands.count == 2)  // b at x 480 is outside the window
    }

    @Test func theWalkIsBoundedAndHostileValuesAreFinite() throws {
        let root = UIView(frame: window)
        for i in 0..<30 {
            let v = UIView(frame: CGRect(x: i, y: i, width: 10, height: 10))
            v.backgroundColor = .red
            root.addSubview(v)
        }
        #expect(throws: HeadlessUIKitError.self) { try root.drawCommands(window: window, maxViews: 20) }
        #expect(try root.drawCommands(window: window, maxViews: 31).count == 30)

        // A deep chain neither recurses nor overflows the stack.
        var tip = root
        for _ in 0..<20_000 {
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 1, height: 1))
            tip.addSubview(v)
            tip = v
        }
        try root.layoutPass()
        #expect(throws: HeadlessUIKitError.self) { try root.drawCommands(window: window, maxViews: 1000) }
        #expect(tip.convert(CGPoint.zero, to: nil) == .zero)

        let huge = UILabel(frame: CGRect(x: -1e300, y: -1e300, width: 1e300, height: 1e300))
        huge.text = "x"
        huge.backgroundColor = .red
        huge.layer.cornerRadius = 1e300
        let other = UIView(frame: window)
        other.addSubview(huge)
        for c in try other.drawCommands(window: window) {
            #expect(c.rect.origin.x.isFinite && c.rect.width.isFinite && c.clip.width <= window.width)
            #expect(c.cornerRadius.isFinite)
        }
        #expect(try other.drawCommands(window: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1)).isEmpty)
    }

    @Test func imageViewsPlaceTheirImageByContentMode() throws {
        let png = PNGBuilder.rgba(width: 20, height: 10) { _, _ in [9, 9, 9, 255] }
        let image = try #require(UIImage(data: Data(png)))
        let view = UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        view.image = image
        func placed(_ mode: UIView.ContentMode) throws -> (DrawCommand.ImageContent.Mode, CGRect)? {
            view.contentMode = mode
            guard let c = try view.drawCommands(window: window).last, case .image(let content) = c.content else { return nil }
            #expect(content.size == CGSize(width: 20, height: 10))
            return (content.mode, c.rect)
        }
        let full = CGRect(x: 0, y: 0, width: 100, height: 60)
        #expect(try placed(.scaleToFill)! == (.scaleToFill, full))
        #expect(try placed(.redraw)! == (.scaleToFill, full))
        #expect(try placed(.scaleAspectFit)! == (.scaleAspectFit, full))
        #expect(try placed(.scaleAspectFill)! == (.scaleAspectFill, full))
        #expect(try placed(.center)! == (.center, full))
        #expect(try placed(.top)! == (.center, CGRect(x: 40, y: 0, width: 20, height: 10)))
        #expect(try placed(.bottomRight)! == (.center, CGRect(x: 80, y: 50, width: 20, height: 10)))
        #expect(try placed(.left)! == (.center, CGRect(x: 0, y: 25, width: 20, height: 10)))
    }
}
