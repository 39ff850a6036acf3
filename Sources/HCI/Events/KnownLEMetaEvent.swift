/// Every LE subevent the stack understands, decoded from an LE Meta event; other subevents stay representable.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.65.
public enum KnownLEMetaEvent: Hashable, Sendable {
    /// LE Connection Complete (0x01).
    case connectionComplete(LEConnectionCompleteEvent)
    /// LE Enhanced Connection Complete, version 1 (0x0A).
    case enhancedConnectionComplete(LEEnhancedConnectionCompleteEvent)
    /// LE Enhanced Connection Complete, version 2 (0x29).
    case enhancedConnectionCompleteV2(LEEnhancedConnectionCompleteV2Event)
    /// LE Advertising Report (0x02).
    case advertisingReport(LEAdvertisingReportEvent)
    /// LE Extended Advertising Report (0x0D).
    case extendedAdvertisingReport(LEExtendedAdvertisingReportEvent)
    /// LE Connection Update Complete (0x03).
    case connectionUpdateComplete(LEConnectionUpdateCompleteEvent)
    /// LE Read Remote Features Complete (0x04).
    case readRemoteFeaturesComplete(LEReadRemoteFeaturesCompleteEvent)
    /// LE Long Term Key Request (0x05).
    case longTermKeyRequest(LELongTermKeyRequestEvent)
    /// LE Remote Connection Parameter Request (0x06).
    case remoteConnectionParameterRequest(LERemoteConnectionParameterRequestEvent)
    /// LE Data Length Change (0x07).
    case dataLengthChange(LEDataLengthChangeEvent)
    /// LE PHY Update Complete (0x0C).
    case phyUpdateComplete(LEPHYUpdateCompleteEvent)
    /// LE Scan Timeout (0x11).
    case scanTimeout(LEScanTimeoutEvent)
    /// LE Advertising Set Terminated (0x12).
    case advertisingSetTerminated(LEAdvertisingSetTerminatedEvent)
    /// LE Scan Request Received (0x13).
    case scanRequestReceived(LEScanRequestReceivedEvent)
    /// A subevent the stack does not decode, kept as received (parameters exclude the subevent code).
    case unknown(subeventCode: LESubeventCode, parameters: [UInt8])

    /// Decodes a subevent's parameters (without its code); unknown codes become ``unknown(subeventCode:parameters:)``.
    public init(subeventCode: LESubeventCode, parameters: [UInt8]) throws(DecodeError) {
        switch subeventCode {
        case .connectionComplete: self = .connectionComplete(try LEConnectionCompleteEvent(decoding: parameters))
        case .enhancedConnectionComplete:
            self = .enhancedConnectionComplete(try LEEnhancedConnectionCompleteEvent(decoding: parameters))
        case .enhancedConnectionCompleteV2:
            self = .enhancedConnectionCompleteV2(try LEEnhancedConnectionCompleteV2Event(decoding: parameters))
        case .advertisingReport: self = .advertisingReport(try LEAdvertisingReportEvent(decoding: parameters))
        case .extendedAdvertisingReport:
            self = .extendedAdvertisingReport(try LEExtendedAdvertisingReportEvent(decoding: parameters))
        case .connectionUpdateComplete:
            self = .connectionUpdateComplete(try LEConnectionUpdateCompleteEvent(decoding: parameters))
        case .readRemoteFeaturesComplete:
            self = .readRemoteFeaturesComplete(try LEReadRemoteFeaturesCompleteEvent(decoding: parameters))
        case .longTermKeyRequest: self = .longTermKeyRequest(try LELongTermKeyRequestEvent(decoding: parameters))
        case .remoteConnectionParameterRequest:
            self = .remoteConnectionParameterRequest(try LERemoteConnectionParameterRequestEvent(decoding: parameters))
        case .dataLengthChange: self = .dataLengthChange(try LEDataLengthChangeEvent(decoding: parameters))
        case .phyUpdateComplete: self = .phyUpdateComplete(try LEPHYUpdateCompleteEvent(decoding: parameters))
        case .scanTimeout: self = .scanTimeout(try LEScanTimeoutEvent(decoding: parameters))
        case .advertisingSetTerminated:
            self = .advertisingSetTerminated(try LEAdvertisingSetTerminatedEvent(decoding: parameters))
        case .scanRequestReceived: self = .scanRequestReceived(try LEScanRequestReceivedEvent(decoding: parameters))
        default: self = .unknown(subeventCode: subeventCode, parameters: parameters)
        }
    }

    /// The subevent's code.
    public var subeventCode: LESubeventCode {
        switch self {
        case .connectionComplete: LEConnectionCompleteEvent.subeventCode
        case .enhancedConnectionComplete: LEEnhancedConnectionCompleteEvent.subeventCode
        case .enhancedConnectionCompleteV2: LEEnhancedConnectionCompleteV2Event.subeventCode
        case .advertisingReport: LEAdvertisingReportEvent.subeventCode
        case .extendedAdvertisingReport: LEExtendedAdvertisingReportEvent.subeventCode
        case .connectionUpdateComplete: LEConnectionUpdateCompleteEvent.subeventCode
        case .readRemoteFeaturesComplete: LEReadRemoteFeaturesCompleteEvent.subeventCode
        case .longTermKeyRequest: LELongTermKeyRequestEvent.subeventCode
        case .remoteConnectionParameterRequest: LERemoteConnectionParameterRequestEvent.subeventCode
        case .dataLengthChange: LEDataLengthChangeEvent.subeventCode
        case .phyUpdateComplete: LEPHYUpdateCompleteEvent.subeventCode
        case .scanTimeout: LEScanTimeoutEvent.subeventCode
        case .advertisingSetTerminated: LEAdvertisingSetTerminatedEvent.subeventCode
        case .scanRequestReceived: LEScanRequestReceivedEvent.subeventCode
        case .unknown(let subeventCode, _): subeventCode
        }
    }

    /// The subevent's encoded parameters, without the subevent code.
    public var parameters: [UInt8] {
        switch self {
        case .connectionComplete(let event): event.encoded
        case .enhancedConnectionComplete(let event): event.encoded
        case .enhancedConnectionCompleteV2(let event): event.encoded
        case .advertisingReport(let event): event.encoded
        case .extendedAdvertisingReport(let event): event.encoded
        case .connectionUpdateComplete(let event): event.encoded
        case .readRemoteFeaturesComplete(let event): event.encoded
        case .longTermKeyRequest(let event): event.encoded
        case .remoteConnectionParameterRequest(let event): event.encoded
        case .dataLengthChange(let event): event.encoded
        case .phyUpdateComplete(let event): event.encoded
        case .scanTimeout(let event): event.encoded
        case .advertisingSetTerminated(let event): event.encoded
        case .scanRequestReceived(let event): event.encoded
        case .unknown(_, let parameters): parameters
        }
    }

    /// The LE Meta event packet that carries the subevent.
    public var packet: HCIEventPacket {
        HCIEventPacket(code: .leMeta, parameters: [subeventCode.rawValue] + parameters)
    }
}
