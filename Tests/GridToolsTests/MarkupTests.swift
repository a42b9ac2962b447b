import Testing
@testable import GridTools

/// One HTML escaper for `diff`'s and `check`'s pages.
@Suite struct MarkupTests {
    @Test func htmlEscapesTheFiveCharactersAndShowsControls() {
        #expect(Markup.html(#"& < > " '"#) == "&amp; &lt; &gt; &quot; &#39;")
        #expect(Markup.html("plain é 😀") == "plain é 😀")
        #expect(Markup.html("a\u{1}b\u{7F}\u{FFFE}\tc\n") == "a\\u{1}b\\u{7F}\\u{FFFE}\tc\n")
        #expect(Markup.html("&amp;") == "&amp;amp;")
    }
}
