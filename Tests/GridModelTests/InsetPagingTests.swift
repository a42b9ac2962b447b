import Foundation
import Testing
@testable import GridModel

/// Issue 15: content insets and the safe area move the content edges, and paging stops on UIKit's page grid
/// (multiples of the page size from content offset 0, or from the adjusted inset with `pageGrid: "adjustedInset"`).
@Suite struct InsetPagingTests {
    /// Offsets at rest after each motion: the last idle frame before the next step moves (the first fling starts at
    /// t = 0, so the start is not one of them).
    func restingOffsets(_ frames: [FrameState]) -> [Double] {
        frames.indices.filter { i in frames[i].phase == .idle && (i + 1 == frames.count || frames[i + 1].phase != .idle) }
            .map { frames[$0].contentOffset.x }
    }

    func flings(_ velocities: [Double]) -> String {
        "[" + velocities.map { #"{ "fling": { "velocity": { "x": \#($0) } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } }"# }
            .joined(separator: ", ") + "]"
    }

    /// A strip of 20 tiles of 100 points (content 2000) in a 390-point viewport, rows disabled.
    func strip(_ scroll: String, _ steps: String) throws -> [FrameState] {
        try allFrames(try decode(scenarioJSON(steps: steps, scroll: scroll, grid: #"{ "columns": 20, "rows": 0 }"#)))
    }

    @Test(arguments: [true, false])
    func theEdgesAreAtTheInsets(bounces: Bool) throws {
        // Edges at −40 and 2000 − 390 + 30 = 1640: long flings stop there, and the start tile 0 is clamped to −40.
        let frames = try strip(#"{ "bounces": \#(bounces), "contentInset": { "left": 40, "right": 30 } }"#, flings([8000, -8000]))
        #expect(frames[0].contentOffset.x == -40)
        let rests = restingOffsets(frames)
        #expect(rests == [-40, 1640], "\(rests)")
        #expect(frames.contains { $0.edgeHit })
        #expect(frames.allSatisfy { bounces || (-40...1640).contains($0.contentOffset.x) })
    }

    @Test(arguments: [("never", -40.0, 1610.0), ("always", -60, 1644)])
    func theSafeAreaAddsOnlyWithAlways(adjustment: String, lower: Double, upper: Double) throws {
        let frames = try strip(#"{ "contentInset": { "left": 40 }, "safeArea": { "left": 20, "right": 34, "top": 47 }, "contentInsetAdjustment": "\#(adjustment)" }"#,
                               flings([8000, -8000]))
        #expect(restingOffsets(frames) == [lower, upper])
    }

    @Test func aDragPastTheInsetRubberBandsAndSpringsBackToIt() throws {
        let frames = try strip(#"{ "contentInset": { "left": 40 } }"#, #"[ { "drag": { "by": { "x": 100 }, "duration": 0.3, "release": "hold" } }, { "wait": { "until": "idle" } } ]"#)
        #expect(frames.contains { $0.contentOffset.x < -41 && $0.edgeHit })
        #expect(frames.last!.contentOffset.x == -40)
    }

    @Test(arguments: [true, false])
    func aScrollToPastTheInsetStaysThereUntilATouch(bounces: Bool) throws {
        // scrollTo does not clamp (setContentOffset does not): tile 0 centred is −145, past the −40 edge. A touch
        // then springs back to the inset's edge (bounces) or puts the offset on it at once (no bounces).
        let frames = try strip(#"{ "bounces": \#(bounces), "contentInset": { "left": 40 } }"#,
                               #"[ { "scrollTo": { "tile": { "x": 5, "y": 0 }, "animated": false } }, { "wait": { "duration": 0.1 } }, { "scrollTo": { "tile": { "x": 0, "y": 0 }, "animated": false } }, { "wait": { "duration": 0.1 } }, { "drag": { "by": { "x": 0 }, "duration": 0.1, "release": "hold" } }, { "wait": { "until": "idle" } } ]"#)
        #expect(frames.contains { $0.contentOffset.x == -145 })
        #expect(frames.last!.contentOffset.x == -40)
    }

    @Test func uikitPagesFromContentZeroAndIgnoresTheInset() throws {
        // Pages at multiples of 200 from 0; the inset's edge (−40) and the last offset (1610) are the only other rests.
        let frames = try strip(#"{ "paging": "viewport", "pageSize": { "width": 200, "height": 200 }, "contentInset": { "left": 40 } }"#,
                               flings([-1000, -1000, 1000, 1000, 1000, -1000]))
        #expect(restingOffsets(frames) == [0, 200, 0, -40, -40, 0])
    }

    @Test func theAdjustedInsetGridStartsAtTheInset() throws {
        let frames = try strip(#"{ "paging": "viewport", "pageSize": { "width": 200, "height": 200 }, "contentInset": { "left": 40 }, "pageGrid": "adjustedInset" }"#,
                               flings([-1000, -1000, 1000, 1000]))
        #expect(restingOffsets(frames) == [160, 360, 160, -40])
    }

    @Test(arguments: ["viewport", "snap", "target"])
    func everyPagingModeRestsOnTheGridWithInsets(mode: String) throws {
        for grid in ["content", "adjustedInset"] {
            let frames = try strip(#"{ "paging": "\#(mode)", "pageSize": { "width": 200, "height": 200 }, "contentInset": { "left": 40, "right": 25 }, "pageGrid": "\#(grid)" }"#,
                                   flings([-700, -2500, 400, -1200, 3000]))
            let origin = grid == "content" ? 0.0 : -40
            for x in restingOffsets(frames).dropFirst() {
                let onGrid = (x - origin).truncatingRemainder(dividingBy: 200) == 0
                #expect(onGrid || x == -40 || x == 1635, "\(mode), \(grid): rests at \(x)")
            }
        }
    }

    @Test(arguments: ["viewport", "snap", "target"])
    func aLargeContentRestsOnMultiplesOfTheViewport(mode: String) throws {
        // The issue's example: a 100000-point content and a 200-point viewport rest on multiples of 200 (they used
        // to rest at 49900 + 200·k, counted from the start offset), starting on the grid at 50000.
        let scenario = try decode(scenarioJSON(steps: flings([-900, -2500, 1300, -400, 5000]),
                                               scroll: #"{ "recenter": "none", "paging": "\#(mode)" }"#,
                                               viewport: #"{ "width": 200, "height": 300, "scale": 3 }"#))
        let frames = try allFrames(scenario)
        #expect(frames[0].contentOffset == Vector(x: 50000, y: 49800))
        let rests = restingOffsets(frames)
        #expect(rests.count == 5)
        #expect(rests.allSatisfy { $0.truncatingRemainder(dividingBy: 200) == 0 }, "\(rests)")
        #expect(Set(rests).count >= 2)
    }

    @Test(arguments: ["atRest", "threshold", "wholeTiles"])
    func recentersShiftWholePagesSoPagingStaysOnTheGrid(strategy: String) throws {
        // A 10000-point content, 390-point pages at scale 3 (1170 device pixels) and 100-point tiles: a recenter
        // shifts by lcm(page, step) and every rest is a multiple of 390 from content 0.
        let scenario = try decode(scenarioJSON(steps: flings(Array(repeating: -3000, count: 8) + [3000, -600, -3000]),
                                               scroll: #"{ "recenter": "\#(strategy)", "paging": "viewport", "contentSize": { "width": 10000, "height": 10000 } }"#,
                                               viewport: #"{ "width": 390, "height": 844, "scale": 3 }"#))
        let frames = try allFrames(scenario)
        let shifts = frames.compactMap(\.recenterShift).map(\.x).filter { $0 != 0 }
        #expect(!shifts.isEmpty, "\(strategy): no recenter")
        let step = strategy == "wholeTiles" ? 3900.0 : 390
        #expect(shifts.allSatisfy { $0.truncatingRemainder(dividingBy: step) == 0 }, "\(strategy): shifts \(shifts)")
        let rests = restingOffsets(frames)
        #expect(rests.allSatisfy { $0.truncatingRemainder(dividingBy: 390) == 0 }, "\(strategy): rests \(rests)")
        // Page numbers do not jump at a recenter: each fling moves at most one page.
        let pages = frames.compactMap(\.page).map(\.x)
        #expect(zip(pages, pages.dropFirst()).allSatisfy { abs($0 - $1) <= 1 }, "\(pages)")
    }

    @Test func anInfiniteAxisRecentersToTheMiddleOfItsInsetEdges() throws {
        // Edges −100 and 2000 − 390 = 1610: the middle, where it starts and recenters at rest, is 755.
        let scenario = try decode(scenarioJSON(steps: flings([-800, 8000]),
                                               scroll: #"{ "contentSize": { "width": 2000, "height": 2000 }, "contentInset": { "left": 100 } }"#))
        let frames = try allFrames(scenario)
        #expect(frames[0].contentOffset.x == 755)
        // At rest it recenters to the nearest device pixel (0.5 points) of the middle.
        let rests = restingOffsets(frames)
        #expect(rests.count == 2 && rests.allSatisfy { abs($0 - 755) <= 0.25 }, "\(rests)")
        // The long fling reaches the inset's edge and bounces off it before the recenter at rest.
        #expect(frames.contains { $0.edgeHit && $0.contentOffset.x < -100 })
        #expect(frames.allSatisfy { $0.contentOffset.x > -100 - 390 })
    }

    @Test func theReferenceStartsWhereTheModelDoes() throws {
        let scenario = try decode(scenarioJSON(steps: flings([-1200]),
                                               scroll: #"{ "paging": "viewport", "contentInset": { "left": 55, "top": 20 }, "pageGrid": "adjustedInset" }"#))
        let model = try allFrames(scenario), reference = try allFrames(scenario, reference: true)
        #expect(model[0].contentOffset == reference[0].contentOffset)
        #expect(model.last!.page == reference.last!.page)
        #expect(model.last!.tiles.map(\.pixelRect) == reference.last!.tiles.map(\.pixelRect))
    }

    @Test func theStartOffsetOnAnInfiniteAxisIsOnTheGrid() throws {
        for grid in ["content", "adjustedInset"] {
            let scenario = try decode(scenarioJSON(steps: "[]", scroll: #"{ "paging": "viewport", "contentInset": { "left": 30 }, "pageGrid": "\#(grid)" }"#))
            let x = try allFrames(scenario)[0].contentOffset.x
            let origin = grid == "content" ? 0.0 : -30
            #expect((x - origin).truncatingRemainder(dividingBy: 390) == 0, "\(grid): starts at \(x)")
            #expect(abs(x - (49805 - 15)) <= 195, "\(grid): starts at \(x)")
        }
    }

    @Test func aJumpReturnsToTheGrid() throws {
        let scenario = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": -2000 } } }, { "wait": { "until": "idle" } }, { "jump": { "tile": { "x": 500, "y": 3 } } }, { "fling": { "velocity": { "x": -2000 } } }, { "wait": { "until": "idle" } } ]"#,
                                               scroll: #"{ "recenter": "none", "paging": "viewport", "pageSize": { "width": 300, "height": 300 } }"#))
        let rests = restingOffsets(try allFrames(scenario))
        #expect(rests.allSatisfy { $0.truncatingRemainder(dividingBy: 300) == 0 }, "\(rests)")
    }

    @Test func afterAResizePagesAreMultiplesOfTheNewViewport() throws {
        // 390-point pages, then a 300-point viewport (the default page size follows it): a recenter by whole 390s
        // must not leave the grid at 390·k, but count the new pages from content 0 as UIKit's new bounds do.
        let scenario = try decode(scenarioJSON(steps: #"[ { "fling": { "velocity": { "x": -2000 } } }, { "wait": { "until": "idle" } }, { "resize": { "width": 300, "height": 844 } }, { "fling": { "velocity": { "x": -2000 } } }, { "wait": { "until": "idle" } }, { "wait": { "duration": 0.1 } } ]"#,
                                               scroll: #"{ "paging": "viewport", "contentSize": { "width": 10000, "height": 10000 } }"#))
        let frames = try allFrames(scenario)
        #expect(frames.contains { $0.recenterShift != nil })
        let last = frames.last!.contentOffset.x
        #expect(last.truncatingRemainder(dividingBy: 300) == 0, "rests at \(last)")
    }

    @Test func leastCommonMultiple() {
        #expect(ScrollModel.leastCommonMultiple(4, 6) == 12)
        let page: Int64 = 390 * 26880
        #expect(ScrollModel.leastCommonMultiple(8960, page) == page)
        #expect(ScrollModel.leastCommonMultiple(Int64.max / 2, Int64.max / 2 - 1) == nil)
    }

    @Test func aRecenterStepTooLargeForTheContentFallsBackToTheBase() throws {
        // A 390.3-point page at scale 2 is not whole device pixels: lcm(page, pixel) is 39030 pages' worth of units,
        // far more than half the content, so the recenter shifts whole pixels and the grid moves with the tiles.
        let scenario = try decode(scenarioJSON(steps: flings([-3000, -3000]), scroll: #"{ "paging": "viewport", "pageSize": { "width": 390.3, "height": 844 }, "contentSize": { "width": 3000, "height": 3000 } }"#))
        let model = try ScrollModel(scenario: scenario, reference: false)
        #expect(model.recenterStep(model.x, isX: true) == model.pixel)
        #expect(model.recenterStep(model.y, isX: false) == model.pageSize.height)
        let frames = try allFrames(scenario)
        let pages = frames.compactMap(\.page).map(\.x)
        #expect(zip(pages, pages.dropFirst()).allSatisfy { abs($0 - $1) <= 1 }, "\(pages)")
    }

    @Test func decodedDefaultsAndTheAdjustedInset() throws {
        let plain = try decode(scenarioJSON(steps: "[]"))
        #expect(plain.scroll.contentInset == .zero && plain.scroll.safeArea == .zero)
        #expect(plain.scroll.contentInsetAdjustment == .never && plain.scroll.pageGrid == .content)
        let s = try decode(scenarioJSON(steps: "[]", scroll: #"{ "contentInset": { "top": 10, "right": 5 }, "safeArea": { "top": 47, "bottom": 34 }, "contentInsetAdjustment": "always", "pageGrid": "adjustedInset" }"#))
        #expect(s.scroll.contentInset == EdgeInsets(top: 10, right: 5))
        #expect(s.scroll.adjustedContentInset == EdgeInsets(top: 57, left: 0, bottom: 34, right: 5))
        #expect(s.scroll.pageGrid == .adjustedInset)
    }

    @Test func thePagerTakesNoInsets() throws {
        for key in ["contentInset", "safeArea"] {
            #expect(throws: ScenarioError.self) { try decode(#"{ "name": "t", "viewport": { "width": 390, "height": 844 }, "pager": {}, "scroll": { "\#(key)": { "top": 1 } }, "steps": [] }"#) }
            do {
                _ = try decode(#"{ "name": "t", "viewport": { "width": 390, "height": 844 }, "pager": {}, "scroll": { "\#(key)": { "top": 1 } }, "steps": [] }"#)
            } catch {
                #expect(error.path == "scroll.\(key)" && error.kind == .invalidValue, "\(error)")
            }
        }
    }

    @Test(arguments: [Double.nan, -0.5, 20_000.5, .infinity])
    func aConstructedInsetIsValidated(value: Double) throws {
        var scenario = try decode(scenarioJSON(steps: "[]"))
        scenario.scroll.safeArea = EdgeInsets(left: value)
        #expect { try scenario.validate() } throws: { ($0 as? ScenarioError)?.path == "scroll.safeArea.left" }
    }
}
