import Foundation

/// Whether tests that need an outside tool (pngcheck, python3-jsonschema) must run rather than skip when it is
/// missing: `.ci/run` sets `RENDER_GRID_REQUIRE_TOOLS=1`, so a CI machine without the tool fails instead of passing
/// quietly; on a developer's machine such tests skip and say why.
public enum RequiredTools {
    public static var required: Bool { ProcessInfo.processInfo.environment["RENDER_GRID_REQUIRE_TOOLS"] == "1" }
}
