/// Advertisement content laid out into advertising data and scan response data the way CoreBluetooth's peripheral manager does.
///
/// Placement, highest priority first:
/// 1. Flags, in the advertising data only.
/// 2. Service UUIDs in the advertising data, one list per UUID size (16-bit first), as many as fit.
/// 3. TX power level, appearance, manufacturer data, service data and solicited UUIDs, each in the advertising
///    data if it fits, else in the scan response; one that fits in neither is an error.
/// 4. The local name: whole in the advertising data if it fits, else whole in the scan response, else shortened
///    to fill whichever packet has more room (the scan response on a tie).
/// 5. Service UUIDs left over, in the scan response as room allows; the rest are overflow.
///
/// A service UUID list is marked complete only when it holds every UUID of its size.
///
/// Bluetooth Core Specification Vol 3, Part C, 11; Core Specification Supplement, Part A, 1.
public struct AdvertisingLayout: Hashable, Sendable {
    /// The data for the advertising packet.
    public var advertisingData: AdvertisingData
    /// The data for the scan response.
    public var scanResponse: AdvertisingData
    /// Service UUIDs that fit in neither packet.
    public var overflowServiceUUIDs: [BluetoothUUID]

    /// Lays out `content` into an advertising packet of at most `advertisingLimit` bytes and a scan response
    /// of at most `scanResponseLimit` bytes (zero when the advertisement is not scannable).
    public init(
        laying content: AdvertisementContent,
        advertisingLimit: Int,
        scanResponseLimit: Int
    ) throws(AdvertisingLayoutError) {
        var advertising = Packet(limit: advertisingLimit)
        var scanResponse = Packet(limit: scanResponseLimit)

        if let flags = content.flags {
            guard advertising.add(.flags(flags)) else { throw .doesNotFit(.flags) }
        }

        var seen: Set<BluetoothUUID> = []
        let groups = ADUUIDWidth.group(content.serviceUUIDs.filter { seen.insert($0).inserted })
        let leftovers = groups.map { width, uuids in
            (width: width, uuids: advertising.addServiceUUIDs(uuids, width: width, split: false))
        }

        for structure in try Self.additionalStructures(content) {
            guard advertising.add(structure) || scanResponse.add(structure) else {
                throw .doesNotFit(structure.type)
            }
        }

        if let name = content.localName {
            Self.place(name, advertising: &advertising, scanResponse: &scanResponse)
        }

        var overflow: [BluetoothUUID] = []
        for (group, leftover) in zip(groups, leftovers) where !leftover.uuids.isEmpty {
            let split = leftover.uuids.count < group.uuids.count
            overflow += scanResponse.addServiceUUIDs(leftover.uuids, width: leftover.width, split: split)
        }

        self.advertisingData = AdvertisingData(advertising.structures)
        self.scanResponse = AdvertisingData(scanResponse.structures)
        self.overflowServiceUUIDs = overflow
    }

    /// Lays out `content` for legacy advertising: 31 bytes of advertising data and 31 of scan response.
    public static func legacy(_ content: AdvertisementContent) throws(AdvertisingLayoutError) -> AdvertisingLayout {
        try AdvertisingLayout(
            laying: content,
            advertisingLimit: AdvertisingData.legacyMaximumLength,
            scanResponseLimit: AdvertisingData.legacyMaximumLength
        )
    }

    /// Lays out `content` for a connectable extended advertisement, which has no scan response, within `limit` bytes.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.8.53 (up to 1650 bytes; 251 fit one HCI command).
    public static func extended(
        _ content: AdvertisementContent,
        limit: Int
    ) throws(AdvertisingLayoutError) -> AdvertisingLayout {
        try AdvertisingLayout(laying: content, advertisingLimit: limit, scanResponseLimit: 0)
    }

    private static func place(_ name: String, advertising: inout Packet, scanResponse: inout Packet) {
        let whole = ADStructure.maximumDataLength >= name.utf8.count ? ADStructure.localName(LocalName(name)) : nil
        if let whole, advertising.add(whole) || scanResponse.add(whole) {
            return
        }
        if scanResponse.room >= advertising.room {
            scanResponse.addShortened(name)
        } else {
            advertising.addShortened(name)
        }
    }

    private static func additionalStructures(
        _ content: AdvertisementContent
    ) throws(AdvertisingLayoutError) -> [ADStructure] {
        var structures: [ADStructure] = []
        if let level = content.txPowerLevel {
            structures.append(.txPowerLevel(level))
        }
        if let appearance = content.appearance {
            structures.append(.appearance(appearance))
        }
        if let data = content.manufacturerData {
            structures.append(try structure(.manufacturerSpecificData, data))
        }
        let serviceData = content.serviceData.sorted {
            (ADUUIDWidth(of: $0.key).byteCount, $0.key.uuidString) < (
                ADUUIDWidth(of: $1.key).byteCount, $1.key.uuidString
            )
        }
        for (uuid, data) in serviceData {
            structures.append(
                try structure(ADUUIDWidth(of: uuid).serviceDataType, ADUUIDWidth.encodeList([uuid]) + data))
        }
        for (width, uuids) in ADUUIDWidth.group(content.solicitedServiceUUIDs) {
            structures.append(try structure(width.solicitationType, ADUUIDWidth.encodeList(uuids)))
        }
        return structures
    }

    private static func structure(_ type: ADType, _ data: [UInt8]) throws(AdvertisingLayoutError) -> ADStructure {
        guard data.count <= ADStructure.maximumDataLength else { throw .doesNotFit(type) }
        return ADStructure(type: type, data: data)
    }
}

extension AdvertisingLayout {
    /// One packet being filled, bounded by its limit.
    private struct Packet {
        let limit: Int
        var structures: [ADStructure] = []
        var used = 0

        init(limit: Int) {
            self.limit = max(0, limit)
        }

        var room: Int { limit - used }

        mutating func add(_ structure: ADStructure) -> Bool {
            guard structure.encodedLength <= room else { return false }
            structures.append(structure)
            used += structure.encodedLength
            return true
        }

        /// Adds as many of `uuids` as fit in one list and returns the rest; the list is complete when it
        /// takes all of them and none of its size were placed elsewhere (`split`).
        mutating func addServiceUUIDs(_ uuids: [BluetoothUUID], width: ADUUIDWidth, split: Bool) -> [BluetoothUUID] {
            let space = min(room - 2, ADStructure.maximumDataLength)
            let count = min(uuids.count, max(0, space / width.byteCount))
            guard count > 0 else { return uuids }
            let complete = count == uuids.count && !split
            let data = ADUUIDWidth.encodeList(uuids[..<count])
            _ = add(ADStructure(type: width.serviceUUIDListType(complete: complete), data: data))
            return Array(uuids[count...])
        }

        /// Adds the longest whole-character prefix of `name` that fits as a Shortened Local Name, if any does.
        mutating func addShortened(_ name: String) {
            let space = min(room - 2, ADStructure.maximumDataLength)
            var prefix = ""
            var length = 0
            for character in name {
                let size = character.utf8.count
                guard length + size <= space else { break }
                prefix.append(character)
                length += size
            }
            guard !prefix.isEmpty else { return }
            _ = add(.localName(LocalName(prefix, isComplete: false)))
        }
    }
}
