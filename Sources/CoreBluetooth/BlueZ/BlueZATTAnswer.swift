import BlueZ

extension BlueZError {
    /// The error a read or write of an exported characteristic is answered with for `code`, named so that
    /// bluetoothd (5.66) answers the central that ATT error: Read / Write Not Permitted, Insufficient
    /// Authorization, Invalid Attribute Value Length, Invalid Offset, Request Not Supported, and the application
    /// errors 0x80–0x9F. bluetoothd has no name for the other codes: they reach the central as Unlikely Error.
    init(answering code: Int) {
        switch CBATTError.Code(rawValue: code) {
        case .readNotPermitted, .writeNotPermitted:
            self.init(name: "org.bluez.Error.NotPermitted", message: "Not permitted")
        case .insufficientAuthorization:
            self.init(name: "org.bluez.Error.NotAuthorized", message: "Not authorized")
        case .invalidAttributeValueLength:
            self.init(name: "org.bluez.Error.InvalidValueLength", message: "Invalid value length")
        case .invalidOffset:
            self = .invalidOffset
        case .requestNotSupported:
            self.init(name: "org.bluez.Error.NotSupported", message: "Not supported")
        default:
            if (0x80...0x9F).contains(code) {
                self.init(name: "org.bluez.Error.Failed", message: "0x" + String(code, radix: 16))
            } else {
                self.init(name: "org.corebluetooth.Error.ATT", message: "ATT error 0x" + String(code, radix: 16))
            }
        }
    }
}
