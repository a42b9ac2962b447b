import Foundation
import Testing
import Rasterizer
import GridExport
@testable import GridModel
@testable import GridTools
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ContactSheetTests {
    /// A folder with `sizes.count` frames of those sizes, in colours by index.
    func folder(_ sizes: [(Int, Int)], first: Int = 0) throws -> URL {
        let folder = try ToolTests.temporaryFolder()
        for (i, size) in sizes.enumerated() {
            let color = RGBA(UInt8(50 + i % 200), 100, 200)
            try ToolTests.png(width: size.0, height: size.1, color: color)
                .write(to: folder.appendingPathComponent(String(format: "frame_%05d.png", first + i)))
        }
        return folder
    }

    func sheet(_ folder: URL, _ options: SheetOptions = SheetOptions(), warn: (String) -> Void = { _ in }) throws -> Pixmap {
        let path = try ContactSheet.write(folder: folder.path, options: options, font: font, warn: warn)
        return try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static let badOptions: [SheetOptions] = [
        SheetOptions(columns: 0), SheetOptions(columns: -3), SheetOptions(maxThumbnails: 0), SheetOptions(maxThumbnails: Int.min),
        SheetOptions(every: 0), SheetOptions(every: -1), SheetOptions(thumbnailWidth: 0), SheetOptions(thumbnailWidth: -160),
        SheetOptions(thumbnailWidth: Int.max), SheetOptions(output: ""), SheetOptions(maxSheetPixels: 0),
        SheetOptions(maxSheetPixels: Int.max), SheetOptions(maxFramePixels: -1), SheetOptions(maxFrameBytes: -1),
        SheetOptions(traceLimits: TraceLimits(maxBytes: -1)),
    ]

    /// Values that once divided by zero or overflowed are refused with the value's name.
    @Test(arguments: 0..<badOptions.count)
    func optionsOutOfRangeAreRefused(_ index: Int) throws {
        let folder = try folder([(8, 6)])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect { _ = try sheet(folder, Self.badOptions[index]) } throws: { error in
            guard let error = error as? ToolError else { return false }
            return error.kind == .invalidOption && (error.message.contains("SheetOptions.") || error.message.contains("TraceLimits."))
        }
    }

    /// Huge values that are in range are fine: they pick fewer frames or make fewer columns.
    @Test func hugeButValidOptionsWork() throws {
        let folder = try folder(Array(repeating: (8, 6), count: 5))
        defer { try? FileManager.default.removeItem(at: folder) }
        let one = try sheet(folder, SheetOptions(every: Int.max, columns: Int.max, maxThumbnails: Int.max))
        #expect(one.width == 160 + 12)
        let all = try sheet(folder, SheetOptions(columns: Int.max, maxThumbnails: Int.max))
        #expect(all.width == 5 * 166 + 6)
    }

    /// A sheet over the limit is refused from its layout, before any of it is allocated (this one
    /// would be 320 million pixels, 1.3 GB).
    @Test func sheetOverTheLimitIsRefusedBeforeAllocation() throws {
        let folder = try folder(Array(repeating: (8, 6), count: 100))
        defer { try? FileManager.default.removeItem(at: folder) }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let before = usage.ru_maxrss
        #expect {
            _ = try sheet(folder, SheetOptions(every: 1, columns: 20, thumbnailWidth: 2048))
        } throws: { error in
            guard let error = error as? ToolError else { return false }
            return error.kind == .overLimit && error.limit == .maxSheetPixels
                && error.message.contains("41086×7806 pixels, over the limit of 50000000 pixels")
        }
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #expect(usage.ru_maxrss - before < 300_000, "max RSS grew by \(usage.ru_maxrss - before) KB")
        // Raising the limit makes a sheet that needs it.
        let options = SheetOptions(every: 10, columns: 8, thumbnailWidth: 300, maxSheetPixels: 1_000_000)
        #expect(throws: ToolError.self) { _ = try sheet(folder, options) }
        #expect(try sheet(folder, SheetOptions(every: 10, columns: 8, thumbnailWidth: 300, maxSheetPixels: 2_000_000)).width == 8 * 306 + 6)
    }

    /// A 1 × 1,000,000 frame once asked for a 160 × 160,000,000 thumbnail; now thumbnails are at
    /// most four times as tall as wide, and very wide frames get a one-pixel-high thumbnail.
    @Test func extremeAspectRatiosAreBounded() throws {
        let tall = try folder([(1, 1_000_000)])
        defer { try? FileManager.default.removeItem(at: tall) }
        let image = try sheet(tall)
        #expect(image.width == 172 && image.height == 640 + 18 + 12)
        let wide = try folder([(1_000_000, 1), (40, 30)])
        defer { try? FileManager.default.removeItem(at: wide) }
        #expect(try sheet(wide).height == 1 + 18 + 12)
    }

    /// Frames of another size than the first (a resize step) are fitted into the cells.
    @Test func framesOfDifferentSizesAreFitted() throws {
        let folder = try folder([(40, 30), (30, 40), (400, 3), (80, 60), (119, 90)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = try sheet(folder, SheetOptions(every: 1))
        #expect(image.width == 5 * 166 + 6 && image.height == 120 + 18 + 12)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 3]) }
        let background: [UInt8] = [40, 40, 40]
        // The portrait frame is 90 × 120, centred in its 160 × 120 cell.
        let cell1 = 6 + 166
        #expect(pixel(cell1 + 80, 66) == [51, 100, 200])
        #expect(pixel(cell1 + 10, 66) == background && pixel(cell1 + 150, 66) == background)
        // The very wide frame is 160 × 1 (at least one pixel), in the middle of its cell.
        let cell2 = 6 + 2 * 166
        #expect(pixel(cell2 + 80, 6 + 59) == [52, 100, 200] && pixel(cell2 + 80, 6 + 10) == background)
        // Frames within a pixel of the cell's shape fill it.
        let cell4 = 6 + 4 * 166
        #expect(pixel(cell4, 6) == [54, 100, 200] && pixel(cell4 + 159, 6 + 119) == [54, 100, 200])
    }

    @Test func framesOverTheLimitsAreRefusedBeforeDecoding() throws {
        let folder = try folder([(8, 6), (2000, 1000)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("frame_00001.png").path
        #expect(throws: ToolError(.overLimit, "frame \(big) is 2000×1000 pixels; the limit is 1000000 pixels (maxFramePixels)", limit: .maxFramePixels)) {
            _ = try sheet(folder, SheetOptions(every: 1, maxFramePixels: 1_000_000))
        }
        #expect { _ = try sheet(folder, SheetOptions(maxFrameBytes: 60)) } throws: { error in
            (error as? ToolError)?.limit == .maxFrameBytes && "\(error)".contains("frame_00000.png")
        }
        // A header claiming 2^32-1 × 2^32-1 pixels does not overflow the check.
        var header = [UInt8](try Data(contentsOf: folder.appendingPathComponent("frame_00000.png")))
        header.replaceSubrange(16..<24, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        try Data(header).write(to: URL(fileURLWithPath: big))
        #expect { _ = try sheet(folder, SheetOptions(every: 1)) } throws: { error in (error as? ToolError)?.limit == .maxFramePixels }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: big))
        #expect(throws: ToolError.self) { _ = try sheet(folder, SheetOptions(every: 1)) }
    }

    /// A frame that is a pipe is refused at once; a trace that is a pipe is skipped with a warning.
    @Test func pipesNeverBlock() throws {
        let folder = try folder([(8, 6), (8, 6)])
        defer { try? FileManager.default.removeItem(at: folder) }
        ToolTests.makeFIFO(folder.appendingPathComponent("trace.jsonl").path)
        var warnings: [String] = []
        _ = try ToolTests.within(10, "a sheet with a FIFO trace") { try sheet(folder, warn: { warnings.append($0) }) }
        #expect(warnings.count == 1 && warnings[0].contains("trace.jsonl") && warnings[0].contains("not a regular file"))
        ToolTests.makeFIFO(folder.appendingPathComponent("frame_00002.png").path)
        #expect { _ = try ToolTests.within(10, "a FIFO frame") { try sheet(folder, SheetOptions(every: 1)) } } throws: { error in
            (error as? ExportError)?.kind == .input && "\(error)".contains("frame_00002.png")
        }
    }

    @Test func framesAreInNumberOrderPast99999() throws {
        let folder = try folder([(8, 6), (8, 6)], first: 99_999)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ToolTests.png(width: 8, height: 6).write(to: folder.appendingPathComponent("frame_100001.png"))
        try ToolTests.png(width: 8, height: 6).write(to: folder.appendingPathComponent("frame_10000.png"))
        try ToolTests.png(width: 8, height: 6).write(to: folder.appendingPathComponent("frame_x.png"))
        let files = ContactSheet.frameFiles(in: folder.path)
        #expect(files.map(\.number) == [10000, 99999, 100000, 100001, nil])
    }
}
