extension JSONValue {
    /// The value as JSON text, members in their stored order; `pretty` indents nested arrays and objects
    /// by two spaces and keeps arrays of plain values on one line.
    package func rendered(pretty: Bool) -> String {
        var text = ""
        render(into: &text, pretty: pretty, indent: 0)
        return text
    }

    private var isContainer: Bool {
        switch self {
        case .array(let elements): !elements.isEmpty
        case .object(let members): !members.isEmpty
        default: false
        }
    }

    private func render(into text: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number): text += Self.render(number)
        case .string(let string): text += Self.quote(string)
        case .array(let elements):
            let multiline = pretty && elements.contains(where: \.isContainer)
            text += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { text += pretty && !multiline ? ", " : "," }
                if multiline { text += "\n" + String(repeating: " ", count: indent + 2) }
                element.render(into: &text, pretty: pretty, indent: indent + 2)
            }
            if multiline { text += "\n" + String(repeating: " ", count: indent) }
            text += "]"
        case .object(let members):
            text += "{"
            for (offset, member) in members.enumerated() {
                if offset > 0 { text += "," }
                if pretty { text += "\n" + String(repeating: " ", count: indent + 2) }
                text += Self.quote(member.key) + (pretty ? ": " : ":")
                member.value.render(into: &text, pretty: pretty, indent: indent + 2)
            }
            if pretty && !members.isEmpty { text += "\n" + String(repeating: " ", count: indent) }
            text += "}"
        }
    }

    private static func render(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    private static func quote(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
