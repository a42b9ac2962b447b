// Animated PNG through the fast encoder's C framing (rg_apng_*); no libpng involved.
import CPNGCodec

extension PNGCodec {
    /// Most frames `encodeAnimation` accepts.
    public static let maxAnimationFrames = 10_000
    /// Most bytes of decoded pixels (frames × width × height × 4) `encodeAnimation` accepts: 2 GiB.
    public static let maxAnimationPixelBytes = 1 << 31

    /// Encodes frames as one animated PNG (APNG), which browsers play and plain PNG readers show as
    /// its first frame.
    ///
    /// Every frame is written by the fast encoder as 8-bit RGB (alpha is ignored, as for opaque
    /// frames), shown for `delay.numerator / delay.denominator` seconds (a denominator of 0 means
    /// 100, as APNG defines), the whole sequence played `loops` times (0: forever). The file has
    /// an `acTL`, one `fcTL` per frame, frame 0 in `IDAT` (so it is also the default image) and the
    /// others in `fdAT`. The same frames and choices give the same bytes.
    ///
    /// ```swift
    /// let red = try Pixmap(width: 4, height: 3, fill: RGBA(255, 0, 0))
    /// let blue = try Pixmap(width: 4, height: 3, fill: RGBA(0, 0, 255))
    /// let apng = try PNGCodec.encodeAnimation([red, blue], delay: (numerator: 1, denominator: 2))
    /// let first = try PNGCodec.decode(apng)   // red: the default image is frame 0
    /// ```
    /// - Throws: `RasterError`: `.size` when there are no frames, when frames differ in size, when
    ///   there are more than `maxAnimationFrames` or more than `maxAnimationPixelBytes` of pixels, or
    ///   when `loops` is outside 0...2³¹−1; `.encode` when the encoder runs out of memory.
    public static func encodeAnimation(
        _ frames: [Pixmap], delay: (numerator: UInt16, denominator: UInt16),
        loops: Int = 0
    ) throws(RasterError) -> [UInt8] {
        try encodeAnimation(frames, delay: delay, loops: loops, scalar: false, maxChunkBytes: 0)
    }

    /// `encodeAnimation` with the fast encoder's test switches: `scalar` forces the portable path,
    /// `maxChunkBytes` (0: no split) bounds every IDAT and fdAT payload.
    static func encodeAnimation(
        _ frames: [Pixmap], delay: (numerator: UInt16, denominator: UInt16), loops: Int,
        scalar: Bool, maxChunkBytes: UInt32
    ) throws(RasterError) -> [UInt8] {
        guard let first = frames.first else { throw RasterError(.size, "an animation needs at least one frame") }
        guard frames.count <= maxAnimationFrames else {
            throw RasterError(
                .size,
                "an animation of \(frames.count) frames exceeds the limit of \(maxAnimationFrames) frames (maxAnimationFrames)"
            )
        }
        if let other = frames.firstIndex(where: { $0.width != first.width || $0.height != first.height }) {
            throw RasterError(
                .size,
                "animation frames differ in size: frame 0 is \(first.width)×\(first.height), frame \(other) is \(frames[other].width)×\(frames[other].height)"
            )
        }
        // area ≤ Pixmap.maxPixels and count ≤ maxAnimationFrames: the product fits in Int.
        let (bytes, overflow) = (first.area * 4).multipliedReportingOverflow(by: frames.count)
        guard !overflow, bytes <= maxAnimationPixelBytes else {
            throw RasterError(
                .size,
                "an animation of \(frames.count) frames of \(first.width)×\(first.height) pixels exceeds the limit of \(maxAnimationPixelBytes) bytes of pixels (maxAnimationPixelBytes)"
            )
        }
        guard (0...Int(Int32.max)).contains(loops) else {
            throw RasterError(.size, "an animation's loop count must be from 0 (forever) to \(Int32.max), not \(loops)")
        }
        var writer = try PNGAnimationWriter(
            width: first.width, height: first.height, frameCount: frames.count,
            delay: delay, loops: loops, scalar: scalar, maxChunkBytes: maxChunkBytes)
        for frame in frames { try writer.append(frame) }
        return try writer.finish()
    }

