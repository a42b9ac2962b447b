import Rasterizer

/// render-grid's version, and the library versions that, with it, decide the bytes of its output.
///
/// ```swift
/// print(RenderGrid.versionLine)  // render-grid 0.11.0 (libpng 1.6.39, zlib 1.2.13, FreeType 2.12.1)
/// ```
public enum RenderGrid {
    /// The package's version.
    public static let version = "0.11.0"

    /// One line naming the version and the linked libpng, zlib and FreeType (`render-grid --version`).
    public static var versionLine: String {
        "render-grid \(version) (libpng \(LinkedLibraries.libpng), zlib \(LinkedLibraries.zlib), "
            + "FreeType \(LinkedLibraries.freeType))"
    }
}
