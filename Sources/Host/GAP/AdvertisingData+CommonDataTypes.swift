import HCI

extension AdvertisingData {
    /// The Flags, from the first Flags structure; an empty one reads as no flags set.
    ///
    /// Core Specification Supplement, Part A, 1.3.
    public var flags: AdvertisingFlags? {
        firstData(of: .flags).map { AdvertisingFlags(rawValue: $0.first ?? 0) }
    }

    /// The local name, complete when a Complete Local Name is present, else shortened; invalid UTF-8 is repaired.
    ///
    /// Core Specification Supplement, Part A, 1.2.
    public var localName: LocalName? {
        if let data = firstData(of: .completeLocalName) {
            return LocalName(String(decoding: data, as: UTF8.self), isComplete: true)
        }
        if let data = firstData(of: .shortenedLocalName) {
            return LocalName(String(decoding: data, as: UTF8.self), isComplete: false)
        }
        return nil
    }

    /// Every advertised service UUID, across all lists and sizes, in wire order without repeats.
    ///
    /// Core Specification Supplement, Part A, 1.1.
    public var serviceUUIDs: [BluetoothUUID] {
        uniqued(
            structures.flatMap { structure in
                ADUUIDWidth.serviceUUIDList(structure.type).map { $0.width.decodeList(structure.data) } ?? []
            })
    }

    /// Whether service UUID lists are present and every one of them is marked complete.
    ///
    /// Core Specification Supplement, Part A, 1.1.
    public var isServiceUUIDListComplete: Bool {
        let lists = structures.compactMap { ADUUIDWidth.serviceUUIDList($0.type) }
        return !lists.isEmpty && lists.allSatisfy(\.isComplete)
    }

    /// Every service UUID the device solicits, across sizes, in wire order without repeats.
    ///
    /// Core Specification Supplement, Part A, 1.10.
    public var solicitedServiceUUIDs: [BluetoothUUID] {
        uniqued(
            structures.flatMap { structure in
                ADUUIDWidth.solicitation(structure.type)?.decodeList(structure.data) ?? []
            })
    }

    /// Service data keyed by service UUID; the first structure for a UUID wins and ones too short for a UUID are skipped.
    ///
    /// Core Specification Supplement, Part A, 1.11.
    public var serviceData: [BluetoothUUID: [UInt8]] {
        var result: [BluetoothUUID: [UInt8]] = [:]
        for structure in structures {
            guard let width = ADUUIDWidth.serviceData(structure.type) else { continue }
            var reader = ByteReader(structure.data)
            guard let uuid = try? BluetoothUUID(advertisingFrom: &reader, byteCount: width.byteCount) else { continue }
            if result[uuid] == nil {
                result[uuid] = reader.readRemaining()
            }
        }
        return result
    }

    /// The first Manufacturer Specific Data as CoreBluetooth reports it: the company identifier's two bytes included.
    ///
    /// Core Specification Supplement, Part A, 1.4.
    public var manufacturerData: [UInt8]? {
        firstData(of: .manufacturerSpecificData)
    }

    /// The company identifier opening the first Manufacturer Specific Data, when it has one.
    ///
    /// Core Specification Supplement, Part A, 1.4.
    public var companyIdentifier: UInt16? {
        guard let data = manufacturerData, data.count >= 2 else { return nil }
        return UInt16(data[0]) | UInt16(data[1]) << 8
    }

    /// The TX power level in dBm, when a well-formed TX Power Level structure is present.
    ///
    /// Core Specification Supplement, Part A, 1.5.
    public var txPowerLevel: Int8? {
        guard let data = firstData(of: .txPowerLevel), data.count == 1 else { return nil }
        return Int8(bitPattern: data[0])
    }

    /// The appearance value, when a well-formed Appearance structure is present.
    ///
    /// Core Specification Supplement, Part A, 1.12.
    public var appearance: UInt16? {
        guard let data = firstData(of: .appearance), data.count == 2 else { return nil }
        return UInt16(data[0]) | UInt16(data[1]) << 8
    }

    /// The advertiser's own address, when a well-formed LE Bluetooth Device Address structure is present.
    ///
    /// Core Specification Supplement, Part A, 1.16.
    public var leDeviceAddress: LEDeviceAddress? {
        guard let data = firstData(of: .leBluetoothDeviceAddress) else { return nil }
        return try? LEDeviceAddress(decoding: data)
    }

    /// The advertiser's supported and preferred LE roles, when a well-formed LE Role structure is present.
    ///
    /// Core Specification Supplement, Part A, 1.17.
    public var leRole: LERole? {
        guard let data = firstData(of: .leRole) else { return nil }
        return try? LERole(decoding: data)
    }

    private func uniqued(_ uuids: [BluetoothUUID]) -> [BluetoothUUID] {
        var seen: Set<BluetoothUUID> = []
        return uuids.filter { seen.insert($0).inserted }
    }
}
