import HCI

/// Link-layer procedures at the HCI level: legacy advertising, scanning, connecting, disconnecting.
extension ControllerChannel {
    /// Starts legacy advertising with the given data.
    public func startAdvertising(
        type: AdvertisingType = .connectableUndirected, ownAddressType: AddressType,
        data: [UInt8], scanResponse: [UInt8] = [], interval: UInt16 = 0x00A0
    ) async throws(HCIError) {
        _ = try await execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: interval, advertisingIntervalMax: interval, advertisingType: type,
                ownAddressType: ownAddressType, peerAddressType: .public, peerAddress: .zero,
                advertisingChannelMap: 0x07, advertisingFilterPolicy: 0))
        _ = try await execute(LESetAdvertisingDataCommand(data: data))
        _ = try await execute(LESetScanResponseDataCommand(data: scanResponse))
        _ = try await execute(LESetAdvertisingEnableCommand(enable: true))
    }

    /// Stops legacy advertising.
    public func stopAdvertising() async throws(HCIError) {
        _ = try await execute(LESetAdvertisingEnableCommand(enable: false))
    }

    /// Starts legacy scanning; active scanning asks advertisers for their scan response.
    public func startScanning(
        active: Bool, ownAddressType: AddressType, filterDuplicates: Bool = true
    ) async throws(HCIError) {
        _ = try await execute(
            LESetScanParametersCommand(
                scanType: active ? .active : .passive, scanInterval: 0x0010, scanWindow: 0x0010,
                ownAddressType: ownAddressType, scanningFilterPolicy: 0))
        _ = try await execute(LESetScanEnableCommand(enable: true, filterDuplicates: filterDuplicates))
    }

    /// Stops legacy scanning.
    public func stopScanning() async throws(HCIError) {
        _ = try await execute(LESetScanEnableCommand(enable: false, filterDuplicates: false))
    }

    /// Waits for the next advertisement that `match` accepts, from a legacy or an extended report.
    public func waitForAdvertisement(
        _ what: String, timeout: Duration = .seconds(10), _ match: @escaping @Sendable (AdvertisementSeen) -> Bool
    ) async throws(HCIError) -> AdvertisementSeen {
        try await waitForEvent(what, timeout: timeout) { AdvertisementSeen.all(in: $0).first(where: match) }
    }

    /// Connects to an advertiser as central and waits for the connection.
    public func connect(
        to address: BluetoothAddress, type: AddressType, ownAddressType: AddressType,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> LinkEstablished {
        try await execute(
            LECreateConnectionCommand(
                scanInterval: 0x0010, scanWindow: 0x0010, initiatorFilterPolicy: 0, peerAddressType: type,
                peerAddress: address, ownAddressType: ownAddressType, connectionIntervalMin: 0x0018,
                connectionIntervalMax: 0x0028, maxLatency: 0, supervisionTimeout: 0x01F4, minCELength: 0,
                maxCELength: 0))
        return try await waitForLink(timeout: timeout)
    }

    /// Waits for the next connection (as central or peripheral); a failed one throws.
    public func waitForLink(timeout: Duration = .seconds(10)) async throws(HCIError) -> LinkEstablished {
        try await waitForEvent("a connection", timeout: timeout) { LinkEstablished.from($0) }.get()
    }

    /// Disconnects a link and waits for Disconnection Complete; returns the reason it reports.
    public func disconnect(
        _ handle: ConnectionHandle, reason: HCIStatus = .remoteUserTerminatedConnection,
        timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> HCIStatus {
        try await execute(DisconnectCommand(handle: handle, reason: reason))
        return try await waitForDisconnection(of: handle, timeout: timeout)
    }

    /// Waits for a link's Disconnection Complete; returns its reason.
    public func waitForDisconnection(
        of handle: ConnectionHandle, timeout: Duration = .seconds(10)
    ) async throws(HCIError) -> HCIStatus {
        try await waitForEvent("disconnection of \(handle)", timeout: timeout) { event in
            guard case .disconnectionComplete(let e) = event, e.handle == handle else { return nil }
            return e.reason
        }
    }
}
