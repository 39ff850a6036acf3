import HCI

extension BluetoothHost {
    /// Starts legacy advertising of `content`, laid out as CoreBluetooth does: what does not fit
    /// the advertising packet goes into the scan response.
    ///
    /// - Returns: The layout sent, with the service UUIDs that fit nowhere.
    @discardableResult
    public func startAdvertising(
        _ content: AdvertisementContent, connectable: Bool = true
    ) async throws(HostError) -> AdvertisingLayout {
        let layout: AdvertisingLayout
        do {
            layout = try AdvertisingLayout.legacy(content)
        } catch {
            throw .advertisingData(error)
        }
        let ownAddressType = try await privacy.ownAddressType()
        do {
            try await gap.startAdvertising(
                type: connectable ? .connectableUndirected : .scannableUndirected,
                ownAddressType: ownAddressType, data: layout.advertisingData.encoded,
                scanResponse: layout.scanResponse.encoded, interval: advertisingIntervalUnits)
        } catch {
            throw .controller(error)
        }
        privacy.advertisingChanged((content: content, connectable: connectable))
        return layout
    }

    /// The configured advertising interval in the controller's 0.625 ms units, within 0x0020...0x4000.
    private var advertisingIntervalUnits: UInt16 {
        let milliseconds =
            Double(configuration.advertisingInterval.components.seconds) * 1000
            + Double(configuration.advertisingInterval.components.attoseconds) / 1e15
        return UInt16(min(max((milliseconds / 0.625).rounded(), 0x0020), 0x4000))
    }

    /// Stops advertising.
    public func stopAdvertising() async throws(HostError) {
        do {
            try await gap.stopAdvertising()
        } catch {
            throw .controller(error)
        }
        privacy.advertisingChanged(nil)
    }

    /// Starts scanning; reports arrive as ``HostEvent/advertisement(_:)``. Active scanning asks
    /// advertisers for their scan responses.
    public func startScanning(active: Bool = true, filterDuplicates: Bool = true) async throws(HostError) {
        let ownAddressType = try await privacy.ownAddressType()
        do {
            try await gap.startScanning(
                active: active, ownAddressType: ownAddressType, filterDuplicates: filterDuplicates)
        } catch {
            throw .controller(error)
        }
    }

    /// Stops scanning.
    public func stopScanning() async throws(HostError) {
        do {
            try await gap.stopScanning()
        } catch {
            throw .controller(error)
        }
    }
}
