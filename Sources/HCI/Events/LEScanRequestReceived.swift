/// Tells the host that a scanner sent a scan request to one of its advertising sets.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.19.
public struct LEScanRequestReceivedEvent: LEMetaEvent, Hashable {
    public static let subeventCode = LESubeventCode.scanRequestReceived

    /// The advertising set that was scanned.
    public var advertisingHandle: UInt8
    /// The kind of the scanner's address.
    public var scannerAddressType: AddressType
    /// The scanner's address.
    public var scannerAddress: BluetoothAddress

    /// Makes the event from its parameters.
    public init(advertisingHandle: UInt8, scannerAddressType: AddressType, scannerAddress: BluetoothAddress) {
        self.advertisingHandle = advertisingHandle
        self.scannerAddressType = scannerAddressType
        self.scannerAddress = scannerAddress
    }
}

extension LEScanRequestReceivedEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        advertisingHandle = try reader.read()
        scannerAddressType = try AddressType(from: &reader)
        scannerAddress = try BluetoothAddress(from: &reader)
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(advertisingHandle)
        scannerAddressType.encode(into: &writer)
        scannerAddress.encode(into: &writer)
    }
}
