/// Tells the host that the controller hit a hardware failure.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.16.
public struct HardwareErrorEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.hardwareError

    /// The maker-specific code of the failure.
    public var hardwareCode: UInt8

    /// Makes the event from its parameter.
    public init(hardwareCode: UInt8) {
        self.hardwareCode = hardwareCode
    }
}

extension HardwareErrorEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        hardwareCode = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(hardwareCode)
    }
}
