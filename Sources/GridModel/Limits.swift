/// Bounds that keep any scenario from exhausting memory, disk or time. Each is named in the
/// error that enforces it, and the CLI can raise the frame and pixel limits with a flag.
public struct Limits: Sendable, Equatable {
    /// Frames one render may produce (`--max-frames`).
    public var maxFrames: Int = 100_000
    /// Pixels in one frame, width × height × scale² (`--max-pixels`).
    public var maxPixelsPerFrame: Int = 40_000_000
    /// Largest scenario file in bytes.
    public var maxFileBytes: Int = 4_000_000
    /// Tiles that may be visible at once (viewport area over tile area).
    public var maxVisibleTiles: Int = 20_000

    public init() {}

    public static let maxCoordinate: Int64 = 1 << 53
    public static let maxViewportPoints = 20_000.0
    public static let maxContentPoints = 1e12
    public static let maxTilePoints = 100_000.0
    public static let maxStepSeconds = 3600.0
    public static let maxDistance = 1e9
    public static let maxVelocity = 1e6
    public static let maxScale = 8
    public static let maxFPS = 240
    public static let maxBuffer = 16
    public static let maxAxisCount = 1_000_000_000
}
