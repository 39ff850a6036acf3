/// What bluetoothd asks the pairing agent this process registers (`org.bluez.Agent1`), about the device at a path.
public enum BlueZAgentQuestion: Equatable, Sendable {
    /// `RequestConfirmation`: Numeric Comparison; answer whether the device shows the same six-digit `passkey`.
    case confirm(device: String, passkey: UInt32)
    /// `RequestPasskey`: Passkey Entry; answer with the six-digit passkey the device shows.
    case passkey(device: String)
    /// `DisplayPasskey`: Passkey Entry; show `passkey` for the user to type on the device, of which `entered`
    /// digits are typed so far (bluetoothd calls again at each key press). Already answered.
    case displayPasskey(device: String, passkey: UInt32, entered: Int)
    /// `RequestAuthorization`: accept a Just Works pairing the device started.
    case authorize(device: String)
    /// `AuthorizeService`: let the device, paired but not trusted, use the service `uuid`.
    case authorizeService(device: String, uuid: String)

    /// The device's object path.
    public var device: String {
        switch self {
        case .confirm(let device, _), .passkey(let device), .displayPasskey(let device, _, _),
            .authorize(let device), .authorizeService(let device, _):
            device
        }
    }
}

/// What the user of an agent can see and enter, as `AgentManager1.RegisterAgent` names it; bluetoothd sets the
/// adapter's Security Manager IO capability from the default agent's.
public enum BlueZAgentCapability: String, Sendable, CaseIterable {
    case displayOnly = "DisplayOnly"
    case displayYesNo = "DisplayYesNo"
    case keyboardOnly = "KeyboardOnly"
    case noInputNoOutput = "NoInputNoOutput"
    case keyboardDisplay = "KeyboardDisplay"
}

extension BlueZAgentQuestion {
    static let agentInterface = "org.bluez.Agent1"

    /// Refused: bluetoothd fails the pairing.
    static let rejected = BlueZError(name: "org.bluez.Error.Rejected", message: "Rejected")
    /// Cancelled by the user: bluetoothd fails the pairing.
    static let canceled = BlueZError(name: "org.bluez.Error.Canceled", message: "Canceled")

    /// How a call to the agent object is answered: a question for the app; `Cancel` and `Release`, which end the
    /// questions pending; or at once, refusing PIN codes (LE pairing has none) and calls it cannot read.
    static func outcome(of call: BlueZMethodCall) -> BlueZCallOutcome {
        let arguments = call.arguments
        let device = arguments.first.flatMap { value -> String? in
            guard case .objectPath(let path) = value else { return nil }
            return path
        }
        let number = arguments.count > 1 ? arguments[1].integer.flatMap { UInt32(exactly: $0) } : nil
        switch (call.member, device) {
        case ("Cancel", _), ("Release", _):
            return .agentEnded
        case ("RequestConfirmation", let device?) where arguments.count == 2:
            guard let number else { break }
            return .agent(.confirm(device: device, passkey: number), answered: false)
        case ("RequestPasskey", let device?) where arguments.count == 1:
            return .agent(.passkey(device: device), answered: false)
        case ("DisplayPasskey", let device?) where arguments.count == 3:
            guard let number, let entered = arguments[2].integer else { break }
            return .agent(.displayPasskey(device: device, passkey: number, entered: entered), answered: true)
        case ("RequestAuthorization", let device?) where arguments.count == 1:
            return .agent(.authorize(device: device), answered: false)
        case ("AuthorizeService", let device?) where arguments.count == 2:
            guard let uuid = arguments[1].text else { break }
            return .agent(.authorizeService(device: device, uuid: uuid), answered: false)
        case ("RequestPinCode", _), ("DisplayPinCode", _):
            return .failure(rejected)
        default:
            break
        }
        return .failure(
            BlueZError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "no such agent call: \(call.member)"))
    }
}
