/// Reports advertisements (extended or legacy) and scan responses the controller received while extended scanning.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.13.
public struct LEExtendedAdvertisingReportEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.extendedAdvertisingReport

    /// One advertisement, or one fragment of its data, from one device.
    public struct Report: WireCodable, Hashable {
        /// The advertisement's properties and whether its data is complete.
        public var eventType: ExtendedAdvertisingEventType
        /// The kind of the advertiser's address (0xFF when the advertisement was anonymous).
        public var addressType: AddressType
        /// The advertiser's address (zero when anonymous).
        public var address: BluetoothAddress
        /// The PHY of the primary advertising channel.
        public var primaryPHY: PHY
        /// The PHY of the secondary advertising channel, or raw value 0 when no secondary channel was used.
        public var secondaryPHY: PHY
        /// The advertising set's identifier (0x00-0x0F), or 0xFF when none was given.
        public var advertisingSID: UInt8
        /// The advertiser's transmit power in dBm, or 127 when not available.
        public var txPower: Int8
        /// The received signal strength in dBm, or 127 when not available.
        public var rssi: Int8
        /// The periodic advertising interval in units of 1.25 ms, or 0 when there is no periodic advertising.
        public var periodicAdvertisingInterval: UInt16
        /// The kind of address a directed advertisement was aimed at (0xFE for an unresolved private address).
        public var directAddressType: AddressType
        /// The address a directed advertisement was aimed at (zero when undirected).
        public var directAddress: BluetoothAddress
        /// The advertising or scan response data, or a fragment of it.
        public var data: [UInt8]

        /// Makes a report; `data` must be at most 229 octets to fit in one event on its own.
        public init(
            eventType: ExtendedAdvertisingEventType, addressType: AddressType, address: BluetoothAddress,
            primaryPHY: PHY, secondaryPHY: PHY, advertisingSID: UInt8, txPower: Int8, rssi: Int8,
            periodicAdvertisingInterval: UInt16, directAddressType: AddressType, directAddress: BluetoothAddress,
            data: [UInt8]
        ) {
            precondition(data.count <= 229, "a report's data is at most 229 octets")
            self.eventType = eventType
            self.addressType = addressType
            self.address = address
            self.primaryPHY = primaryPHY
            self.secondaryPHY = secondaryPHY
            self.advertisingSID = advertisingSID
            self.txPower = txPower
            self.rssi = rssi
            self.periodicAdvertisingInterval = periodicAdvertisingInterval
            self.directAddressType = directAddressType
            self.directAddress = directAddress
            self.data = data
        }
    }

    /// The reports, at least one, as many as fit in one event.
    public var reports: [Report]

    /// Makes an event; there must be at least one report and they must fit in one event's 254 parameter octets.
    public init(reports: [Report]) {
        precondition(!reports.isEmpty, "an extended advertising report event carries at least one report")
        precondition(1 + reports.reduce(0) { $0 + 24 + $1.data.count } <= 254, "the reports do not fit in one event")
        self.reports = reports
    }
}

extension LEExtendedAdvertisingReportEvent.Report {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        eventType = try ExtendedAdvertisingEventType(from: &reader)
        addressType = try AddressType(from: &reader)
        address = try BluetoothAddress(from: &reader)
        primaryPHY = try PHY(from: &reader)
        secondaryPHY = try PHY(from: &reader)
        advertisingSID = try reader.read()
        txPower = try reader.read()
        rssi = try reader.read()
        periodicAdvertisingInterval = try reader.read()
        directAddressType = try AddressType(from: &reader)
        directAddress = try BluetoothAddress(from: &reader)
        let length: UInt8 = try reader.read()
        data = try reader.readBytes(Int(length))
    }

    public func encode(into writer: inout ByteWriter) {
        eventType.encode(into: &writer)
        addressType.encode(into: &writer)
        address.encode(into: &writer)
        primaryPHY.encode(into: &writer)
        secondaryPHY.encode(into: &writer)
        writer.write(advertisingSID)
        writer.write(txPower)
        writer.write(rssi)
        writer.write(periodicAdvertisingInterval)
        directAddressType.encode(into: &writer)
        directAddress.encode(into: &writer)
        writer.write(UInt8(data.count))
        writer.write(bytes: data)
    }
}

/// Each report's fields travel together (report 0 whole, then report 1), per Vol 4, Part E, 5.2 on arrayed parameters.
extension LEExtendedAdvertisingReportEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let count: UInt8 = try reader.read()
        guard count >= 1 else { throw .invalidValue(field: "Num_Reports", raw: UInt64(count)) }
        var reports: [Report] = []
        for _ in 0..<count {
            reports.append(try Report(from: &reader))
        }
        self.reports = reports
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(UInt8(reports.count))
        for report in reports {
            report.encode(into: &writer)
        }
    }
}
