/// Whether a characteristic write waits for the server's acknowledgement.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.9.1 and 4.9.3.
public enum CBCharacteristicWriteType: Int, Sendable {
    /// Write Request: the server confirms, and `peripheral(_:didWriteValueFor:error:)` reports the result.
    case withResponse = 0
    /// Write Command: no confirmation and no delegate callback.
    case withoutResponse = 1
}
