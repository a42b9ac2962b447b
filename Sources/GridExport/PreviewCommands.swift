/// The shell commands that turn a render's folder into a GIF, an MP4 and an APNG with ffmpeg (5.1 or
/// later), through its `frames.ffconcat`: the README's recipe, word for word, with the folder filled in
/// (`render --preview-commands` prints it; a test runs it on every bundled scenario).
///
/// Every frame is centred, unscaled, on the canvas the list names (frames of another size, after a
/// `resize` step, are letterboxed, not stretched), at its real time. The GIF and the MP4 flatten
/// translucent pixels onto `BG`; the APNG keeps alpha. A frame size change makes ffmpeg rebuild its
/// filters, which would restart a GIF's palette part way: so the GIF and the MP4 are made from the
/// letterboxed frames, piped as raw video (NUT) into a second ffmpeg that sees one size throughout.
package enum PreviewCommands {
    /// The commands for the render in `folder` (a bash script: `read … < <(…)` and `$((…))`).
    ///
    /// ```swift
    /// print(PreviewCommands.script(folder: "output/rotate"))
    /// ```
    /// `list` is the concat list to read: `frames.ffconcat`, or a range's `frames_AAAAA-BBBBB.ffconcat`
    /// (`--frames`, `--shard`), which names only the frames that run wrote.
    package static func script(folder: String, list: String = FrameList.fileName) -> String {
        // "$D.gif" goes beside the folder: "out/" must not make "out/.gif".
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        func line(_ assignment: String, _ comment: String) -> String {
            assignment + String(repeating: " ", count: max(1, 65 - assignment.count)) + comment + "\n"
        }
        return line("D=" + shellQuoted(folder), "# the folder render wrote")
            + line("L=\"$D/\(list)\"", "# its concat list (a --frames range: frames_A-B.ffconcat)")
            + recipe
    }

    /// The recipe after its first line (`D=…`).
    static let recipe = """
        read -r _ _ W H < <(grep -m1 '^# canvas ' "$L")                  # the largest width and height
        BG=black                                                         # GIF and MP4: translucent pixels on BG
        LB="format=rgba,scale=$W:$H:force_original_aspect_ratio=decrease,pad=$W:$H:(ow-iw)/2:(oh-ih)/2:color=black@0"
        FLAT="split[a][b];[a]lutrgb=a=255,drawbox=c=$BG:t=fill[bg];[bg][b]overlay=format=auto"
        # APNG: keeps alpha; a frame of another size is centred on a transparent canvas
        ffmpeg -y -xerror -f concat -safe 0 -i "$L" -vf "$LB" -plays 0 -f apng "$D.apng"
        # GIF: 50 fps (20 ms, the shortest delay browsers honour), one palette for the whole sequence
        ffmpeg -v error -xerror -f concat -safe 0 -i "$L" -vf "$LB" -c:v rawvideo -f nut - |
          ffmpeg -y -i - -vf "$FLAT,fps=50,split[c][d];[c]palettegen[p];[d][p]paletteuse" "$D.gif"
        # MP4: H.264, yuv420p, the canvas rounded up to even sizes
        ffmpeg -v error -xerror -f concat -safe 0 -i "$L" -vf "$LB" -c:v rawvideo -f nut - |
          ffmpeg -y -i - -vf "$FLAT,pad=$((W+W%2)):$((H+H%2)):0:0:$BG" -c:v libx264 -pix_fmt yuv420p -fps_mode vfr "$D.mp4"

        """

    /// `text` as one shell word: unchanged when it is only safe characters, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: "@")
            }
        if safe { return text }
        var quoted = "'"
        for character in text { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}
