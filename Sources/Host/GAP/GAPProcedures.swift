import HCI

/// GAP's link-layer procedures above the HCI plumbing of a ``ControllerChannel``: legacy advertising, scanning,
/// connecting and disconnecting, and waiting for what the controller reports of them.
///
/// ``BluetoothHost`` runs its GAP through one; a test or tool that drives a controller without a host uses one
/// directly.
public struct GAPProcedures: Sendable {
    /// The channel to the controller the procedures run on.
    public let controller: ControllerChannel

    /// Runs GAP procedures on `controller`.
    public init(_ controller: ControllerChannel) {
        self.controller = controller
    }

    /// Starts legacy advertising with the given data.
    public func startAdvertising(
        type: AdvertisingType = .connectableUndirected, ownAddressType: AddressType,
        data: [UInt8], scanResponse: [UInt8] = [], interval: UInt16 = 0x00A0
    ) async throws(HCIError) {
        _ = try await controller.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: interval, advertisingIntervalMax: interval, advertisingType: type,
                ownAddressType: ownAddressType, peerAddressType: .public, peerAddress: .zero,
                advertisingChannelMap: 0x07, advertisingFilterPolicy: 0))
        _ = try await controller.execute(LESetAdvertisingDataCommand(data: data))
        _ = try await controller.execute(LESetScanResponseDataCommand(data: scanResponse))
        _ = try await controller.execute(LESetAdvertisingEnableCommand(enable: true))
    }

    /// Stops legacy advertising.
    public func stopAdvertising() async throws(HCIError) {
        _ = try await controller.execute(LESetAdvertisingEnableCommand(enable: false))
    }

    /// Starts legacy scanning; active scanning asks advertisers for their scan response.
    public func startScanning(
        active: Bool, ownAddressType: AddressType, filterDuplicates: Bool = true
    ) async throws(HCIError) {
        _ = try await controller.execute(
            LESetScanParametersCommand(
                scanType: active ? .active : .passive, scanInterval: 0x0010, scanWindow: 0x0010,
                ownAddressType: ownAddressType, scanningFilterPolicy: 0))
        _ = try await controller.execute(LESetScanEnableCommand(enable: true, filterDuplicates: filterDuplicates))
    }

    /// Stops legacy scanning.
    public func stopScanning() async throws(HCIError) {
        _ = try await controller.execute(LESetScanEnableCommand(enable: false, filterDuplicates: false))
    }

    /// Waits for the next advertisement that `match` accepts, from a legacy or an extended report.
    public func waitForAdvertisement(
        _ what: String, timeout: Duration = .seconds(10), _ match: @escaping @Sendable (AdvertisementSeen) -> Bool
    ) async throws(HCIError) -> AdvertisementSeen {
        try await controller.waitForEvent(what, timeout: timeout) { AdvertisementSeen.all(in: $0).first(where: match) }
    }

    /// Asks the controller to connect to an advertiser as central; the outcome comes as a connection complete
    /// event.
    public func createConnection(
        to address: BluetoothAddress, type: AddressType, ownAddressType: AddressType
    ) async throws(HCIError) {
        try await controller.execute(
            LECreateConnectionCommand(
                scanInterval: 0x0010, scanWindow: 0x0010, initiatorFilterPolicy: 0, peerAddressType: type,
                peerAddress: address, ownAddressType: ownAddressType, connectionIntervalMin: 0x0018,
                connectionIntervalMax: 0x0028, maxLatency: 0, supervisionTimeout: 0x01F4, minCELength: 0,
                maxCELength: 0))
    }

    /// Connects to an advertiser as central and waits for the connection.
    public func connect(
        to address: BluetoothAddress, type: AddressType, ownAddressType: AddressType,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LinkEstablished {
        try await createConnection(to: address, type: type, ownAddressType: ownAddressType)
        return try await waitForLink(timeout: timeout)
    }

    /// Waits for the next connection (as central or peripheral); a failed one throws.
    public func waitForLink(timeout: Duration = .seconds(10)) async throws(HCIError) -> LinkEstablished {
        try await controller.waitForEvent("a connection", timeout: timeout) { LinkEstablished.from($0) }.get()
    }

    /// Disconnects a link and waits for Disconnection Complete; returns the reason it reports.
    public func disconnect(
        _ handle: ConnectionHandle, reason: HCIStatus = .remoteUserTerminatedConnection,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> HCIStatus {
        try await controller.execute(DisconnectCommand(handle: handle, reason: reason))
        return try await waitForDisconnection(of: handle, timeout: timeout)
    }

    /// Waits for a link's Disconnection Complete; returns its reason.
    public func waitForDisconnection(
        of handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> HCIStatus {
        try await controller.waitForEvent("disconnection of \(handle)", timeout: timeout) { event in
            guard case .disconnectionComplete(let e) = event, e.handle == handle else { return nil }
            return e.reason
        }
    }
}