    /// The APNG frame delay closest to `1 / fps` seconds: `1/fps` for whole rates up to 65535,
    /// else in ten-thousandths of a second (at least 1). Rates that are not positive and finite
    /// give 1/10 s.
    ///
    /// ```swift
    /// PNGCodec.animationDelay(fps: 60)      // (1, 60)
    /// PNGCodec.animationDelay(fps: 29.97)   // (334, 10000)
    /// ```
    public static func animationDelay(fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        guard fps.isFinite, fps > 0 else { return (1, 10) }
        if fps == fps.rounded(), fps <= 65535 { return (1, UInt16(fps)) }
        let ticks = (10_000 / fps).rounded()
        return (UInt16(min(max(ticks, 1), 65535)), 10_000)
    }
}

/// Writes an APNG one frame at a time, so the caller holds one frame's pixels, not the whole
/// sequence: `encodeAnimation` and the failure artifacts of `render-grid check` use it.
///
/// ```swift
/// var writer = try PNGAnimationWriter(width: 4, height: 3, frameCount: 2, delay: (1, 30))
/// try writer.append(red)
/// try writer.append(blue)
/// let apng = try writer.finish()
/// ```
package struct PNGAnimationWriter: ~Copyable {
    private var state: rg_apng
    private let width: Int, height: Int
    private let delay: (numerator: UInt16, denominator: UInt16)

    /// Starts an animation of `frameCount` frames of `width` × `height` pixels.
    /// - Throws: `RasterError`: `.size` for a frame count outside 1...`PNGCodec.maxAnimationFrames`, a
    ///   size no `Pixmap` can have, or `loops` outside 0...2³¹−1; `.encode` when out of memory.
    package init(
        width: Int, height: Int, frameCount: Int, delay: (numerator: UInt16, denominator: UInt16),
        loops: Int = 0, scalar: Bool = false, maxChunkBytes: UInt32 = 0
    ) throws(RasterError) {
        guard frameCount >= 1 else { throw RasterError(.size, "an animation needs at least one frame") }
        guard frameCount <= PNGCodec.maxAnimationFrames else {
            throw RasterError(
                .size,
                "an animation of \(frameCount) frames exceeds the limit of \(PNGCodec.maxAnimationFrames) frames (maxAnimationFrames)"
            )
        }
        _ = try Pixmap.byteCount(width: width, height: height)
        guard (0...Int(Int32.max)).contains(loops) else {
            throw RasterError(.size, "an animation's loop count must be from 0 (forever) to \(Int32.max), not \(loops)")
        }
        var options = rg_fast_options(force_scalar: scalar ? 1 : 0, max_idat_bytes: maxChunkBytes, row_starts: nil)
        var message = [CChar](repeating: 0, count: 256)
        var started = rg_apng()
        // A failed begin has freed what it allocated.
        guard
            rg_apng_begin(
                &started, UInt32(width), UInt32(height), UInt32(frameCount), UInt32(loops),
                &options, &message, message.count) == 0
        else {
            throw RasterError(.encode, "APNG encoding failed: \(Self.text(message))")
        }
        state = started
        self.width = width
        self.height = height
        self.delay = delay
    }

    deinit {
        // A copy of the C state owns the same buffer, which is freed once (nil after a finish).
        var last = state
        rg_apng_discard(&last)
    }

    /// Appends the next frame, which must have the animation's size.
    /// - Throws: `RasterError`: `.size` for a frame of another size; `.encode` for a frame past the
    ///   declared count or when out of memory (the animation is then void).
    package mutating func append(_ frame: Pixmap) throws(RasterError) {
        guard frame.width == width, frame.height == height else {
            throw RasterError(
                .size,
                "animation frames differ in size: the animation is \(width)×\(height), this frame \(frame.width)×\(frame.height)"
            )
        }
        var message = [CChar](repeating: 0, count: 256)
        let delay = self.delay
        let status = frame.withUnsafeBytes { pixels in
            rg_apng_add_frame(
                &state, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self),
                delay.numerator, delay.denominator, &message, message.count)
        }
        guard status == 0 else { throw RasterError(.encode, "APNG encoding failed: \(Self.text(message))") }
    }

    /// The finished file.
    /// - Throws: `RasterError` (`.encode`) unless exactly the declared number of frames was appended.
    package consuming func finish() throws(RasterError) -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var buffer = rg_buffer()
        defer { rg_buffer_free(&buffer) }
        guard rg_apng_finish(&state, &buffer, &message, message.count) == 0, let data = buffer.data else {
            throw RasterError(.encode, "APNG encoding failed: \(Self.text(message))")
        }
        return [UInt8](UnsafeBufferPointer(start: data, count: buffer.length))
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
