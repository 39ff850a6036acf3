/// Reads JSON text into a ``JSONValue``, keeping member order, and says where the text is malformed.
///
/// RFC 8259.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0

    /// The deepest nesting accepted, so that hostile input cannot exhaust the stack.
    package static let maximumDepth = 64

    /// Parses a whole document; anything but whitespace after the value is an error.
    package static func parse(_ bytes: [UInt8]) throws(JSONFileError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func parseValue(depth: Int) throws(JSONFileError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = current else { throw failure("the text ends where a value should be") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONFileError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name in double quotes") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONFileError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONFileError) -> String {
        index += 1
        var utf8: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: utf8, as: UTF8.self) else { throw failure("a string is not UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &utf8)
            case 0..<0x20:
                index -= 1
                throw failure("a control character inside a string")
            default:
                utf8.append(byte)
            }
        }
        throw failure("a string is not closed")
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONFileError) {
        guard let byte = current else { throw failure("a string is not closed") }
        index += 1
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        if let replacement = simple[byte] {
            utf8.append(replacement)
            return
        }
        guard byte == UInt8(ascii: "u") else { throw failure("an unknown escape in a string") }
        var scalar = UInt32(try parseHexQuad())
        if (0xD800..<0xDC00).contains(scalar) {
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("an unpaired surrogate escape in a string")
            }
            index += 2
            let low = UInt32(try parseHexQuad())
            guard (0xDC00..<0xE000).contains(low) else { throw failure("an unpaired surrogate escape in a string") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw failure("an unpaired surrogate escape in a string") }
        utf8.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseHexQuad() throws(JSONFileError) -> UInt16 {
        guard index + 4 <= bytes.count, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
            let value = UInt16(text, radix: 16)
        else { throw failure("expected four hex digits after \\u") }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(JSONFileError) -> JSONValue {
        let start = index
        let allowed = Set("+-.eE0123456789".utf8)
        while let byte = current, allowed.contains(byte) {
            index += 1
        }
        guard let text = String(validating: bytes[start..<index], as: UTF8.self), let number = Double(text),
            number.isFinite
        else {
            index = start
            throw failure("not a number")
        }
        return .number(number)
    }

    private mutating func expectLiteral(_ literal: String) throws(JSONFileError) {
        let expected = Array(literal.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw failure("expected a value")
        }
        index += expected.count
    }

    private mutating func skipWhitespace() {
        while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
            index += 1
        }
    }

    private func failure(_ message: String) -> JSONFileError {
        let before = bytes[..<min(index, bytes.count)]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
        return JSONFileError(path: "", message: "not valid JSON: line \(line), column \(column): \(message)")
    }
}
