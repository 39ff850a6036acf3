import HCI

extension ADStructure {
    /// A Flags structure.
    ///
    /// Core Specification Supplement, Part A, 1.3.
    public static func flags(_ flags: AdvertisingFlags) -> ADStructure {
        ADStructure(type: .flags, data: [flags.rawValue])
    }

    /// A Complete or Shortened Local Name structure; the name's UTF-8 form must fit one structure.
    ///
    /// Core Specification Supplement, Part A, 1.2.
    public static func localName(_ name: LocalName) -> ADStructure {
        ADStructure(type: name.isComplete ? .completeLocalName : .shortenedLocalName, data: Array(name.name.utf8))
    }

    /// Service UUID lists, one structure per UUID size present (16-bit first), each in its shortest form.
    ///
    /// Core Specification Supplement, Part A, 1.1.
    public static func serviceUUIDs(_ uuids: [BluetoothUUID], isComplete: Bool) -> [ADStructure] {
        ADUUIDWidth.group(uuids).map { width, uuids in
            ADStructure(type: width.serviceUUIDListType(complete: isComplete), data: ADUUIDWidth.encodeList(uuids))
        }
    }

    /// Service Solicitation lists, one structure per UUID size present (16-bit first).
    ///
    /// Core Specification Supplement, Part A, 1.10.
    public static func solicitedServiceUUIDs(_ uuids: [BluetoothUUID]) -> [ADStructure] {
        ADUUIDWidth.group(uuids).map { width, uuids in
            ADStructure(type: width.solicitationType, data: ADUUIDWidth.encodeList(uuids))
        }
    }

    /// A Service Data structure for `uuid`, sent in its shortest form.
    ///
    /// Core Specification Supplement, Part A, 1.11.
    public static func serviceData(_ uuid: BluetoothUUID, _ data: [UInt8]) -> ADStructure {
        ADStructure(type: ADUUIDWidth(of: uuid).serviceDataType, data: ADUUIDWidth.encodeList([uuid]) + data)
    }

    /// A Manufacturer Specific Data structure from raw bytes that open with the little-endian company identifier.
    ///
    /// Core Specification Supplement, Part A, 1.4.
    public static func manufacturerData(_ bytes: [UInt8]) -> ADStructure {
        ADStructure(type: .manufacturerSpecificData, data: bytes)
    }

    /// A Manufacturer Specific Data structure from a company identifier and the bytes that follow it.
    ///
    /// Core Specification Supplement, Part A, 1.4.
    public static func manufacturerData(companyIdentifier: UInt16, data: [UInt8]) -> ADStructure {
        var writer = ByteWriter()
        writer.write(companyIdentifier)
        writer.write(bytes: data)
        return manufacturerData(writer.bytes)
    }

    /// A TX Power Level structure, in dBm.
    ///
    /// Core Specification Supplement, Part A, 1.5.
    public static func txPowerLevel(_ level: Int8) -> ADStructure {
        ADStructure(type: .txPowerLevel, data: [UInt8(bitPattern: level)])
    }

    /// An Appearance structure.
    ///
    /// Core Specification Supplement, Part A, 1.12.
    public static func appearance(_ appearance: UInt16) -> ADStructure {
        var writer = ByteWriter()
        writer.write(appearance)
        return ADStructure(type: .appearance, data: writer.bytes)
    }

    /// An LE Bluetooth Device Address structure.
    ///
    /// Core Specification Supplement, Part A, 1.16.
    public static func leDeviceAddress(_ address: LEDeviceAddress) -> ADStructure {
        ADStructure(type: .leBluetoothDeviceAddress, data: address.encoded)
    }

    /// An LE Role structure.
    ///
    /// Core Specification Supplement, Part A, 1.17.
    public static func leRole(_ role: LERole) -> ADStructure {
        ADStructure(type: .leRole, data: role.encoded)
    }
}
