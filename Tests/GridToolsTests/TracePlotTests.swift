import Foundation
import Testing
import Rasterizer
@testable import GridModel
@testable import GridTools

@Suite struct TracePlotTests {
    static let small = PlotOptions(width: 400, height: 300)

    func plot(_ frames: [TraceFrame], _ options: PlotOptions = small) throws -> Pixmap {
        try TracePlot.render(frames, options: options, font: font, title: "test")
    }

    /// Frames out of time order (shards concatenated the wrong way round) once made the time axis
    /// a nanosecond long and the line loop run for ever.
    @Test func framesOutOfOrderPlotLikeSortedOnes() throws {
        let frames = try ToolTests.read(try ToolTests.traceLines("long-fling", frames: 120))
        let swapped = Array(frames[60...]) + Array(frames[..<60])
        let expected = try plot(frames)
        let image = try ToolTests.within(10, "plotting swapped shards") { try plot(swapped) }
        #expect(image == expected)
        #expect(try plot(frames.reversed()) == expected)
    }

    /// Values that are not finite leave gaps, huge ones are drawn to scale: never a trap, a hang
    /// or a blank plot.
    @Test func extremeValuesPlot() throws {
        let values: [Double] = [.nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 0, 1]
        var frames: [TraceFrame] = []
        for (i, v) in values.enumerated() {
            frames.append(TraceFrame(frame: i, t: Double(i), offsetX: v, offsetY: -v, recenterX: v, recenterY: v, events: [.willBeginDragging], live: Int.max, pool: Int.min))
        }
        let plain = try plot(frames.map { var f = $0; f.offsetX = 0; f.offsetY = 0; f.recenterX = nil; f.recenterY = nil; f.live = 0; f.pool = 0; return f })
        let image = try ToolTests.within(10, "extreme values") { try plot(frames) }
        #expect(image != plain)
        // Times at the ends of the doubles, the same time twice, and times that are not finite.
        let times: [[Double]] = [[-1e308, 1e308], [.greatestFiniteMagnitude, .greatestFiniteMagnitude], [0, 0, 0],
                                 [.nan, 0, 1], [-.infinity, 0, Double.leastNonzeroMagnitude], [1e20, 1e20 + 16384, 1e20 + 32768]]
        for ts in times {
            let fs = ts.enumerated().map { TraceFrame(frame: $0.offset, t: $0.element, offsetX: Double($0.offset), recenterX: 1) }
            _ = try ToolTests.within(5, "times \(ts)") { try plot(fs) }
        }
        #expect(throws: ToolError.self) { try plot([TraceFrame(frame: 0, t: .nan), TraceFrame(frame: 1, t: 0)]) }
    }

    /// Many frames, all recentering, all with events: the work is bounded by the canvas, not by
    /// frames × panel size.
    @Test func manyFramesPlotInBoundedTime() throws {
        let frames = (0..<200_000).map { i in
            TraceFrame(frame: i, t: Double(i) / 60, offsetX: Double(i % 997) * 1e6, offsetY: sin(Double(i)), recenterX: 1, recenterY: 0,
                       events: [.willBeginDragging, .didEndDecelerating], live: i % 50, pool: i % 7)
        }
        _ = try ToolTests.within(20, "200,000 frames") { try plot(frames, PlotOptions()) }
    }

