/// A GATT characteristic descriptor: an attribute that says more about its characteristic's value.
///
/// The value's type follows the UUID: `NSNumber` for Extended Properties (2900), Client (2902) and Server (2903)
/// Characteristic Configuration, `String` for User Description (2901), `Data` for Presentation Format (2904)
/// and any other descriptor.
///
/// Bluetooth Core Specification Vol 3, Part G, 3.3.3.
open class CBDescriptor: CBAttribute {
    /// The characteristic the descriptor belongs to; held weakly.
    open internal(set) weak var characteristic: CBCharacteristic?

    /// The latest value read; nil until one arrives.
    open internal(set) var value: Any?

    /// The bytes of the latest value read, exactly as the peer sent them; nil until one arrives. Not Apple API: tools
    /// in this package show these, as ``value`` types them by UUID (a User Description as text, a configuration as
    /// a number) and so loses bytes that do not fit the type.
    package internal(set) var receivedBytes: [UInt8]?

    init(uuid: CBUUID, value: Any?, characteristic: CBCharacteristic?) {
        self.value = value
        self.characteristic = characteristic
        super.init(uuid: uuid)
    }

    /// Takes a value read from the peer: ``value`` typed as CoreBluetooth types it, and the bytes as received.
    func received(_ bytes: [UInt8]) {
        value = CBPeripheral.descriptorValue(bytes, uuid: uuid.bluetoothUUID)
        receivedBytes = bytes
    }

    /// The descriptor as Apple describes it: `<CBDescriptor: 0x…, UUID = …, value = …>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), UUID = \(uuid), value = \(describe(value))>"
    }
}
