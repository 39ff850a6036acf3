/// An HCI event code; unknown codes stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.
public struct HCIEventCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Disconnection Complete. Spec value 0x05.
    public static let disconnectionComplete = HCIEventCode(rawValue: 0x05)
    /// Encryption Change (v1). Spec value 0x08.
    public static let encryptionChange = HCIEventCode(rawValue: 0x08)
    /// Read Remote Version Information Complete. Spec value 0x0C.
    public static let readRemoteVersionInformationComplete = HCIEventCode(rawValue: 0x0C)
    /// Command Complete. Spec value 0x0E.
    public static let commandComplete = HCIEventCode(rawValue: 0x0E)
    /// Command Status. Spec value 0x0F.
    public static let commandStatus = HCIEventCode(rawValue: 0x0F)
    /// Hardware Error. Spec value 0x10.
    public static let hardwareError = HCIEventCode(rawValue: 0x10)
    /// Number Of Completed Packets. Spec value 0x13.
    public static let numberOfCompletedPackets = HCIEventCode(rawValue: 0x13)
    /// Encryption Key Refresh Complete. Spec value 0x30.
    public static let encryptionKeyRefreshComplete = HCIEventCode(rawValue: 0x30)
    /// LE Meta event, which carries an LE subevent. Spec value 0x3E.
    public static let leMeta = HCIEventCode(rawValue: 0x3E)
    /// Encryption Change (v2). Spec value 0x59.
    public static let encryptionChangeV2 = HCIEventCode(rawValue: 0x59)
}

extension HCIEventCode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}

/// An LE Meta event subevent code; unknown codes stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.
public struct LESubeventCode: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// LE Connection Complete. Spec value 0x01.
    public static let connectionComplete = LESubeventCode(rawValue: 0x01)
    /// LE Advertising Report. Spec value 0x02.
    public static let advertisingReport = LESubeventCode(rawValue: 0x02)
    /// LE Connection Update Complete. Spec value 0x03.
    public static let connectionUpdateComplete = LESubeventCode(rawValue: 0x03)
    /// LE Read Remote Features Complete. Spec value 0x04.
    public static let readRemoteFeaturesComplete = LESubeventCode(rawValue: 0x04)
    /// LE Long Term Key Request. Spec value 0x05.
    public static let longTermKeyRequest = LESubeventCode(rawValue: 0x05)
    /// LE Remote Connection Parameter Request. Spec value 0x06.
    public static let remoteConnectionParameterRequest = LESubeventCode(rawValue: 0x06)
    /// LE Data Length Change. Spec value 0x07.
    public static let dataLengthChange = LESubeventCode(rawValue: 0x07)
    /// LE Enhanced Connection Complete (v1). Spec value 0x0A.
    public static let enhancedConnectionComplete = LESubeventCode(rawValue: 0x0A)
    /// LE PHY Update Complete. Spec value 0x0C.
    public static let phyUpdateComplete = LESubeventCode(rawValue: 0x0C)
    /// LE Extended Advertising Report. Spec value 0x0D.
    public static let extendedAdvertisingReport = LESubeventCode(rawValue: 0x0D)
    /// LE Scan Timeout. Spec value 0x11.
    public static let scanTimeout = LESubeventCode(rawValue: 0x11)
    /// LE Advertising Set Terminated. Spec value 0x12.
    public static let advertisingSetTerminated = LESubeventCode(rawValue: 0x12)
    /// LE Scan Request Received. Spec value 0x13.
    public static let scanRequestReceived = LESubeventCode(rawValue: 0x13)
    /// LE Enhanced Connection Complete (v2). Spec value 0x29.
    public static let enhancedConnectionCompleteV2 = LESubeventCode(rawValue: 0x29)
}

extension LESubeventCode: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
