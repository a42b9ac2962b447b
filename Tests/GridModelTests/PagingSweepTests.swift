import Testing
@testable import GridModel

/// Issue 15, pattern 4: "flick velocities swept from 0.5 to 8 pt/ms in every paging mode; the landing page is
/// start ± 1 (or the documented projection rule) and lies exactly on a page multiple". 200 × 150 pages (the
/// viewport) on a 400-column grid, from page 200 (offset 40000), one fling each way, default policies.
@Suite struct PagingSweepTests {
    static let speeds: [Double] = [0.5, 1, 1.5, 2, 3, 4, 6, 8]   // pt/ms
    static let start: Int64 = 200

    struct Flick {
        /// The page it rests on, its resting offset and the pages shown between release and rest.
        var landing: Int64, rest: Double, shown: ClosedRange<Int64>, frames: [FrameState]
    }

    /// One fling of `speed` pt/ms (offset direction `sign`) from page 200, until idle.
    func flick(_ mode: PagingMode, _ speed: Double, _ sign: Double, limit: String = "one") throws -> Flick {
        // A positive finger velocity moves the offset back: the finger's is minus the offset's.
        let json = scenarioJSON(
            steps: #"[ { "fling": { "velocity": { "x": \#(-sign * speed * 1000), "y": 0 } } }, { "wait": { "until": "idle", "max": 10 } } ]"#,
            scroll: #"{ "recenter": "none", "paging": "\#(mode.rawValue)", "pageLimit": "\#(limit)" }"#,
            viewport: #"{ "width": 200, "height": 150, "scale": 2 }"#,
            grid: #"{ "tileSize": { "width": 200, "height": 150 }, "columns": 400, "rows": 0, "start": { "x": 200, "y": 0 } }"#, fps: 30)
        let frames = try allFrames(try decode(json))
        let pages = frames.compactMap(\.page?.x)
        let last = try #require(frames.last)
        return Flick(landing: try #require(last.page?.x), rest: last.contentOffset.x, shown: pages.min()!...pages.max()!, frames: frames)
    }

    /// "snap"'s documented rule: the page nearest the free deceleration's end.
    func projected(_ speed: Double, _ sign: Double) -> Int64 {
        let v = sign * speed * 1000, rate = ScrollPhysics.normalDecelerationRate
        let end = 40000 + ScrollPhysics.displacement(v, rate: rate, at: ScrollPhysics.decelerationDuration(speed: abs(v), rate: rate))
        return Int64((end / 200).rounded())
    }

    @Test(arguments: [PagingMode.viewport, .target, .snap])
    func everyFlickLandsOnAPageMultipleWithinTheRule(_ mode: PagingMode) throws {
        for speed in Self.speeds {
            for sign in [1.0, -1.0] {
                let f = try flick(mode, speed, sign)
                let label = "\(mode) \(sign * speed) pt/ms"
                #expect(f.frames.last?.phase == .idle, "\(label): not at rest")
                #expect(f.rest == Double(f.landing) * 200, "\(label): rests at \(f.rest), not on a page multiple")
                if mode == .snap {
                    #expect(f.landing == projected(speed, sign), "\(label): page \(f.landing), the projection's \(projected(speed, sign))")
                } else {
                    // One page on in the flick's direction, and no frame shows a page beyond it.
                    #expect(f.landing == Self.start + Int64(sign), "\(label): page \(f.landing)")
                    #expect(f.shown.lowerBound >= Self.start - 1 && f.shown.upperBound <= Self.start + 1, "\(label): shows \(f.shown)")
                }
            }
        }
    }

    /// `pageLimit: "none"` (the naive target): where the one-page rule breaks. At 0.5 pt/ms the projection
    /// (v / 2 points at the normal rate) is 250 points, one page on; from 1 pt/ms it carries past.
    @Test func withoutThePageLimitATargetFlickTravelsThePagesOfItsProjection() throws {
        var broken: [Double] = []
        for speed in Self.speeds {
            for sign in [1.0, -1.0] {
                let f = try flick(.target, speed, sign, limit: "none")
                #expect(f.landing == projected(speed, sign) && f.rest == Double(f.landing) * 200, "\(sign * speed) pt/ms: page \(f.landing)")
                if abs(f.landing - Self.start) > 1 { broken.append(sign * speed) }
            }
        }
        #expect(broken == [1, -1, 1.5, -1.5, 2, -2, 3, -3, 4, -4, 6, -6, 8, -8], "\(broken)")
        // 8 pt/ms: 4000 points, 20 pages.
        #expect(try flick(.target, 8, 1, limit: "none").landing == Self.start + 20)
        // With other paging the option would do nothing ("viewport" never moves more than a page): it is refused.
        #expect(throws: (any Error).self) { try flick(.viewport, 8, 1, limit: "none") }
    }
}
