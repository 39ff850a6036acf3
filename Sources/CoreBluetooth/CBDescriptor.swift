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

    init(uuid: CBUUID, value: Any?, characteristic: CBCharacteristic?) {
        self.value = value
        self.characteristic = characteristic
        super.init(uuid: uuid)
    }

    /// The descriptor as Apple describes it: `<CBDescriptor: 0x…, UUID = …, value = …>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), UUID = \(uuid), value = \(describe(value))>"
    }
}
