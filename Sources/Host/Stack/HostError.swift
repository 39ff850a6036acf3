import HCI

/// Why a host operation failed, naming the connection it concerned where there is one.
public enum HostError: Error, Equatable, Sendable {
    /// The controller refused a command, did not answer, or its transport failed.
    case controller(HCIError)
    /// No connection has this handle (it never existed or went down).
    case notConnected(ConnectionHandle)
    /// The link went down while the operation was under way.
    case disconnected(ConnectionHandle, reason: HCIStatus)
    /// A connection attempt failed with the controller's status.
    case connectionFailed(BluetoothAddress, HCIStatus)
    /// A connection attempt did not complete in time and was cancelled.
    case connectionTimeout(BluetoothAddress)
    /// A connection attempt was cancelled by ``BluetoothHost/cancelConnect()``.
    case connectionCancelled(BluetoothAddress)
    /// Another connection attempt is already under way; the controller runs one at a time.
    case connectionInProgress
    /// A GATT procedure failed on the connection.
    case gatt(ConnectionHandle, GATTProcedureError)
    /// An ATT operation failed on the connection.
    case att(ConnectionHandle, ATTBearerError)
    /// The characteristic has no Client Characteristic Configuration descriptor to subscribe with.
    case noClientConfiguration(ConnectionHandle, characteristic: AttributeHandle)
    /// Every dynamic SPSM is already published.
    case noFreeSPSM
    /// Every dynamic channel identifier of the link is in use.
    case noFreeChannel(ConnectionHandle)
    /// The link has no credit-based channel with this identifier.
    case noSuchChannel(ConnectionHandle, L2CAPChannelID)
    /// A credit-based channel refused the operation.
    case channel(ConnectionHandle, CreditBasedChannelError)
    /// A credit-based channel closed, or never opened, for this reason.
    case channelClosed(ConnectionHandle, L2CAPChannelID, CreditBasedChannelCloseReason)
    /// The advertisement does not fit in legacy advertising and scan response data.
    case advertisingData(AdvertisingLayoutError)
    /// The GATT server refused a change to its database.
    case database(AttributeDatabaseError)
    /// The host has stopped: its controller channel closed.
    case stopped
    /// Pairing failed with this reason, sent by either device.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.5.5.
    case pairingFailed(ConnectionHandle, SMPErrorCode)
    /// The Security Manager timer expired; no more pairing is possible until the link is reconnected.
    ///
    /// Bluetooth Core Specification Vol 3, Part H, 3.4.
    case pairingTimeout(ConnectionHandle)
    /// Encryption failed with the controller's status; PIN or Key Missing (0x06) means the peer has lost the bond.
    ///
    /// Bluetooth Core Specification Vol 4, Part E, 7.7.8.
    case encryptionFailed(ConnectionHandle, HCIStatus)
    /// The bond file could not be written or read.
    case bondStore(BondStoreError)
    /// A signed write needs a bond with the peer holding the CSRK this host gave it, and none was found.
    case noSignatureKey(ConnectionHandle)
}

extension HostError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .controller(let error): "controller: \(error)"
        case .notConnected(let handle): "no connection \(handle)"
        case .disconnected(let handle, let reason): "connection \(handle) went down: \(reason)"
        case .connectionFailed(let address, let status): "connecting to \(address) failed: \(status)"
        case .connectionTimeout(let address): "connecting to \(address) timed out"
        case .connectionCancelled(let address): "connecting to \(address) was cancelled"
        case .connectionInProgress: "another connection attempt is under way"
        case .gatt(let handle, let error): "on connection \(handle): \(error)"
        case .att(let handle, let error): "on connection \(handle): ATT \(error)"
        case .noClientConfiguration(let handle, let characteristic):
            "on connection \(handle): characteristic \(characteristic) has no client configuration descriptor"
        case .noFreeSPSM: "no dynamic SPSM is free"
        case .noFreeChannel(let handle): "connection \(handle) has no free channel identifier"
        case .noSuchChannel(let handle, let cid): "connection \(handle) has no channel \(cid)"
        case .channel(let handle, let error): "channel on connection \(handle): \(error)"
        case .channelClosed(let handle, let cid, let reason): "channel \(cid) on connection \(handle) closed: \(reason)"
        case .advertisingData(let error): "advertisement: \(error)"
        case .database(let error): "GATT database: \(error)"
        case .stopped: "the host has stopped"
        case .pairingFailed(let handle, let reason): "pairing on connection \(handle) failed: \(reason)"
        case .pairingTimeout(let handle): "pairing on connection \(handle) timed out"
        case .encryptionFailed(let handle, let status): "encryption on connection \(handle) failed: \(status)"
        case .bondStore(let error): "bonds: \(error)"
        case .noSignatureKey(let handle): "no bond with a signature key for connection \(handle)"
        }
    }
}
