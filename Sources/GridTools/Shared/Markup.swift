/// Text written into the tools' HTML pages (`diff`'s and `check`'s report.html) and XML (`check`'s JUnit), escaped
/// in one place: one HTML escaper for both pages, and the loop and the visible form the XML escapers share.
///
/// ```swift
/// Markup.html(#"<a href="x">Tom & Jerry's</a>"#)
/// // "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"
/// ```
enum Markup {
    /// `text` for HTML text or a double- or single-quoted attribute: `&`, `<`, `>`, `"`, `'` as entities,
    /// characters HTML forbids as visible `\u{XXXX}`.
    static func html(_ text: String) -> String {
        entities(visible(text), ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"])
    }

    /// `text` with every character XML 1.0 and HTML cannot carry as is (C0 controls but tab, line feed and
    /// carriage return; DEL and C1 controls; U+FFFE, U+FFFF and other noncharacters) written as visible
    /// `\u{XXXX}`, so a hostile name or detail stays readable and the document stays well-formed.
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { needsVisibleEscape($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsVisibleEscape(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func needsVisibleEscape(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09, 0x0A, 0x0D: return false
        case 0..<0x20, 0x7F...0x9F: return true
        default: return s.properties.isNoncharacterCodePoint
        }
    }

    /// `text` with each scalar in `table` replaced by its entity (the HTML and XML escapers' one loop).
    static func entities(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let entity = table[scalar] { out += entity } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
