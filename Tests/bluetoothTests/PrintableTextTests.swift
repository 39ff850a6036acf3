import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("Text a peer sent, escaped before it reaches the terminal")
struct PrintableTextTests {
    @Test(
        "control characters, separators and bidirectional overrides become escapes; other text stays",
        arguments: [
            ("plain text, ünïcode ✓", "plain text, ünïcode ✓"),
            ("\u{1B}[2J", "\\u{1B}[2J"),
            ("bell\u{7}", "bell\\u{7}"),
            ("a\r\nb\tc", "a\\r\\nb\\tc"),
            ("back\\slash \"quote\"", "back\\\\slash \\\"quote\\\""),
            ("\u{7F}\u{9B}31m", "\\u{7F}\\u{9B}31m"),
            ("abc\u{202E}fed\u{2028}", "abc\\u{202E}fed\\u{2028}"),
            ("nul\u{0}", "nul\\u{0}"),
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(PrintableText.escaped(input) == expected)
    }

    @Test("an escaped text holds no control character at all")
    func noControlLeft() {
        let every = String(String.UnicodeScalarView((UInt8(0)...0x9F).map(Unicode.Scalar.init)))
        let escaped = PrintableText.escaped(every)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }
}
