import GATTFileFormat
extension ExploreReport {
    /// The report in the `explore --json` format of DESIGN.md, keys in that order; values as lowercase hex or null.
    var json: JSONValue {
        .object([
            ("identifier", .string(identifier)),
            ("address", address.map(JSONValue.string) ?? .null),
            ("name", name.map(JSONValue.string) ?? .null),
            ("services", .array(services.map(\.json))),
        ])
    }

    /// The `explore --json` text; `pretty` spreads it over indented lines.
    func jsonText(pretty: Bool = true) -> String {
        json.rendered(pretty: pretty)
    }

    /// Reads `explore --json` output back; members it does not know are ignored, and the error names the path of
    /// the first element at fault.
    init(json bytes: [UInt8]) throws(JSONFileError) {
        let object = try JSONField(document: try JSONParser.parse(bytes))
            .object(keys: ["identifier", "address", "name", "services"], strict: false)
        identifier = try object.required("identifier").string()
        address = try object.optional("address")?.string()
        name = try object.optional("name")?.string()
        services = []
        for field in try object.required("services").array() {
            services.append(try Service(field: field))
        }
    }
}

extension ExploreReport.Service {
    fileprivate var json: JSONValue {
        .object([
            ("uuid", .string(uuid)),
            ("primary", .bool(isPrimary)),
            ("includedServices", .array(includedServices.map(JSONValue.string))),
            ("characteristics", .array(characteristics.map(\.json))),
        ])
    }

    fileprivate init(field: JSONField) throws(JSONFileError) {
        let object = try field.object(keys: ["uuid", "primary", "includedServices", "characteristics"], strict: false)
        uuid = try object.required("uuid").string()
        isPrimary = try object.required("primary").bool()
        includedServices = []
        for element in try object.optional("includedServices")?.array() ?? [] {
            includedServices.append(try element.string())
        }
        characteristics = []
        for element in try object.optional("characteristics")?.array() ?? [] {
            characteristics.append(try ExploreReport.Characteristic(field: element))
        }
    }
}

extension ExploreReport.Characteristic {
    fileprivate var json: JSONValue {
        .object([
            ("uuid", .string(uuid)),
            ("properties", .array(properties.map(JSONValue.string))),
            ("value", value.map { .string(AttributeValueText.hex($0)) } ?? .null),
            ("error", error.map(JSONValue.string) ?? .null),
            ("descriptors", .array(descriptors.map(\.json))),
        ])
    }

    fileprivate init(field: JSONField) throws(JSONFileError) {
        let object = try field.object(keys: ["uuid", "properties", "value", "error", "descriptors"], strict: false)
        uuid = try object.required("uuid").string()
        properties = []
        for element in try object.optional("properties")?.array() ?? [] {
            properties.append(try element.string())
        }
        value = try object.optional("value")?.hexValue()
        error = try object.optional("error")?.string()
        descriptors = []
        for element in try object.optional("descriptors")?.array() ?? [] {
            descriptors.append(try ExploreReport.Descriptor(field: element))
        }
    }
}

extension ExploreReport.Descriptor {
    fileprivate var json: JSONValue {
        .object([
            ("uuid", .string(uuid)),
            ("value", value.map { .string(AttributeValueText.hex($0)) } ?? .null),
        ])
    }

    fileprivate init(field: JSONField) throws(JSONFileError) {
        let object = try field.object(keys: ["uuid", "value"], strict: false)
        uuid = try object.required("uuid").string()
        value = try object.optional("value")?.hexValue()
    }
}

extension JSONField {
    fileprivate func hexValue() throws(JSONFileError) -> [UInt8] {
        let text = try string()
        guard let bytes = AttributeValueText.hexBytes(text) else { throw failure("not hex: \"\(text)\"") }
        return bytes
    }
}
