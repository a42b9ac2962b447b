// swift-tools-version:6.0
import PackageDescription

// Debug builds are what `swift test` runs, so they compile our libraries optimised: the C kernels (pixel spans, glyph
// rows, the PNG encoder) at -O2 and the five Swift library modules at -O. The tests run about 3× faster (the fast part
// 61 s → 22 s of wall time on 2 cores) for a clean build about 50 s longer; `#if DEBUG` checks (the model's
// invariants after every mutation), preconditions and overflow checks stay on, as at -O they do. To step through the
// library code in a debugger, build with `RENDER_GRID_ONONE=1 swift build`: it leaves every flag out. SwiftPM refuses
// unsafe flags in a dependency pinned to a version, so a tagged commit leaves them out too (as swift-testing does); a
// branch, a revision or a path dependency keeps them. (SwiftPM also refuses them in a package under
// `swift package edit` and in a registry download, which has no git information: neither is how this package is used
// today.)
let optimizedDebug = Context.gitInformation?.currentTag == nil && Context.environment["RENDER_GRID_ONONE"] != "1"
let optimizedC: [CSetting] = optimizedDebug ? [.unsafeFlags(["-O2"], .when(configuration: .debug))] : []
let optimizedSwift: [SwiftSetting] = optimizedDebug ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []
let optimizedModules: Set = ["GridModel", "Rasterizer", "GridExport", "GridTools", "HeadlessUIKit"]

let package = Package(
    name: "render-grid",
    products: [
        .library(name: "GridModel", targets: ["GridModel"]),
        .library(name: "Rasterizer", targets: ["Rasterizer"]),
        .library(name: "GridExport", targets: ["GridExport"]),
        .library(name: "GridTools", targets: ["GridTools"]),
        .library(name: "HeadlessUIKit", targets: ["HeadlessUIKit"]),
        .executable(name: "render-grid", targets: ["render-grid"]),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        // Our own thin C layer: libpng's error handling needs setjmp, which Swift cannot call.
        .target(name: "CPNGCodec", dependencies: ["CLibPNG"], cSettings: optimizedC),
        // Our pixel kernels in C (the span blend): fast in debug builds too, SSE2 where there is one.
        .target(name: "CPixels", cSettings: optimizedC),
        // Pure Swift: scenario decoding, scroll physics, recentering, tile reuse. No C, no file I/O.
        .target(name: "GridModel"),
        // Pixels only: the canvas, FreeType text (from font bytes), the PNG codec, frame drawing. No file I/O.
        .target(name: "Rasterizer", dependencies: ["GridModel", "CPNGCodec", "CPixels", "CFreeType"]),
        // Files and the export pipeline: safe file reads and atomic writes, the scenario loader (size cap,
        // style.font, default font), grouping identical frames, parallel encoding, resume, cancellation,
        // trace writing, and in-memory rendering through the same pipeline.
        .target(name: "GridExport", dependencies: ["GridModel", "Rasterizer"]),
        // Regression tooling: pixelmatch-compatible diff, verify, contact sheets, HUD, trace plots. CPNGCodec for the
        // goldens' gzip (through the zlib libpng loads) and SHA-256.
        .target(name: "GridTools", dependencies: ["GridModel", "Rasterizer", "GridExport", "CPNGCodec"]),
        // UIKit's scroll-view API on Linux for the user's own scroll code: views, labels, images, UIScrollView on
        // GridModel's physics, and the player that drives it with scenario steps and draws its frames.
        .target(name: "HeadlessUIKit", dependencies: ["GridModel", "Rasterizer", "GridExport", "GridTools"]),
        // The command line: parses arguments and wires the libraries together.
        .executableTarget(name: "render-grid", dependencies: ["GridModel", "Rasterizer", "GridExport", "GridTools"]),
        // Helpers the test targets share: a seeded generator, crafted PNGs, temporary mounts, and the
        // bad-scenario corpus (BadScenarios/ with expected.tsv), read by GridModelTests and CLITests.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["BadScenarios"]),
        .testTarget(name: "GridModelTests", dependencies: ["GridModel", "TestSupport"]),
        .testTarget(
            name: "RasterizerTests",
            dependencies: ["Rasterizer", "CPixels", "CPNGCodec", "GridModel", "GridExport", "TestSupport"],
            exclude: ["Goldens"]),
        .testTarget(
            name: "GridExportTests",
            dependencies: ["GridExport", "Rasterizer", "GridModel", "GridTools", "TestSupport"]),
        .testTarget(
            name: "GridToolsTests",
            dependencies: ["GridTools", "GridExport", "Rasterizer", "GridModel", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "HeadlessUIKitTests",
            dependencies: [
                "HeadlessUIKit", "GridModel", "Rasterizer", "GridExport",
                "GridTools", "TestSupport",
            ]),
        .testTarget(
            name: "CLITests", dependencies: ["render-grid", "GridModel", "Rasterizer", "GridExport", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    if optimizedModules.contains(target.name) { settings += optimizedSwift }
    target.swiftSettings = settings
}
