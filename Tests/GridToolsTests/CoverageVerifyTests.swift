import Testing
@testable import GridModel
@testable import GridTools

/// verify's coverage check for pattern 3: which loops count as "few items", the speed a blank frame names, and
/// the fast-fling blank named at its frame.
@Suite struct CoverageVerifyTests {
    func loop(_ items: Int, tile: Double, viewport: Double, mode: LoopMode = .duplicate) -> Scenario {
        Scenario(name: "few", viewport: Viewport(width: viewport, height: 150, scale: 2),
                 grid: GridSpec(tileSize: Size(width: tile, height: 150), columns: items, rows: 0, loop: mode), steps: [])
    }

    @Test func fewItemsAreNarrowerThanTheViewport() {
        let size = Size(width: 390, height: 150)
        #expect(Verifier.fewItems(loop(1, tile: 100, viewport: 390), viewport: size))
        #expect(Verifier.fewItems(loop(3, tile: 100, viewport: 390, mode: .seamless), viewport: size))
        // Four items of 100 points fill a 390-point viewport: a blank there is the seam (pattern 1).
        #expect(!Verifier.fewItems(loop(4, tile: 100, viewport: 390), viewport: size))
        #expect(!Verifier.fewItems(loop(5, tile: 160, viewport: 240), viewport: Size(width: 240, height: 150)))
        // Not a loop: never.
        var grid = loop(2, tile: 100, viewport: 390)
        grid.grid.loop = .none
        #expect(!Verifier.fewItems(grid, viewport: size))
    }

    @Test func theSpeedTakesARecenterOut() throws {
        var frames = try allFrames(loop(2, tile: 100, viewport: 390))
        var frame = frames.removeFirst()
        frame.contentOffset = Vector(x: 1100, y: 0)
        #expect(Verifier.speed(frame, after: Vector(x: 1000, y: 0), fps: 30) == ", moving at 3000 pt/s")
        frame.recenterShift = Vector(x: 100, y: 0)
        #expect(Verifier.speed(frame, after: Vector(x: 1000, y: 0), fps: 30) == "")
        #expect(Verifier.speed(frame, after: nil, fps: 30) == "")
    }

    /// A resize, a jump or a loop jump changes the offset without motion: no speed (a resize at rest read
    /// "moving at 10817 pt/s", the adversarial review's F9).
    @Test(arguments: [ScrollEvent.resize(width: 600, height: 400), .jump(tile: TileCoordinate(x: 3, y: 0)),
                      .loopJump(from: Vector(x: 1100, y: 0), to: Vector(x: 300, y: 0))])
    func aJumpHasNoSpeed(_ event: ScrollEvent) throws {
        var frame = try allFrames(loop(2, tile: 100, viewport: 390))[0]
        frame.contentOffset = Vector(x: 1100, y: 0)
        #expect(Verifier.speed(frame, after: Vector(x: 1000, y: 0), fps: 30) == ", moving at 3000 pt/s")
        frame.events.append(event)
        #expect(Verifier.speed(frame, after: Vector(x: 1000, y: 0), fps: 30) == "")
    }

    func allFrames(_ scenario: Scenario) throws -> [FrameState] {
        var simulation = try Simulation(scenario: scenario)
        var frames: [FrameState] = []
        while let frame = try simulation.next() { frames.append(frame) }
        return frames
    }

    /// Content arriving 0.1 s late in transparent cells: the first blank frame is a fast one, and verify names
    /// pattern 3 there with its speed; the placeholder twin passes.
    @Test(arguments: [UnloadedTile.transparent, .placeholder])
    func aFastFlingBlanksTransparentCells(_ unloaded: UnloadedTile) throws {
        var scenario = Scenario(name: "fling", viewport: Viewport(width: 240, height: 160, scale: 1), fps: 30,
                                grid: GridSpec(tileSize: Size(width: 120, height: 160), buffer: 1, rows: 0,
                                               loadLatency: 0.1, unloadedTile: unloaded),
                                scroll: ScrollSpec(recenter: .threshold, contentSize: Size(width: 20000, height: 160)),
                                steps: [.drag(by: Vector(x: -120, y: 0), duration: 0.5, release: .hold), .fling(velocity: Vector(x: -3000, y: 0)),
                                        .waitUntilIdle(max: 4)])
        scenario.style.fontSize = 0
        let report = try Verifier.verify(scenario, font: font)
        if unloaded == .placeholder {
            #expect(report.passed, "\(report.failures.map(\.detail))")
            return
        }
        let finding = try #require(report.patterns.first)
        #expect(finding.pattern == .blankTiles && report.patterns.count == 1)
        #expect(finding.actual.contains(", moving at ") && finding.actual.hasSuffix(" pt/s"), "\(finding.actual)")
        let speed = Int(finding.actual.split(separator: " ").dropLast().last!)!
        #expect(speed > 1200, "\(finding.line)")
    }
}
