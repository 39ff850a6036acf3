import HCI
import Host
import VirtualRadio

/// The steps of `bluetooth demo` at the HCI level: advertise, scan, connect, exchange data,
/// tune and encrypt the link, disconnect.
struct DemoScenario {
    let narrator: Narrator
    let btsnoopPath: String?

    private static let sensorAddress = BluetoothAddress(rawValue: 0xC0_48_52_53_00_01)
    private static let monitorAddress = BluetoothAddress(rawValue: 0xC0_48_52_4D_00_02)
    private static let sharedKey: [UInt8] = Array(0x10...0x1F)

    func run() async throws {
        let air = Air()
        narrator.step("power", "Powering up two virtual controllers on a private virtual air.")
        var configuration = VirtualControllerConfiguration()
        configuration.aclBufferLength = 27
        let sensorController = await air.makeController(configuration: configuration)
        await sensorController.move(to: Position(x: 3, y: 0))
        let monitorTransport: any HCITransport
        let monitorController = await air.makeController(configuration: configuration)
        if let btsnoopPath {
            monitorTransport = try SnoopingTransport(wrapping: monitorController, path: btsnoopPath)
        } else {
            monitorTransport = monitorController
        }
        let sensor = ControllerChannel(transport: sensorController)
        let monitor = ControllerChannel(transport: monitorTransport)
        let sensorInfo = try await sensor.setUp(.init(staticRandomAddress: Self.sensorAddress))
        let monitorInfo = try await monitor.setUp(.init(staticRandomAddress: Self.monitorAddress))
        narrator.step(
            "ready",
            "Both hosts reset their controllers and read their buffers: \(sensorInfo.aclBufferCount) ACL buffers of "
                + "\(sensorInfo.aclBufferLength) bytes. The sensor is \(sensorInfo.ownAddress), the monitor \(monitorInfo.ownAddress).",
            ["sensor": sensorInfo.ownAddress.description, "monitor": monitorInfo.ownAddress.description])

        let layout = try AdvertisingLayout.legacy(
            AdvertisementContent(
                flags: [.leGeneralDiscoverable, .brEdrNotSupported], localName: "Heart Rate Sensor",
                serviceUUIDs: [BluetoothUUID(uuid16: 0x180D)]))
        let advertisement = layout.advertisingData
        let scanResponse = layout.scanResponse
        try await sensor.startAdvertising(
            ownAddressType: .random, data: advertisement.encoded, scanResponse: scanResponse.encoded)
        narrator.step(
            "advertise", "The sensor advertises the Heart Rate service (180D) and its name, laid out as CoreBluetooth would.",
            ["data": advertisement.encoded.hex, "scanResponse": scanResponse.encoded.hex])

        try await monitor.startScanning(active: true, ownAddressType: .random)
        narrator.step("scan", "The monitor scans actively, asking each advertiser for its scan response.")
        let seen = try await monitor.waitForAdvertisement("the sensor's advertisement") {
            $0.address == Self.sensorAddress && !$0.isScanResponse
        }
        let response = try await monitor.waitForAdvertisement("the sensor's scan response") {
            $0.address == Self.sensorAddress && $0.isScanResponse
        }
        let advertised = try AdvertisingData(decoding: seen.data)
        let responded = try AdvertisingData(decoding: response.data)
        let services = advertised.serviceUUIDs.map(\.uuidString)
        let name = (advertised.localName ?? responded.localName)?.name ?? "(no name)"
        narrator.step(
            "discovered",
            "Found \"\(name)\" at \(seen.address), RSSI \(seen.rssi) dBm, services \(services.joined(separator: ", ")).",
            ["name": name, "address": seen.address.description, "rssi": String(seen.rssi)])
        try await monitor.stopScanning()

        let monitorLink = try await monitor.connect(to: Self.sensorAddress, type: .random, ownAddressType: .random)
        let sensorLink = try await sensor.waitForLink()
        narrator.step(
            "connected",
            "Connected: the monitor is central (handle \(monitorLink.handle)), the sensor peripheral; interval "
                + "\(Double(monitorLink.connectionInterval) * 1.25) ms.",
            ["handle": monitorLink.handle.description])

        let measurement = BasicFrame(channelID: .att, payload: [0x1B, 0x03, 0x00, 0x00, 72])
        try await sensor.sendFrame(measurement, on: sensorLink.handle)
        let received = try await monitor.receiveFrame(on: monitorLink.handle)
        narrator.step(
            "notification",
            "The sensor sent a heart-rate measurement of \(measurement.payload[4]) bpm as an ATT notification; the monitor got it "
                + (received == measurement ? "intact." : "damaged!"),
            ["bpm": String(measurement.payload[4])])
        guard received == measurement else { throw DemoFailure.dataCorrupted }
        let bulk = BasicFrame(channelID: .att, payload: (0..<300).map { UInt8(truncatingIfNeeded: $0) })
        try await monitor.sendFrame(bulk, on: monitorLink.handle)
        let bulkReceived = try await sensor.receiveFrame(on: sensorLink.handle)
        let fragments = (bulk.encoded.count + monitorInfo.aclBufferLength - 1) / monitorInfo.aclBufferLength
        narrator.step(
            "data",
            "The monitor sent \(bulk.encoded.count) bytes back in \(fragments) ACL fragments of at most "
                + "\(monitorInfo.aclBufferLength) bytes; the sensor reassembled them "
                + (bulkReceived == bulk ? "intact." : "damaged!"),
            ["bytes": String(bulk.encoded.count), "fragments": String(fragments)])
        guard bulkReceived == bulk else { throw DemoFailure.dataCorrupted }
        guard received == measurement else { throw DemoFailure.dataCorrupted }

        let length = try await monitor.updateDataLength(monitorLink.handle)
        narrator.step("dataLength", "Data length extended to \(length.maxTxOctets) bytes per packet.")
        let phy = try await monitor.updatePHY(monitorLink.handle, to: .le2M)
        narrator.step("phy", "Switched the link to the \(phy.txPHY == .le2M ? "2M" : "1M") PHY.")
        async let updated = monitor.updateConnectionParameters(
            monitorLink.handle, interval: 6...12, latency: 0, supervisionTimeout: 200)
        _ = try await sensor.acceptConnectionParameterRequest(sensorLink.handle)
        let update = try await updated
        narrator.step(
            "parameters",
            "The sensor's host accepted new connection parameters: interval now "
                + "\(Double(update.connectionInterval) * 1.25) ms.")

        async let encrypted = monitor.startEncryption(monitorLink.handle, longTermKey: Self.sharedKey)
        _ = try await sensor.waitForLongTermKeyRequest(sensorLink.handle)
        try await sensor.replyLongTermKey(sensorLink.handle, Self.sharedKey)
        let isEncrypted = try await encrypted
        narrator.step(
            "encrypted",
            isEncrypted
                ? "The link is encrypted with a key both sides hold (pairing arrives with the security layer)."
                : "The link did not encrypt.")

        let reason = try await monitor.disconnect(monitorLink.handle)
        let sensorReason = try await sensor.waitForDisconnection(of: sensorLink.handle)
        narrator.step(
            "disconnected", "Disconnected: the monitor saw \(reason.name), the sensor saw \(sensorReason.name).")
        await monitor.close()
        await sensor.close()
        narrator.step("done", "Demo complete.")
    }

    private enum DemoFailure: Error { case dataCorrupted }
}
