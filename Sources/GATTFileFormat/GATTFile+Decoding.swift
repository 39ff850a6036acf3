import CoreBluetooth

extension GATTFile {
    /// Reads and checks a GATT file; the error names the path of the first element at fault.
    package init(json bytes: [UInt8]) throws(JSONFileError) {
        try self.init(field: JSONField(document: try JSONParser.parse(bytes)))
    }

    /// Reads and checks a GATT file held in a larger document (a world file), with paths from that document.
    ///
    /// The top-level keys are `name` (the local name and GAP Device Name), `appearance` (the GAP Appearance, a
    /// number 0 to 65535), `advertise` and `services`, as DESIGN.md's "GATT file" describes.
    package init(field root: JSONField) throws(JSONFileError) {
        let object = try root.object(keys: ["name", "appearance", "advertise", "services"])
        name = try object.optional("name")?.string()
        appearance = try object.optional("appearance").map { field throws(JSONFileError) in
            UInt16(try field.integer(in: 0...0xFFFF))
        }
        advertisedServices = []
        if let advertise = try object.optional("advertise")?.object(keys: ["services", "manufacturerData"]) {
            var seen: [CBUUID] = []
            for field in try advertise.optional("services")?.array() ?? [] {
                let uuid = try field.uuid()
                guard !seen.contains(uuid) else { throw field.failure("\(uuid.uuidString) is listed twice") }
                seen.append(uuid)
            }
            advertisedServices = seen
            if let field = advertise.optional("manufacturerData") {
                throw field.failure(
                    "a CoreBluetooth peripheral manager cannot advertise manufacturer data "
                        + "(startAdvertising takes only a local name and service UUIDs); leave it out")
            }
        }
        let fields = try object.optional("services")?.array() ?? []
        let declared = fields.map { field in
            try? field.object(keys: ["uuid"], strict: false).optional("uuid")?.uuid()
        }
        services = []
        for field in fields {
            services.append(try Self.service(from: field, declared: declared, earlier: services))
        }
        for (index, service) in services.enumerated() where !service.isPrimary {
            guard !services.contains(where: { $0.includes.contains(service.uuid) }) else { continue }
            let field = fields[index]
            throw JSONFileError(
                path: field.path(of: "primary"),
                message: "secondary service \(service.uuid.uuidString) is included by no service, so no central can "
                    + "find it (secondary services are found only through includes); include it or make it primary")
        }
    }

    /// The longest attribute value ATT carries (Core Specification Vol 3, Part F, 3.2.9).
    package static let maximumValueLength = 512

    private static let serviceKeys = ["uuid", "primary", "includes", "characteristics"]
    private static let characteristicKeys = [
        "uuid", "properties", "permissions", "value", "initialValue", "notify", "descriptors",
    ]

    private static func service(
        from field: JSONField, declared: [CBUUID?], earlier: [Service]
    ) throws(JSONFileError) -> Service {
        let object = try field.object(keys: serviceKeys)
        let uuidField = try object.required("uuid")
        let uuid = try uuidField.uuid()
        guard uuid.data.count != 4 else {
            throw uuidField.failure("a service UUID must be 16-bit or 128-bit; CoreBluetooth refuses 32-bit ones")
        }
        let isPrimary = try object.optional("primary")?.bool() ?? true
        var includes: [CBUUID] = []
        for include in try object.optional("includes")?.array() ?? [] {
            let included = try include.uuid()
            if included == uuid {
                throw include.failure("a service cannot include itself")
            }
            if !earlier.contains(where: { $0.uuid == included }) {
                if declared.contains(where: { $0 == included }) {
                    throw include.failure(
                        "\(included.uuidString) is defined later in the file; "
                            + "list an included service before the services that include it")
                }
                throw include.failure("no service \(included.uuidString) in this file")
            }
            guard !includes.contains(included) else { throw include.failure("\(included.uuidString) is listed twice") }
            includes.append(included)
        }
        var characteristics: [Characteristic] = []
        for element in try object.optional("characteristics")?.array() ?? [] {
            characteristics.append(try self.characteristic(from: element))
        }
        return Service(uuid: uuid, isPrimary: isPrimary, includes: includes, characteristics: characteristics)
    }

    private static func characteristic(from field: JSONField) throws(JSONFileError) -> Characteristic {
        let object = try field.object(keys: characteristicKeys)
        let uuid = try object.required("uuid").uuid()
        let propertyFields = try object.required("properties").array()
        var properties: CBCharacteristicProperties = []
        for element in propertyFields {
            let name = try element.string()
            guard let property = CBCharacteristicProperties(name: name) else {
                let known = CBCharacteristicProperties.named.map(\.name).joined(separator: ", ")
                throw element.failure("unknown property '\(name)' (known: \(known))")
            }
            guard property != .broadcast, property != .extendedProperties else {
                throw element.failure("'\(name)' is not allowed on a local characteristic; CoreBluetooth refuses it")
            }
            guard !properties.contains(property) else { throw element.failure("'\(name)' is listed twice") }
            properties.insert(property)
        }
        let permissionFields = try object.required("permissions").array()
        var permissions: CBAttributePermissions = []
        for element in permissionFields {
            let name = try element.string()
            guard let permission = CBAttributePermissions(name: name) else {
                let known = CBAttributePermissions.named.map(\.name).joined(separator: ", ")
                throw element.failure("unknown permission '\(name)' (known: \(known))")
            }
            guard !permissions.contains(permission) else { throw element.failure("'\(name)' is listed twice") }
            permissions.insert(permission)
        }
        let staticValue = try object.optional("value")?.attributeValue(limit: maximumValueLength)
        let initialValue = try object.optional("initialValue")?.attributeValue(limit: maximumValueLength)
        var notify: Notify?
        if let notifyField = object.optional("notify") {
            notify = try self.notify(from: notifyField, properties: properties)
        }
        if staticValue != nil {
            try checkStatic(object: object, propertyFields: propertyFields, permissionFields: permissionFields)
        }
        var descriptors: [Descriptor] = []
        for element in try object.optional("descriptors")?.array() ?? [] {
            let descriptor = try self.descriptor(from: element)
            if let first = descriptors.firstIndex(where: { $0.uuid == descriptor.uuid }) {
                throw JSONFileError(
                    path: element.path(of: "uuid"),
                    message: "\(descriptor.uuid.uuidString) is already defined at \(field.path).descriptors[\(first)]")
            }
            descriptors.append(descriptor)
        }
        try checkAccess(properties, permissions, at: object.field)
        return Characteristic(
            uuid: uuid, properties: properties, permissions: permissions, staticValue: staticValue,
            initialValue: initialValue, notify: notify, descriptors: descriptors)
    }

