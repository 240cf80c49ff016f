import SegueCore
import Testing

/// `TerminalText`: nothing that drives a terminal or breaks a line survives, everything else does.
@Suite struct TerminalTextTests {
    @Test func controlsAreEscaped() {
        #expect(TerminalText.escaped("a\u{1B}[31mred\u{1B}[0m") == "a\\e[31mred\\e[0m")
        #expect(TerminalText.escaped("one\r\ntwo\tthree\u{07}") == "one\\r\\ntwo\\tthree\\x07")
        #expect(TerminalText.escaped("\u{0}\u{7F}\u{9B}2J") == "\\x00\\x7F\\u{009B}2J")
        #expect(TerminalText.escaped("abc\u{202E}gnp.exe\u{2066}") == "abc\\u{202E}gnp.exe\\u{2066}")
    }

    @Test func everythingElseIsKept() {
        for text in ["", "plain ascii", "écran – 画面 → ✓", "C:\\path\\x41", "emoji 🎬"] {
            #expect(TerminalText.escaped(text) == text)
        }
        #expect(TerminalText.escapedLines("a\u{1B}\nb\r") == "a\\e\nb\\r")
    }
}
