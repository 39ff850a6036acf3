import Testing

@testable import GATTFileFormat
@testable import bluetooth

@Suite("JSON reading and writing for the CLI's files and output", .timeLimit(.minutes(2)))
struct JSONParserTests {
    @Test("parsing keeps member order and rendering gives the same text back")
    func roundTrip() throws {
        let text = #"{"b":1,"a":[true,false,null],"c":{"s":"x\"y\\z\n\u00e9\ud83d\ude00","n":-2.5}}"#
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value.rendered(pretty: false) == #"{"b":1,"a":[true,false,null],"c":{"s":"x\"y\\z\né😀","n":-2.5}}"#)
        #expect(try JSONParser.parse(Array(value.rendered(pretty: true).utf8)) == value)
    }

    @Test("pretty output indents by two spaces and keeps arrays of plain values on one line")
    func prettyLayout() {
        let value = JSONValue.object([
            ("p", .array([.string("read"), .string("write")])), ("e", .array([])),
            ("o", .array([.object([("k", .null)])])),
        ])
        #expect(
            value.rendered(pretty: true) == """
                {
                  "p": ["read", "write"],
                  "e": [],
                  "o": [
                    {
                      "k": null
                    }
                  ]
                }
                """)
    }

    @Test(
        "malformed text is reported with its line and column",
        arguments: [
            ("", "not valid JSON: line 1, column 1: the text ends where a value should be"),
            ("{\"a\" 1}", "not valid JSON: line 1, column 6: expected ':' after a member name"),
            ("[1,\n 2,\n tru]", "not valid JSON: line 3, column 2: expected a value"),
            ("\"abc", "not valid JSON: line 1, column 5: a string is not closed"),
            ("{} x", "not valid JSON: line 1, column 4: unexpected text after the JSON value"),
            ("[1e999]", "not valid JSON: line 1, column 2: not a number"),
            ("\"\\ud800\"", "not valid JSON: line 1, column 8: an unpaired surrogate escape in a string"),
        ])
    func syntaxErrors(text: String, message: String) {
        #expect(throws: JSONFileError(path: "", message: message)) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test("nesting deeper than the limit is refused instead of exhausting the stack")
    func depthLimit() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONFileError.self) { try JSONParser.parse(Array(text.utf8)) }
    }
}