    @Test(arguments: [(0, 300), (300, 0), (-1, 300), (300, -50), (Int.max, 300), (300, Int.min), (199, 300), (8001, 300)])
    func optionsOutOfRangeAreRefused(_ size: (Int, Int)) throws {
        let frames = [TraceFrame(frame: 0, t: 0), TraceFrame(frame: 1, t: 1)]
        #expect { _ = try plot(frames, PlotOptions(width: size.0, height: size.1)) } throws: { error in
            (error as? ToolError)?.kind == .invalidOption && "\(error)".contains("200 to 8000")
        }
    }

    /// A cross axis resting far from the moving one (y at 49,843 pt while x moves near 8,000) is left out of
    /// the scale, so x is not flattened to a line; a constant within reach (y 0 beside x 0…100) is drawn.
    @Test func aConstantSeriesFarAwayIsLeftOutOfTheScale() {
        func series(_ name: String, _ values: [Double]) -> TracePlot.Series {
            TracePlot.Series(name: name, color: RGBA(0, 0, 0), points: values.enumerated().map { (Double($0.offset), $0.element) })
        }
        #expect(TracePlot.offScale([series("x", [8000, 8200, 8400]), series("y", [49843.5, 49843.5, 49843.5])]) == [1])
        #expect(TracePlot.offScale([series("x", [0, 50, 100]), series("y", [0, 0, 0])]).isEmpty)
        #expect(TracePlot.offScale([series("x", [5, 5]), series("y", [9000, 9000])]).isEmpty)
        #expect(TracePlot.offScale([series("x", [.nan, 1, 2]), series("y", [.infinity, .infinity])]).isEmpty)
    }

    @Test func ticksAreFewFiniteAndInRange() {
        let ranges: [(Double, Double)] = [(0, 0), (1, 0), (.nan, 1), (0, .nan), (0, .infinity), (-.infinity, 0), (-1e308, 1e308),
                                          (-.greatestFiniteMagnitude, .greatestFiniteMagnitude), (1e20, 1e20 + 16384), (0, Double.leastNonzeroMagnitude),
                                          (-Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude), (1e300, 1.0000001e300), (0, 1), (-3, 1e-9)]
        for (lo, hi) in ranges {
            let ticks = PlotScale.ticks(lo, hi)
            #expect(ticks.count <= PlotScale.maxTicks, "\(lo)...\(hi)")
            #expect(ticks.allSatisfy { $0.isFinite && $0 >= lo && $0 <= hi }, "\(lo)...\(hi): \(ticks)")
            #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 }, "\(lo)...\(hi): \(ticks)")
        }
        #expect(PlotScale.ticks(0, 10) == [0, 2, 4, 6, 8, 10])
        #expect(PlotScale.ticks(-1e308, 1e308).count >= 2)
    }

    @Test func labelsOfAnyValueAreShort() {
        #expect(PlotScale.format(.nan) == "nan")
        #expect(PlotScale.format(.infinity) == "inf" && PlotScale.format(-.infinity) == "-inf")
        #expect(PlotScale.format(1e308) == "1e+308")
        #expect(PlotScale.format(-.greatestFiniteMagnitude).count < 12)
        #expect(PlotScale.format(12000) == "12k" && PlotScale.format(0.25) == "0.25" && PlotScale.format(3) == "3")
        // A narrow range far from zero (a slow drag at 50,000 pt) gets every digit its ticks need, not "50k" five times.
        #expect(PlotScale.labels(PlotScale.ticks(50_000, 50_020)) == ["50000", "50005", "50010", "50015", "50020"])
        #expect(PlotScale.labels([1.5e8, 1.500004e8]) == ["150000000", "150000400"])
        #expect(PlotScale.labels([10, 10.005, 10.01]) == ["10.000", "10.005", "10.010"])
        #expect(PlotScale.labels([0, 2, 4]) == ["0", "2", "4"])
    }

    @Test func scaleMapsAnyRangeInsideItsSpan() {
        for (lo, hi) in [(-1e308, 1e308), (-Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude), (5, 5), (0, Double.leastNonzeroMagnitude)] {
            let scale = PlotScale(values: [lo, hi], padding: 0.05, start: 10, length: 100)
            for v in [lo, hi, (lo / 2 + hi / 2)] {
                let p = scale.position(v)
                #expect(p != nil && p! >= 10 && p! <= 110, "\(v) in \(lo)...\(hi): \(String(describing: p))")
            }
            #expect(scale.position(.nan) == nil && scale.position(.infinity) == nil)
        }
    }

    /// Lines visit each column once per point plus once per column, whatever the points.
    @Test func polylineIsBoundedByTheColumns() throws {
        var canvas = try Pixmap(width: 200, height: 100)
        let columns = PlotColumns(PixelRect(x: 10, y: 10, width: 180, height: 80))
        // Back and forth across the whole panel many times, huge and missing positions.
        var points: [(x: Double, y: Double)?] = []
        for i in 0..<100_000 { points.append(i % 3 == 2 ? nil : (x: i % 2 == 0 ? -1e300 : 1e300, y: Double(i % 80) + 10)) }
        let clip = IntRect(minX: 10, minY: 10, maxX: 190, maxY: 90)
        ToolTests.within(10, "a zig-zag line") { columns.polyline(points, color: RGBA(0, 0, 0), into: &canvas, clip: clip) }
        // Only the first sweep is drawn (at y 10 to 11): the ones going back and forth again are skipped.
        let drawn = stride(from: 3, to: canvas.pixels.count, by: 4).filter { canvas.pixels[$0] > 0 }.count
        #expect(drawn > 0 && drawn <= 180 * 4, "\(drawn) pixels drawn")
        // A vertical step is drawn; a point without a position breaks the line.
        var step = try Pixmap(width: 200, height: 100)
        columns.polyline([(x: 15, y: 50), (x: 15, y: 60), (x: 30, y: 60), nil, (x: 40, y: 20), (x: 50, y: 20)], color: RGBA(0, 0, 0), into: &step, clip: clip)
        #expect(step.pixel(x: 15, y: 55)?.a == 255 && step.pixel(x: 25, y: 60)?.a == 255 && step.pixel(x: 45, y: 20)?.a == 255)
        #expect(step.pixel(x: 35, y: 40)?.a == 0 && step.pixel(x: 35, y: 60)?.a == 0)
        #expect(columns.markers([.nan, -1, 11, 11.5, 500, 12]) == [11, 12])
    }
}
