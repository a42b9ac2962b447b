/// Bounds that keep any scenario from exhausting memory, disk or time. Each is named in the
/// error that enforces it, and the CLI can raise the frame and pixel limits with a flag.
public struct Limits: Sendable, Equatable {
    /// Frames one render may produce (`--max-frames`).
    public var maxFrames: Int = 100_000
    /// Pixels in one frame, width × height × scale² (`--max-pixels`), for the initial viewport and
    /// every `resize`.
    public var maxPixelsPerFrame: Int = 40_000_000
    /// Largest scenario file in bytes.
    public var maxFileBytes: Int = 4_000_000
    /// Tiles the model may keep live at once: the visible ones plus `grid.buffer` rows and columns
    /// on each side, for the initial viewport and every `resize` (see `Scenario.liveTileBound`).
    public var maxLiveTiles: Int = 20_000

    /// The old name of `maxLiveTiles`.
    @available(*, deprecated, renamed: "maxLiveTiles")
    public var maxVisibleTiles: Int {
        get { maxLiveTiles }
        set { maxLiveTiles = newValue }
    }

    /// The default limits.
    public init() {}

    /// Largest tile coordinate magnitude, 2^53 (exact in a `Double`).
    public static let maxCoordinate: Int64 = 1 << 53
    /// Largest viewport side in points.
    public static let maxViewportPoints = 20_000.0
    /// Largest content size side in points.
    public static let maxContentPoints = 1e12
    /// Largest content inset or safe-area inset on one side, in points.
    public static let maxInsetPoints = 20_000.0
    /// Largest tile side in points.
    public static let maxTilePoints = 100_000.0
    /// Longest step duration (or `wait.max`) in seconds.
    public static let maxStepSeconds = 3600.0
    /// Longest drag in points.
    public static let maxDistance = 1e9
    /// Fastest fling in points per second.
    public static let maxVelocity = 1e6
    /// Largest viewport scale (device pixels per point).
    public static let maxScale = 8
    /// Highest frame rate.
    public static let maxFPS = 240
    /// Most buffer rows and columns of tiles kept on each side.
    public static let maxBuffer = 16
    /// Most columns or rows of a finite grid.
    public static let maxAxisCount = 1_000_000_000
    /// Steps in one scenario. Each step can cost a full tile layout (a resize) within one frame, so
    /// this bounds that work as `maxFrames` bounds the frames'; and with `maxDistance` per drag it
    /// keeps the total travel (10^14 points) inside the fixed-point range (±3.4·10^14 points).
    public static let maxSteps = 100_000
    /// Touches in one `touches` step (a recorded gesture: 8 ms apart, 100,000 touches is 13 minutes).
    public static let maxTouches = 100_000
    /// Lazy content: how many loaded tiles the model remembers as "loaded before" (oldest forgotten
    /// first), so a long scroll cannot grow that memory without end.
    public static let maxRememberedLoads = 100_000
    /// Most copies of a duplicate loop's items at each end (`grid.loopCopies`).
    public static let maxLoopCopies = 16
}

/// The allowed range of every scenario value, shared by the JSON decoder (which checks each value
/// as it reads it, to name its JSON path) and `Scenario.validate` (which checks a constructed value).
enum Allowed {
    static let name = 1...100
    static let viewportPoints = 1...Limits.maxViewportPoints
    static let scale = 1...Limits.maxScale
    static let fps = 1...Limits.maxFPS
    static let tilePoints = 1...Limits.maxTilePoints
    static let coordinate = -Limits.maxCoordinate...Limits.maxCoordinate
    static let buffer = 0...Limits.maxBuffer
    static let loopCopies = 1...Limits.maxLoopCopies
    static let axisCount = 0...Limits.maxAxisCount
    static let contentPoints = 1...Limits.maxContentPoints
    static let pagePoints = 1...Limits.maxViewportPoints * 10
    static let insetPoints = 0...Limits.maxInsetPoints
    static let decelerationRate = 0.5...0.9999
    static let pagerThreshold = 0.01...1.0
    static let pagerDuration = 0.001...10.0
    static let borderWidth = 0...1000.0
    static let fontSize = 0...500.0
    static let dragSeconds = 0.001...Limits.maxStepSeconds
    /// A touch's timestamp: seconds on any clock (a log's CACurrentMediaTime stays as it is), exact to 1 µs.
    static let touchTime = -1e9...1e9
    static let waitSeconds = 0...Limits.maxStepSeconds
    static let scrollSeconds = 0.001...Limits.maxStepSeconds
    static let distance = -Limits.maxDistance...Limits.maxDistance
    static let velocity = -Limits.maxVelocity...Limits.maxVelocity
}
