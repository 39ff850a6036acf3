/// A controller error code, as carried in Status and Reason parameters; unknown codes stay representable.
///
/// Bluetooth Core Specification Vol 1, Part F, 1.3.
public struct HCIStatus: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The command succeeded. Spec value 0x00.
    public static let success = HCIStatus(rawValue: 0x00)
    /// The controller does not know the command. Spec value 0x01.
    public static let unknownCommand = HCIStatus(rawValue: 0x01)
    /// No connection has the given handle. Spec value 0x02.
    public static let unknownConnectionIdentifier = HCIStatus(rawValue: 0x02)
    /// The controller failed in a way it cannot describe. Spec value 0x03.
    public static let hardwareFailure = HCIStatus(rawValue: 0x03)
    /// The peer answered with a failed authentication. Spec value 0x05.
    public static let authenticationFailure = HCIStatus(rawValue: 0x05)
    /// The host has no key for the link. Spec value 0x06.
    public static let pinOrKeyMissing = HCIStatus(rawValue: 0x06)
    /// The controller has no memory for the request. Spec value 0x07.
    public static let memoryCapacityExceeded = HCIStatus(rawValue: 0x07)
    /// The link supervision timer expired. Spec value 0x08.
    public static let connectionTimeout = HCIStatus(rawValue: 0x08)
    /// The controller already holds as many connections as it can. Spec value 0x09.
    public static let connectionLimitExceeded = HCIStatus(rawValue: 0x09)
    /// A connection to that device already exists. Spec value 0x0B.
    public static let connectionAlreadyExists = HCIStatus(rawValue: 0x0B)
    /// The command is not allowed in the controller's current state. Spec value 0x0C.
    public static let commandDisallowed = HCIStatus(rawValue: 0x0C)
    /// The connection was refused because the controller has no resources. Spec value 0x0D.
    public static let connectionRejectedLimitedResources = HCIStatus(rawValue: 0x0D)
    /// The feature or parameter value is not supported. Spec value 0x11.
    public static let unsupportedFeatureOrParameterValue = HCIStatus(rawValue: 0x11)
    /// A command parameter is out of range or inconsistent. Spec value 0x12.
    public static let invalidCommandParameters = HCIStatus(rawValue: 0x12)
    /// The peer's user ended the connection. Spec value 0x13.
    public static let remoteUserTerminatedConnection = HCIStatus(rawValue: 0x13)
    /// The peer ended the connection because it has too few resources. Spec value 0x14.
    public static let remoteDeviceTerminatedLowResources = HCIStatus(rawValue: 0x14)
    /// The peer ended the connection because it is powering off. Spec value 0x15.
    public static let remoteDeviceTerminatedPowerOff = HCIStatus(rawValue: 0x15)
    /// The local host ended the connection. Spec value 0x16.
    public static let connectionTerminatedByLocalHost = HCIStatus(rawValue: 0x16)
    /// The peer does not support the feature. Spec value 0x1A.
    public static let unsupportedRemoteFeature = HCIStatus(rawValue: 0x1A)
    /// A parameter the peer sent is not acceptable. Spec value 0x1E.
    public static let invalidLLParameters = HCIStatus(rawValue: 0x1E)
    /// The controller failed for an unspecified reason. Spec value 0x1F.
    public static let unspecifiedError = HCIStatus(rawValue: 0x1F)
    /// The peer did not answer a link-layer procedure in time. Spec value 0x22.
    public static let llResponseTimeout = HCIStatus(rawValue: 0x22)
    /// Two link-layer procedures collided. Spec value 0x23.
    public static let llProcedureCollision = HCIStatus(rawValue: 0x23)
    /// The encryption mode is not acceptable. Spec value 0x25.
    public static let encryptionModeNotAcceptable = HCIStatus(rawValue: 0x25)
    /// The connection is not a link where the operation may run. Spec value 0x2A.
    public static let differentTransactionCollision = HCIStatus(rawValue: 0x2A)
    /// The controller is busy and cannot do the operation now. Spec value 0x3A.
    public static let controllerBusy = HCIStatus(rawValue: 0x3A)
    /// The requested connection interval is not acceptable. Spec value 0x3B.
    public static let unacceptableConnectionParameters = HCIStatus(rawValue: 0x3B)
    /// Advertising ended because its duration elapsed. Spec value 0x3C.
    public static let advertisingTimeout = HCIStatus(rawValue: 0x3C)
    /// The link ended because a packet failed its integrity check (MIC). Spec value 0x3D.
    public static let connectionTerminatedMICFailure = HCIStatus(rawValue: 0x3D)
    /// The connection could not be established. Spec value 0x3E.
    public static let connectionFailedToBeEstablished = HCIStatus(rawValue: 0x3E)
    /// A pending connection was cancelled by the host. Spec value 0x44.
    public static let operationCancelledByHost = HCIStatus(rawValue: 0x44)
    /// Too many packets were sent before the controller freed its buffers. Spec value 0x45.
    public static let packetTooLong = HCIStatus(rawValue: 0x45)

    /// Whether the code means success.
    public var isSuccess: Bool { rawValue == 0 }

    /// The name the specification gives the code, or its number.
    public var name: String {
        Self.names[rawValue] ?? "error 0x" + String(rawValue, radix: 16)
    }

    private static let names: [UInt8: String] = [
        0x00: "Success", 0x01: "Unknown HCI Command", 0x02: "Unknown Connection Identifier",
        0x03: "Hardware Failure", 0x05: "Authentication Failure", 0x06: "PIN or Key Missing",
        0x07: "Memory Capacity Exceeded", 0x08: "Connection Timeout", 0x09: "Connection Limit Exceeded",
        0x0B: "Connection Already Exists", 0x0C: "Command Disallowed",
        0x0D: "Connection Rejected due to Limited Resources",
        0x11: "Unsupported Feature or Parameter Value", 0x12: "Invalid HCI Command Parameters",
        0x13: "Remote User Terminated Connection",
        0x14: "Remote Device Terminated Connection due to Low Resources",
        0x15: "Remote Device Terminated Connection due to Power Off",
        0x16: "Connection Terminated By Local Host", 0x1A: "Unsupported Remote Feature",
        0x1E: "Invalid LL Parameters", 0x1F: "Unspecified Error", 0x22: "LL Response Timeout",
        0x23: "LL Procedure Collision", 0x25: "Encryption Mode Not Acceptable",
        0x2A: "Different Transaction Collision", 0x3A: "Controller Busy",
        0x3B: "Unacceptable Connection Parameters", 0x3C: "Advertising Timeout",
        0x3D: "Connection Terminated due to MIC Failure", 0x3E: "Connection Failed to be Established",
        0x44: "Operation Cancelled by Host", 0x45: "Packet Too Long",
    ]
}

extension HCIStatus: CustomStringConvertible {
    public var description: String { "\(name) (0x\(String(rawValue, radix: 16)))" }
}

extension HCIStatus: WireCodable {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(rawValue: try reader.read())
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(rawValue)
    }
}
