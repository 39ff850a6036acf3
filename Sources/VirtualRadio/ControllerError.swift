import HCI

/// Why a virtual controller refused a command: the status its Command Complete or Command Status carries.
struct ControllerError: Error, Hashable {
    var status: HCIStatus

    init(_ status: HCIStatus) {
        self.status = status
    }

    static let unknownCommand = ControllerError(.unknownCommand)
    static let unknownConnectionIdentifier = ControllerError(.unknownConnectionIdentifier)
    static let memoryCapacityExceeded = ControllerError(.memoryCapacityExceeded)
    static let connectionLimitExceeded = ControllerError(.connectionLimitExceeded)
    static let connectionAlreadyExists = ControllerError(.connectionAlreadyExists)
    static let commandDisallowed = ControllerError(.commandDisallowed)
    static let unsupportedFeatureOrParameterValue = ControllerError(.unsupportedFeatureOrParameterValue)
    static let invalidCommandParameters = ControllerError(.invalidCommandParameters)
    /// No advertising set has the given handle. Spec value 0x42.
    static let unknownAdvertisingIdentifier = ControllerError(HCIStatus(rawValue: 0x42))
    /// A limit the host set (such as a number of advertising events) was reached. Spec value 0x43.
    static let limitReached = ControllerError(HCIStatus(rawValue: 0x43))
    /// Advertising ended because its duration elapsed. Spec value 0x3C.
    static let advertisingTimeout = ControllerError(.advertisingTimeout)
}
