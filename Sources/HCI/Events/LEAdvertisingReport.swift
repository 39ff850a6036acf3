/// Reports legacy advertisements and scan responses the controller received while scanning.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.2.
public struct LEAdvertisingReportEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.advertisingReport

    /// The most reports one event may carry.
    public static let maximumReports = 25
    /// The most advertising data one legacy report may carry, in octets.
    public static let maximumDataLength = 31

    /// One advertisement or scan response from one device.
    public struct Report: WireCodable, Hashable {
        /// The kind of PDU received.
        public var eventType: AdvertisingReportType
        /// The kind of the advertiser's address.
        public var addressType: AddressType
        /// The advertiser's address.
        public var address: BluetoothAddress
        /// The advertising or scan response data (at most 31 octets).
        public var data: [UInt8]
        /// The received signal strength in dBm, or 127 when not available.
        public var rssi: Int8

        /// Makes a report; `data` must be at most 31 octets.
        public init(
            eventType: AdvertisingReportType, addressType: AddressType, address: BluetoothAddress, data: [UInt8],
            rssi: Int8
        ) {
            precondition(
                data.count <= LEAdvertisingReportEvent.maximumDataLength, "legacy data is at most 31 octets")
            self.eventType = eventType
            self.addressType = addressType
            self.address = address
            self.data = data
            self.rssi = rssi
        }
    }

    /// The reports, 1 to 25 of them, as many as fit in one event.
    public var reports: [Report]

    /// Makes an event; there must be 1 to 25 reports and they must fit in one event's 254 parameter octets.
    public init(reports: [Report]) {
        precondition(
            (1...Self.maximumReports).contains(reports.count), "an advertising report event holds 1 to 25 reports")
        precondition(1 + reports.reduce(0) { $0 + 10 + $1.data.count } <= 254, "the reports do not fit in one event")
        self.reports = reports
    }
}

extension LEAdvertisingReportEvent.Report {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        eventType = try AdvertisingReportType(from: &reader)
        addressType = try AddressType(from: &reader)
        address = try BluetoothAddress(from: &reader)
        let length: UInt8 = try reader.read()
        guard length <= LEAdvertisingReportEvent.maximumDataLength else {
            throw .invalidValue(field: "Data_Length", raw: UInt64(length))
        }
        data = try reader.readBytes(Int(length))
        rssi = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        eventType.encode(into: &writer)
        addressType.encode(into: &writer)
        address.encode(into: &writer)
        writer.write(UInt8(data.count))
        writer.write(bytes: data)
        writer.write(rssi)
    }
}

/// Each report's fields travel together (report 0 whole, then report 1), per Vol 4, Part E, 5.2 on arrayed parameters.
extension LEAdvertisingReportEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        let count: UInt8 = try reader.read()
        guard (1...Self.maximumReports).contains(Int(count)) else {
            throw .invalidValue(field: "Num_Reports", raw: UInt64(count))
        }
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
