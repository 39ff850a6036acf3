/// Text a peer sent (a name, a User Description, a string value), made safe to print: every control character
/// (C0, DEL, C1), line and paragraph separator and bidirectional override is written as an escape, so a peer can
/// neither move the cursor, recolour or clear the screen, ring the bell, nor start a line of its own in a tree.
///
/// Escapes are Swift's: `\n`, `\r`, `\t`, `\\`, `\"` and `\u{1B}` for the rest, so the text stays unambiguous.
package enum PrintableText {
    /// `text` with its control characters escaped.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default:
                if needsEscape(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `text` escaped and in double quotes, as explore shows a string value.
    package static func quoted(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
