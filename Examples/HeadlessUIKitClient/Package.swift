// swift-tools-version:6.0
import PackageDescription

// A client of HeadlessUIKit, as an iOS developer's own package would be: the seeds' scroll code, written for
// UIKit, compiled here against HeadlessUIKit with only the import lines different (issue 24), and tests that
// play it with ScrollPlayer and assert what it does frame by frame.
let package = Package(
    name: "HeadlessUIKitClient",
    products: [
        // Seed 000's Coordinator played at scale 3 and written to files: `scripts/bench.sh --player` times it
        // against `render-grid render`.
        .executable(name: "seed-bench", targets: ["SeedBench"]),
    ],
    dependencies: [
        .package(name: "render-grid", path: "../.."),
    ],
    targets: [
        // The four sample programs and their broken variants: UIKit code, one file per sample.
        .target(name: "SeedScrollers", dependencies: [
            .product(name: "HeadlessUIKit", package: "render-grid"),
        ]),
        .executableTarget(name: "SeedBench", dependencies: [
            "SeedScrollers",
            .product(name: "HeadlessUIKit", package: "render-grid"),
        ]),
        .testTarget(name: "SeedScrollersTests", dependencies: [
            "SeedScrollers",
            .product(name: "HeadlessUIKit", package: "render-grid"),
            // PNG decoding of the played frames.
            .product(name: "Rasterizer", package: "render-grid"),
        ], exclude: [
            // The goldens YourScrollViewTests checks its recording against (check's format), read at run time.
            "Goldens",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
