// swift-tools-version:6.0
import PackageDescription

// A client of render-grid, as a user's own regression tests would be: it depends on the package by
// path, loads its bundled scenarios with GridExport's loader, and compares frames with PixelMatch.
let package = Package(
    name: "RegressionClient",
    dependencies: [
        .package(name: "render-grid", path: "../.."),
    ],
    targets: [
        .testTarget(name: "RegressionClientTests", dependencies: [
            .product(name: "GridModel", package: "render-grid"),
            .product(name: "Rasterizer", package: "render-grid"),
            .product(name: "GridExport", package: "render-grid"),
            .product(name: "GridTools", package: "render-grid"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
