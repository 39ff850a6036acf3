/// The text form of attribute values in GATT files and JSON output: lowercase hex digit pairs, or `text:`
/// followed by UTF-8 text.
package enum AttributeValueText {
    /// The prefix that marks a value written as UTF-8 text.
    package static let textPrefix = "text:"

    /// The bytes a value stands for: the UTF-8 of the text after `text:`, or the hex digit pairs
    /// (either case); nil when it is neither.
    package static func bytes(from text: String) -> [UInt8]? {
        if text.hasPrefix(textPrefix) {
            return Array(text.utf8.dropFirst(textPrefix.utf8.count))
        }
        return hexBytes(text)
    }

    /// The bytes of an even number of hex digits (either case), which may be split by spaces and each group led
    /// by `0x` (`0a00`, `0x0a00`, `0a 00`, `0x0a 0x00`); nil for anything else.
    package static func hexBytes(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        for group in text.split(separator: " ") {
            let hex = group.hasPrefix("0x") || group.hasPrefix("0X") ? group.dropFirst(2) : group[...]
            guard !hex.isEmpty, hex.utf8.count.isMultiple(of: 2) else { return nil }
            digits += hex.utf8
        }
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    /// The bytes as lowercase hex digit pairs.
    package static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension JSONField {
    /// The value as attribute bytes written as hex or `text:`, at most `limit` bytes long.
    package func attributeValue(limit: Int = .max) throws(JSONFileError) -> [UInt8] {
        let text = try string()
        guard let bytes = AttributeValueText.bytes(from: text) else {
            throw failure(
                "not hex or text: \"\(text)\" (write pairs of hex digits, e.g. \"0a00\", or \"text:\" and UTF-8 text)")
        }
        guard bytes.count <= limit else {
            throw failure("the value is \(bytes.count) bytes; an attribute value holds at most \(limit)")
        }
        return bytes
    }
}