    /// Refuses a property the permissions deny: a `read` property with no read permission is never readable, a
    /// write property with no write permission never writable.
    private static func checkAccess(
        _ properties: CBCharacteristicProperties, _ permissions: CBAttributePermissions, at field: JSONField
    ) throws(JSONFileError) {
        let checks: [(CBCharacteristicProperties, CBAttributePermissions, String, String)] = [
            ([.read], [.readable, .readEncryptionRequired], "'read'", "'readable' or 'readEncryptionRequired'"),
            (
                [.write, .writeWithoutResponse], [.writeable, .writeEncryptionRequired], "a write property",
                "'writeable' or 'writeEncryptionRequired'"
            ),
        ]
        for (property, permission, propertyName, permissionNames) in checks
        where !properties.isDisjoint(with: property) && permissions.isDisjoint(with: permission) {
            throw JSONFileError(
                path: field.path(of: "permissions"),
                message: "\(propertyName) is listed but no permission allows it: add \(permissionNames)")
        }
    }

    private static func checkStatic(
        object: JSONObjectReader, propertyFields: [JSONField], permissionFields: [JSONField]
    ) throws(JSONFileError) {
        let rule = "a \"value\" makes the characteristic static and read-only"
        let advice = "use \"initialValue\" for a value that changes"
        for element in propertyFields {
            let name = try element.string()
            guard name == "read" else {
                throw element.failure("'\(name)' does not fit a static value: \(rule), so only 'read' fits; \(advice)")
            }
        }
        guard !propertyFields.isEmpty else {
            throw JSONFileError(
                path: object.field.path(of: "properties"), message: "\(rule): it needs the 'read' property")
        }
        for element in permissionFields {
            let name = try element.string()
            guard name == "readable" || name == "readEncryptionRequired" else {
                throw element.failure(
                    "'\(name)' does not fit a static value: \(rule), so only 'readable' "
                        + "(or 'readEncryptionRequired') fits; \(advice)")
            }
        }
        if let initial = object.optional("initialValue") {
            throw initial.failure("cannot go with \"value\": \(rule); keep one of the two")
        }
    }

    private static func notify(
        from field: JSONField, properties: CBCharacteristicProperties
    ) throws(JSONFileError) -> Notify {
        guard !properties.isDisjoint(with: [.notify, .indicate]) else {
            throw field.failure("needs the 'notify' or 'indicate' property")
        }
        let object = try field.object(keys: ["intervalMs", "values"])
        let interval = try object.required("intervalMs").integer(in: 1...3_600_000)
        let valueFields = try object.required("values").array()
        guard !valueFields.isEmpty else { throw object.field.failure("\"values\" needs at least one value") }
        var values: [[UInt8]] = []
        for element in valueFields {
            values.append(try element.attributeValue(limit: maximumValueLength))
        }
        return Notify(intervalMs: interval, values: values)
    }

    private static func descriptor(from field: JSONField) throws(JSONFileError) -> Descriptor {
        let object = try field.object(keys: ["uuid", "value"])
        let uuidField = try object.required("uuid")
        let uuid = try uuidField.uuid()
        let valueField = try object.required("value")
        let value = try valueField.attributeValue(limit: maximumValueLength)
        switch uuid {
        case CBUUID(string: CBUUIDCharacteristicExtendedPropertiesString),
            CBUUID(string: CBUUIDClientCharacteristicConfigurationString):
            throw uuidField.failure("the stack makes the \(uuid.uuidString) descriptor itself; leave it out")
        case CBUUID(string: CBUUIDCharacteristicUserDescriptionString):
            guard String(validating: value, as: UTF8.self) != nil else {
                throw valueField.failure("a user description must be UTF-8 text")
            }
        case CBUUID(string: CBUUIDCharacteristicFormatString):
            guard value.count == PresentationFormat.byteCount else {
                throw valueField.failure(
                    "a presentation format is \(PresentationFormat.byteCount) bytes "
                        + "(format, exponent, unit, namespace, description), not \(value.count)")
            }
        case CBUUID(string: CBUUIDCharacteristicValidRangeString):
            guard value.count.isMultiple(of: 2) else {
                throw valueField.failure("a valid range is an even number of bytes (lower bound, then upper bound)")
            }
        default:
            break
        }
        return Descriptor(uuid: uuid, value: value)
    }
}
