/// Sets how one advertising set advertises (v1).
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.53.
public struct LESetExtendedAdvertisingParametersCommand: HCICommand, Hashable {
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0036)

    /// The advertising set the command applies to.
    public var advertisingHandle: UInt8
    /// What kind of advertising the set does.
    public var advertisingEventProperties: AdvertisingEventProperties
    /// Shortest advertising interval, in units of 0.625 ms (24 bits).
    public var primaryAdvertisingIntervalMin: UInt32
    /// Longest advertising interval, in units of 0.625 ms (24 bits).
    public var primaryAdvertisingIntervalMax: UInt32
    /// Which primary channels to use: bit 0 is 37, bit 1 is 38, bit 2 is 39.
    public var primaryAdvertisingChannelMap: UInt8
    /// Which of the device's addresses to advertise with.
    public var ownAddressType: AddressType
    /// The kind of the peer's address, for directed advertising.
    public var peerAddressType: AddressType
    /// The peer's address, for directed advertising.
    public var peerAddress: BluetoothAddress
    /// Whether scan and connect requests are limited to the filter accept list.
    public var advertisingFilterPolicy: UInt8
    /// Largest transmit power wanted, in dBm; 127 means no preference.
    public var advertisingTxPower: Int8
    /// The PHY for the primary advertising channels (LE 1M or LE Coded).
    public var primaryAdvertisingPHY: PHY
    /// How many advertising events may pass before AUX_ADV_IND is sent.
    public var secondaryAdvertisingMaxSkip: UInt8
    /// The PHY for the secondary advertising channels.
    public var secondaryAdvertisingPHY: PHY
    /// The advertising set identifier sent over the air (0 to 15).
    public var advertisingSID: UInt8
    /// Whether to report received scan requests.
    public var scanRequestNotificationEnable: Bool

    public init(
        advertisingHandle: UInt8,
        advertisingEventProperties: AdvertisingEventProperties,
        primaryAdvertisingIntervalMin: UInt32,
        primaryAdvertisingIntervalMax: UInt32,
        primaryAdvertisingChannelMap: UInt8,
        ownAddressType: AddressType,
        peerAddressType: AddressType,
        peerAddress: BluetoothAddress,
        advertisingFilterPolicy: UInt8,
        advertisingTxPower: Int8,
        primaryAdvertisingPHY: PHY,
        secondaryAdvertisingMaxSkip: UInt8,
        secondaryAdvertisingPHY: PHY,
        advertisingSID: UInt8,
        scanRequestNotificationEnable: Bool
    ) {
        self.advertisingHandle = advertisingHandle
        self.advertisingEventProperties = advertisingEventProperties
        self.primaryAdvertisingIntervalMin = primaryAdvertisingIntervalMin
        self.primaryAdvertisingIntervalMax = primaryAdvertisingIntervalMax
        self.primaryAdvertisingChannelMap = primaryAdvertisingChannelMap
        self.ownAddressType = ownAddressType
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.advertisingFilterPolicy = advertisingFilterPolicy
        self.advertisingTxPower = advertisingTxPower
        self.primaryAdvertisingPHY = primaryAdvertisingPHY
        self.secondaryAdvertisingMaxSkip = secondaryAdvertisingMaxSkip
        self.secondaryAdvertisingPHY = secondaryAdvertisingPHY
        self.advertisingSID = advertisingSID
        self.scanRequestNotificationEnable = scanRequestNotificationEnable
    }

    /// The transmit power the controller chose.
    public struct ReturnParameters: WireCodable, Hashable {
        /// The transmit power the set will use, in dBm.
        public var selectedTxPower: Int8

        public init(selectedTxPower: Int8) {
            self.selectedTxPower = selectedTxPower
        }

        public init(from reader: inout ByteReader) throws(DecodeError) {
            selectedTxPower = try reader.read()
        }

        public func encode(into writer: inout ByteWriter) {
            writer.write(selectedTxPower)
        }
    }
}

extension LESetExtendedAdvertisingParametersCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingHandle = try reader.read()
        advertisingEventProperties = try AdvertisingEventProperties(from: &reader)
        primaryAdvertisingIntervalMin = UInt32(try reader.readUInt(width: 3))
        primaryAdvertisingIntervalMax = UInt32(try reader.readUInt(width: 3))
        primaryAdvertisingChannelMap = try reader.read()
        ownAddressType = try AddressType(from: &reader)
        peerAddressType = try AddressType(from: &reader)
        peerAddress = try BluetoothAddress(from: &reader)
        advertisingFilterPolicy = try reader.read()
        advertisingTxPower = try reader.read()
        primaryAdvertisingPHY = try PHY(from: &reader)
        secondaryAdvertisingMaxSkip = try reader.read()
        secondaryAdvertisingPHY = try PHY(from: &reader)
        advertisingSID = try reader.read()
        scanRequestNotificationEnable = try reader.readBool(field: "Scan_Request_Notification_Enable")
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingHandle)
        advertisingEventProperties.encode(into: &writer)
        writer.writeUInt(UInt64(primaryAdvertisingIntervalMin), width: 3)
        writer.writeUInt(UInt64(primaryAdvertisingIntervalMax), width: 3)
        writer.write(primaryAdvertisingChannelMap)
        ownAddressType.encode(into: &writer)
        peerAddressType.encode(into: &writer)
        peerAddress.encode(into: &writer)
        writer.write(advertisingFilterPolicy)
        writer.write(advertisingTxPower)
        primaryAdvertisingPHY.encode(into: &writer)
        writer.write(secondaryAdvertisingMaxSkip)
        secondaryAdvertisingPHY.encode(into: &writer)
        writer.write(advertisingSID)
        writer.write(scanRequestNotificationEnable)
    }
}
