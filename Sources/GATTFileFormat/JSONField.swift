/// A JSON value together with its path in the document, so that every check can name the element it rejects.
package struct JSONField: Sendable {
    /// The value found at ``path``.
    package let value: JSONValue
    /// The path of the value from the document root, e.g. `services[0].characteristics[2]`.
    package let path: String

    /// A field for a whole document.
    package init(document value: JSONValue, path: String = "") {
        self.value = value
        self.path = path
    }

    /// The error for this element, with its path.
    package func failure(_ message: String) -> JSONFileError {
        JSONFileError(path: path, message: message)
    }

    /// The path of a member of this element.
    package func path(of key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The members of an object; a member not in `keys` is an error when `strict`, and so is a repeated one.
    package func object(keys: [String], strict: Bool = true) throws(JSONFileError) -> JSONObjectReader {
        guard case .object(let members) = value else {
            throw failure("expected an object, got \(value.kindDescription)")
        }
        var fields: [String: JSONField] = [:]
        for member in members {
            let field = JSONField(value: member.value, path: path(of: member.key))
            guard keys.contains(member.key) else {
                if strict {
                    throw field.failure("unknown key (expected one of: \(keys.joined(separator: ", ")))")
                }
                continue
            }
            guard fields[member.key] == nil else { throw field.failure("the key appears twice") }
            fields[member.key] = field
        }
        return JSONObjectReader(field: self, members: fields)
    }

    /// The elements of an array, each with its indexed path.
    package func array() throws(JSONFileError) -> [JSONField] {
        guard case .array(let elements) = value else {
            throw failure("expected an array, got \(value.kindDescription)")
        }
        return elements.enumerated().map { JSONField(value: $1, path: "\(path)[\($0)]") }
    }

    /// The value as a string.
    package func string() throws(JSONFileError) -> String {
        guard case .string(let text) = value else { throw failure("expected a string, got \(value.kindDescription)") }
        return text
    }

    /// The value as a Boolean.
    package func bool() throws(JSONFileError) -> Bool {
        guard case .bool(let flag) = value else {
            throw failure("expected true or false, got \(value.kindDescription)")
        }
        return flag
    }

    /// The value as a number.
    package func number() throws(JSONFileError) -> Double {
        guard case .number(let number) = value else { throw failure("expected a number, got \(value.kindDescription)") }
        return number
    }

    /// The value as a whole number within `range`.
    package func integer(in range: ClosedRange<Int>) throws(JSONFileError) -> Int {
        let number = try number()
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw failure("expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    private init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }
}

/// The members of one JSON object, looked up by key, each with its path.
package struct JSONObjectReader: Sendable {
    /// The object itself.
    package let field: JSONField
    /// The members by key, each with its path.
    package let members: [String: JSONField]

    /// The member `key`, or nil when it is absent or null.
    package func optional(_ key: String) -> JSONField? {
        guard let member = members[key] else { return nil }
        if case .null = member.value { return nil }
        return member
    }

    /// The member `key`; absent or null is an error naming its path.
    package func required(_ key: String) throws(JSONFileError) -> JSONField {
        guard let member = optional(key) else {
            throw JSONFileError(path: field.path(of: key), message: "missing")
        }
        return member
    }
}
