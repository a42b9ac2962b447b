import Testing
import GridModel
import TestSupport
@testable import Rasterizer

/// `Pixmap` tracks whether it is opaque, so `isOpaque` is O(1) for frames: what it knows must
/// always agree with a scan, and the render loop must keep it known.
@Suite struct OpacityTrackingTests {
    static func colour(_ rng: inout SplitMix64) -> RGBA {
        let alphas: [UInt8] = [0, 1, 128, 254, 255, 255, 255]
        return RGBA(UInt8(truncatingIfNeeded: rng.next()), 0, UInt8(truncatingIfNeeded: rng.next()),
                    alphas[Int(rng.next() % UInt64(alphas.count))])
    }

    static func coordinate(_ rng: inout SplitMix64, _ span: Int) -> Double {
        Double(Int(rng.next() % UInt64(4 * span + 16)) - 8) / 4
    }

    /// A small image to copy in: opaque (known or not), translucent, or with one translucent pixel.
    static func image(_ rng: inout SplitMix64) throws -> Pixmap {
        let width = Int(rng.next() % 6) + 1, height = Int(rng.next() % 6) + 1
        switch rng.next() % 4 {
        case 0: return try Pixmap(width: width, height: height, fill: RGBA(1, 2, 3))
        case 1: return try Pixmap(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height * 4))
        case 2: return try Pixmap(width: width, height: height, fill: RGBA(1, 2, 3, 200))
        default:
            var bytes = [UInt8](repeating: 255, count: width * height * 4)
            bytes[Int(rng.next() % UInt64(width * height)) * 4 + 3] = 254
            return try Pixmap(width: width, height: height, pixels: bytes)
        }
    }

    @Test func whatIsKnownAgreesWithAScanAfterEveryOperation() throws {
        var rng = SplitMix64(state: 0x0FA9_0E)
        var knownAfterWrites = 0
        for _ in 0..<400 {
            let width = Int(rng.next() % 12) + 1, height = Int(rng.next() % 12) + 1
            var pixmap = try Pixmap(width: width, height: height, fill: Self.colour(&rng))
            for _ in 0..<30 {
                switch rng.next() % 8 {
                case 0: pixmap.clear(Self.colour(&rng))
                case 1: pixmap = try Pixmap(width: width, height: height, pixels: pixmap.pixels)
                case 2:
                    let image = try Self.image(&rng)
                    pixmap.copy(image, x: Int(rng.next() % UInt64(width + 4)) - 3, y: Int(rng.next() % UInt64(height + 4)) - 3)
                case 3:
                    let mask = (0..<9).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                    mask.withUnsafeBufferPointer { m in
                        pixmap.blendMask(m, maskWidth: 3, maskHeight: 3, at: Int(rng.next() % UInt64(width)) - 1,
                                         Int(rng.next() % UInt64(height)) - 1, color: Self.colour(&rng), clip: pixmap.bounds)
                    }
                case 4:
                    // The whole pixmap, sometimes exactly, sometimes a fraction short, sometimes clipped.
                    let short = rng.next() % 3 == 0 ? 0.25 : 0
                    let clip = rng.next() % 3 == 0 ? IntRect(x: 0, y: 0, width: width - 1, height: height) : nil
                    pixmap.fill(PixelRect(x: short, y: 0, width: Double(width), height: Double(height) + 1),
                                Self.colour(&rng), clip: clip)
                default:
                    let x = Self.coordinate(&rng, width), y = Self.coordinate(&rng, height)
                    pixmap.fill(PixelRect(x: x, y: y, width: Self.coordinate(&rng, width), height: Self.coordinate(&rng, height)),
                                Self.colour(&rng))
                }
                let scan = pixmap.scanIsOpaque()
                #expect(!pixmap.knownOpaque || scan, "known opaque but a pixel is translucent")
                #expect(pixmap.isOpaque == scan)
                if pixmap.knownOpaque { knownAfterWrites += 1 }
            }
        }
        #expect(knownAfterWrites > 1_000)  // the tracking is exercised, not just the scan
    }

    @Test func clearFillsAndCopiesKeepWhatTheyShould() throws {
        var pixmap = try Pixmap(width: 4, height: 4)
        #expect(!pixmap.knownOpaque && !pixmap.isOpaque)
        pixmap.fill(PixelRect(x: -1, y: -1, width: 6, height: 6), RGBA(9, 9, 9))  // opaque, covers all
        #expect(pixmap.knownOpaque)
        pixmap.fill(PixelRect(x: 0.5, y: 0.5, width: 2, height: 2), RGBA(9, 9, 9, 10))  // blends stay opaque
        #expect(pixmap.knownOpaque)
        pixmap.copy(try Pixmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)), x: 1, y: 1)
        #expect(pixmap.knownOpaque)  // an opaque image whose opacity was not known: its copied pixels are read
        pixmap.copy(try Pixmap(width: 2, height: 2, fill: RGBA(0, 0, 0, 254)), x: 3, y: 3)
        #expect(!pixmap.knownOpaque && !pixmap.isOpaque)
        pixmap.clear(RGBA(1, 1, 1))
        #expect(pixmap.knownOpaque)
        pixmap.clear(RGBA(1, 1, 1, 254))
        #expect(!pixmap.knownOpaque)
    }

    @Test func opacityIsNotPartOfEquality() throws {
        let known = try Pixmap(width: 1, height: 1, fill: RGBA(1, 2, 3))
        let unknown = try Pixmap(width: 1, height: 1, pixels: [1, 2, 3, 255])
        #expect(known.knownOpaque != unknown.knownOpaque)
        #expect(known == unknown)
    }

    @Test func renderedFramesKnowTheyAreOpaque() throws {
        // A drag with translucent reuse tints, borders and labels over an opaque background: the
        // encoder's `isOpaque` must not need a scan.
        let s = scenario(width: 120, height: 90, scale: 3,
                         steps: [.drag(by: Vector(x: -37.3, y: 21.9), duration: 0.2, release: .hold)])
        let renderer = FrameRenderer(scenario: s, font: sharedFont)
        var canvas = try renderer.makeCanvas()
        var simulation = try Simulation(scenario: s)
        var frames = 0
        while let frame = try simulation.next() {
            try renderer.render(frame, into: &canvas)
            #expect(canvas.knownOpaque && canvas.scanIsOpaque())
            frames += 1
        }
        #expect(frames > 1)
    }
}
