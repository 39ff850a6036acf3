import HCI

/// Why a command or data exchange with the controller failed.
public enum HCIError: Error, Equatable, Sendable {
    /// The controller answered the command with a failure status.
    case commandFailed(opcode: HCIOpcode, status: HCIStatus)
    /// The controller did not answer the command within the timeout.
    case timeout(opcode: HCIOpcode)
    /// The controller's answer could not be decoded.
    case malformedReply(opcode: HCIOpcode, DecodeError)
    /// Too many commands or ACL packets are already queued.
    case queueFull
    /// The connection the data was for has gone.
    case disconnected(ConnectionHandle)
    /// An awaited event did not arrive within the timeout.
    case eventTimeout(String)
    /// The transport failed or closed.
    case transport(TransportError)
    /// The controller reported a hardware failure (Hardware Error, with its maker's code): it may have lost every
    /// link and setting, so the channel ends and the controller must be set up again.
    case hardwareError(code: UInt8)
}

extension HCIError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .commandFailed(let opcode, let status):
            "HCI command 0x\(String(opcode.rawValue, radix: 16)) failed: \(status)"
        case .timeout(let opcode):
            "HCI command 0x\(String(opcode.rawValue, radix: 16)) got no answer from the controller"
        case .malformedReply(let opcode, let error):
            "malformed answer to HCI command 0x\(String(opcode.rawValue, radix: 16)): \(error)"
        case .queueFull: "too many HCI packets queued for the controller"
        case .disconnected(let handle): "connection \(handle) is gone"
        case .eventTimeout(let what): "timed out waiting for \(what)"
        case .transport(let error): error.description
        case .hardwareError(let code):
            "the controller reported a hardware error (code 0x\(String(code, radix: 16, uppercase: true))) and must be reset"
        }
    }
}
