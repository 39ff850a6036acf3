import Foundation
import GATTFileFormat

/// A decoded packet's fields as `-vv` prints them: `case(field: value, ...)`, with handles, addresses and UUIDs in
/// their own notation (`0x0003`, `2800`) and bytes in hex, rather than Swift's dump of the stored properties.
enum DecodedFields {
    /// The text of `value`: its description where its type gives one, its bytes in hex, else its cases and fields.
    static func text(_ value: Any) -> String {
        switch value {
        case let bytes as [UInt8]: return bytes.isEmpty ? "none" : bytes.hex
        case let data as Data: return data.isEmpty ? "none" : [UInt8](data).hex
        case let text as String: return PrintableText.quoted(text)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { text($0.value) } ?? "none"
        case .enum:
            guard let payload = mirror.children.first else { return "\(value)" }
            return (payload.label ?? "") + fields(of: payload.value)
        case .collection, .set:
            return "[" + mirror.children.map { text($0.value) }.joined(separator: ", ") + "]"
        case .struct, .class, .tuple:
            if let described = value as? any CustomStringConvertible { return described.description }
            return fields(of: value)
        default:
            return "\(value)"
        }
    }

    /// `(label: value, ...)` for a value's stored properties (or a tuple's elements), a value with no fields of its
    /// own shown in parentheses as itself. A wrapper of one value with fields (a PDU that holds its parameters) is
    /// shown as those fields.
    private static func fields(of value: Any) -> String {
        guard hasFields(value) else { return "(" + text(value) + ")" }
        let children = Array(Mirror(reflecting: value).children)
        if children.count == 1, hasFields(children[0].value) { return fields(of: children[0].value) }
        let parts = children.map { child in
            guard let label = child.label, !label.hasPrefix(".") else { return text(child.value) }
            return label + ": " + text(child.value)
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// Whether `value` is shown as its fields: a struct, class or tuple without a description of its own.
    private static func hasFields(_ value: Any) -> Bool {
        guard value as? any CustomStringConvertible == nil, !(value is [UInt8]), !(value is Data) else { return false }
        let style = Mirror(reflecting: value).displayStyle
        return style == .struct || style == .tuple || style == .class
    }
}
