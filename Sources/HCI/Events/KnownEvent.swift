/// Every HCI event the stack understands, decoded from its packet; other event codes stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.
public enum KnownEvent: Hashable, Sendable {
    /// Command Complete (0x0E).
    case commandComplete(CommandCompleteEvent)
    /// Command Status (0x0F).
    case commandStatus(CommandStatusEvent)
    /// Number Of Completed Packets (0x13).
    case numberOfCompletedPackets(NumberOfCompletedPacketsEvent)
    /// Disconnection Complete (0x05).
    case disconnectionComplete(DisconnectionCompleteEvent)
    /// Encryption Change, version 1 (0x08).
    case encryptionChange(EncryptionChangeEvent)
    /// Encryption Change, version 2 (0x59).
    case encryptionChangeV2(EncryptionChangeV2Event)
    /// Encryption Key Refresh Complete (0x30).
    case encryptionKeyRefreshComplete(EncryptionKeyRefreshCompleteEvent)
    /// Read Remote Version Information Complete (0x0C).
    case readRemoteVersionInformationComplete(ReadRemoteVersionInformationCompleteEvent)
    /// Hardware Error (0x10).
    case hardwareError(HardwareErrorEvent)
    /// LE Meta (0x3E), carrying an LE subevent.
    case leMeta(KnownLEMetaEvent)
    /// An event with a code the stack does not decode, kept as received.
    case unknown(HCIEventPacket)

    /// Decodes a packet; known codes must hold exactly their parameters, unknown codes become ``unknown(_:)``.
    public init(_ packet: HCIEventPacket) throws(DecodeError) {
        let parameters = packet.parameters
        switch packet.code {
        case .commandComplete: self = .commandComplete(try CommandCompleteEvent(decoding: parameters))
        case .commandStatus: self = .commandStatus(try CommandStatusEvent(decoding: parameters))
        case .numberOfCompletedPackets:
            self = .numberOfCompletedPackets(try NumberOfCompletedPacketsEvent(decoding: parameters))
        case .disconnectionComplete: self = .disconnectionComplete(try DisconnectionCompleteEvent(decoding: parameters))
        case .encryptionChange: self = .encryptionChange(try EncryptionChangeEvent(decoding: parameters))
        case .encryptionChangeV2: self = .encryptionChangeV2(try EncryptionChangeV2Event(decoding: parameters))
        case .encryptionKeyRefreshComplete:
            self = .encryptionKeyRefreshComplete(try EncryptionKeyRefreshCompleteEvent(decoding: parameters))
        case .readRemoteVersionInformationComplete:
            self = .readRemoteVersionInformationComplete(
                try ReadRemoteVersionInformationCompleteEvent(decoding: parameters))
        case .hardwareError: self = .hardwareError(try HardwareErrorEvent(decoding: parameters))
        case .leMeta:
            var reader = ByteReader(parameters)
            let subeventCode = try LESubeventCode(from: &reader)
            self = .leMeta(try KnownLEMetaEvent(subeventCode: subeventCode, parameters: reader.readRemaining()))
        default: self = .unknown(packet)
        }
    }

    /// The packet that carries the event.
    public var packet: HCIEventPacket {
        switch self {
        case .commandComplete(let event): HCIEventPacket(event)
        case .commandStatus(let event): HCIEventPacket(event)
        case .numberOfCompletedPackets(let event): HCIEventPacket(event)
        case .disconnectionComplete(let event): HCIEventPacket(event)
        case .encryptionChange(let event): HCIEventPacket(event)
        case .encryptionChangeV2(let event): HCIEventPacket(event)
        case .encryptionKeyRefreshComplete(let event): HCIEventPacket(event)
        case .readRemoteVersionInformationComplete(let event): HCIEventPacket(event)
        case .hardwareError(let event): HCIEventPacket(event)
        case .leMeta(let event): event.packet
        case .unknown(let packet): packet
        }
    }
}
