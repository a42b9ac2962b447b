import CPNGCodec

/// The versions of the C libraries this process runs with that decide output bytes: libpng and zlib
/// (the PNG files) and FreeType (the pixels of labels). Read at run time, so they name the shared
/// libraries actually loaded, not the headers the package was built with.
///
/// ```swift
/// print(LinkedLibraries.libpng, LinkedLibraries.zlib, LinkedLibraries.freeType)  // 1.6.39 1.2.13 2.12.1
/// ```
public enum LinkedLibraries {
    /// libpng's version (`png_get_libpng_ver`), e.g. "1.6.39".
    public static let libpng: String = versions.libpng
    /// zlib's version (`zlibVersion`), e.g. "1.2.13".
    public static let zlib: String = versions.zlib
    /// FreeType's version (`FT_Library_Version`), e.g. "2.12.1".
    public static var freeType: String { FontRenderer.freeTypeVersion }

    private static let versions: (libpng: String, zlib: String) = {
        var libpng: UnsafePointer<CChar>?
        var zlib: UnsafePointer<CChar>?
        rg_png_versions(&libpng, &zlib)
        return (libpng.map { String(cString: $0) } ?? "unknown", zlib.map { String(cString: $0) } ?? "unknown")
    }()
}
