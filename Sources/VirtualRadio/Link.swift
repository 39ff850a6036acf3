import HCI

/// One end of a connection.
enum LinkSide: Hashable, Sendable {
    case central
    case peripheral

    var opposite: LinkSide { self == .central ? .peripheral : .central }
    var role: Role { self == .central ? .central : .peripheral }
}

/// One LE connection between two controllers on the air, with the state both link layers share, and the
/// two-sided link procedures (parameters, data length, PHY, encryption, remote information) that change it.
///
/// The procedures return what they need of the air as ``LinkAction``s (``takeRequested()``).
final class Link {
    /// A connection parameters request in progress (LL_CONNECTION_PARAM_REQ).
    struct ParameterRequest {
        /// The side whose host asked.
        var initiator: LinkSide
        var intervalMin: UInt16
        var intervalMax: UInt16
        var latency: UInt16
        var supervisionTimeout: UInt16
    }

    /// An encryption start or refresh in progress: the central's key waits for the peripheral host's.
    struct EncryptionRequest {
        var randomNumber: UInt64
        var encryptedDiversifier: UInt16
        var longTermKey: [UInt8]
    }

    let id: UInt64
    let central: ControllerID
    let peripheral: ControllerID
    /// The two controllers, for the data path; a side's controller may have left the air once it ``departed``.
    unowned let centralState: ControllerState
    unowned let peripheralState: ControllerState
    let centralHandle: ConnectionHandle
    let peripheralHandle: ConnectionHandle
    /// The central's address as the peripheral saw it.
    let centralAddress: DeviceAddress
    /// The peripheral's address as the central saw it.
    let peripheralAddress: DeviceAddress
    var parameters: ConnectionParameters
    var encrypted = false
    var encryptionRequest: EncryptionRequest?
    var parameterRequest: ParameterRequest?
    /// Transmit PHY of each side.
    var txPHY = PerSide(PHY.le1M)
    /// Largest payload each side sends per data PDU, and its time in microseconds.
    @exclusivity(unchecked) var maxTxOctets = PerSide(DataLength.initialOctets)
    @exclusivity(unchecked) var maxTxTime = PerSide(DataLength.initialTime)
    /// Sides whose controller left the link without ending it (timed airs: the peer times out).
    var departed: Set<LinkSide> = []
    /// The timed link layer (timed airs only).
    @exclusivity(unchecked) var layer: LinkLayer?
    /// The token of the armed connection event timer.
    var eventTimer: UInt64?
    /// What the procedures asked of the air and it has not yet carried out.
    var requested: [LinkAction] = []

    init(
        id: UInt64, central: ControllerState, peripheral: ControllerState, centralHandle: ConnectionHandle,
        peripheralHandle: ConnectionHandle, centralAddress: DeviceAddress, peripheralAddress: DeviceAddress,
        parameters: ConnectionParameters
    ) {
        self.id = id
        self.central = central.id
        self.peripheral = peripheral.id
        centralState = central
        peripheralState = peripheral
        self.centralHandle = centralHandle
        self.peripheralHandle = peripheralHandle
        self.centralAddress = centralAddress
        self.peripheralAddress = peripheralAddress
        self.parameters = parameters
    }

    func controller(_ side: LinkSide) -> ControllerID {
        side == .central ? central : peripheral
    }

    /// The controller on a side that has not departed.
    func state(_ side: LinkSide) -> ControllerState {
        side == .central ? centralState : peripheralState
    }

    func handle(_ side: LinkSide) -> ConnectionHandle {
        side == .central ? centralHandle : peripheralHandle
    }

    /// Which side the controller is on.
    func side(of controller: ControllerID) -> LinkSide {
        controller == central ? .central : .peripheral
    }
}
