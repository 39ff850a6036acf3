/// Sets how the controller advertises when legacy advertising is enabled.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.8.5.
public struct LESetAdvertisingParametersCommand: HCICommand, Hashable {
    public typealias ReturnParameters = EmptyReturnParameters
    public static let opcode = HCIOpcode(ogf: 0x08, ocf: 0x0006)

    /// Shortest advertising interval, in units of 0.625 ms.
    public var advertisingIntervalMin: UInt16
    /// Longest advertising interval, in units of 0.625 ms.
    public var advertisingIntervalMax: UInt16
    /// Which kind of advertising PDU to send.
    public var advertisingType: AdvertisingType
    /// Which of the device's addresses to advertise with.
    public var ownAddressType: AddressType
    /// The kind of the peer's address, for directed advertising.
    public var peerAddressType: AddressType
    /// The peer's address, for directed advertising.
    public var peerAddress: BluetoothAddress
    /// Which primary channels to use: bit 0 is 37, bit 1 is 38, bit 2 is 39.
    public var advertisingChannelMap: UInt8
    /// Whether scan and connect requests are limited to the filter accept list.
    public var advertisingFilterPolicy: UInt8

    public init(
        advertisingIntervalMin: UInt16,
        advertisingIntervalMax: UInt16,
        advertisingType: AdvertisingType,
        ownAddressType: AddressType,
        peerAddressType: AddressType,
        peerAddress: BluetoothAddress,
        advertisingChannelMap: UInt8,
        advertisingFilterPolicy: UInt8
    ) {
        self.advertisingIntervalMin = advertisingIntervalMin
        self.advertisingIntervalMax = advertisingIntervalMax
        self.advertisingType = advertisingType
        self.ownAddressType = ownAddressType
        self.peerAddressType = peerAddressType
        self.peerAddress = peerAddress
        self.advertisingChannelMap = advertisingChannelMap
        self.advertisingFilterPolicy = advertisingFilterPolicy
    }
}

extension LESetAdvertisingParametersCommand {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingIntervalMin = try reader.read()
        advertisingIntervalMax = try reader.read()
        advertisingType = try AdvertisingType(from: &reader)
        ownAddressType = try AddressType(from: &reader)
        peerAddressType = try AddressType(from: &reader)
        peerAddress = try BluetoothAddress(from: &reader)
        advertisingChannelMap = try reader.read()
        advertisingFilterPolicy = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingIntervalMin)
        writer.write(advertisingIntervalMax)
        advertisingType.encode(into: &writer)
        ownAddressType.encode(into: &writer)
        peerAddressType.encode(into: &writer)
        peerAddress.encode(into: &writer)
        writer.write(advertisingChannelMap)
        writer.write(advertisingFilterPolicy)
    }
}
