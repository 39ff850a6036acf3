import HCI
import Host

extension HostError {
    /// The error CoreBluetooth reports for this host failure: a `CBATTError` (or an `NSError` in
    /// `CBATTErrorDomain`) for a peer's Error Response, else the `CBError` that fits: a peer that lost the bond
    /// (PIN or Key Missing) is `peerRemovedPairingInformation`, a pairing that timed out `encryptionTimedOut`, a
    /// peer that broke a GATT procedure `unknown` (as iOS), with what it did under `NSLocalizedFailureReasonErrorKey`.
    var reported: any Error {
        switch self {
        case .gatt(_, .procedure(.attError(let code, _))):
            return CBATTError.reported(for: code)
        case .gatt(_, .bearer(.errorResponse(let response))), .att(_, .errorResponse(let response)):
            return CBATTError.reported(for: response.error)
        case .gatt(_, .brokenAnswer(let request, let error)):
            return CBError(
                reporting: .unknown,
                reason: "the peripheral's answer to \(request.requestSummary) broke the GATT procedure: \(error)")
        case .gatt(_, .procedure(.valueTooLong)):
            return CBATTError(reporting: .invalidAttributeValueLength)
        case .gatt(_, .bearer(.timeout)), .att(_, .timeout), .connectionTimeout:
            return CBError(reporting: .connectionTimeout)
        case .gatt(_, .bearer(.mtuExceeded)), .att(_, .mtuExceeded):
            return CBError(reporting: .invalidParameters)
        case .disconnected(_, let reason):
            return reason.disconnectionError
        case .notConnected, .gatt(_, .bearer(.disconnected)), .gatt(_, .bearer(.closed)),
            .att(_, .disconnected), .att(_, .closed), .stopped:
            return CBError(reporting: .peripheralDisconnected)
        case .noClientConfiguration:
            return CBATTError(reporting: .requestNotSupported)
        case .connectionFailed:
            return CBError(reporting: .connectionFailed)
        case .connectionCancelled:
            return CBError(reporting: .operationCancelled)
        case .gatt(_, .bearer(.queueFull)), .att(_, .queueFull):
            return CBError(reporting: .outOfSpace)
        case .encryptionFailed(_, .pinOrKeyMissing):
            return CBError(reporting: .peerRemovedPairingInformation)
        case .pairingTimeout:
            return CBError(reporting: .encryptionTimedOut)
        default:
            return CBError(reporting: .unknown, reason: String(describing: self))
        }
    }
}

extension HCIStatus {
    /// The error a delegate hears when a link went down for this reason without the app asking.
    var disconnectionError: CBError {
        self == .connectionTimeout
            ? CBError(reporting: .connectionTimeout) : CBError(reporting: .peripheralDisconnected)
    }
}
