import HCI
import Host
import HostTestSupport
import Testing

@Suite(
    "Our HCI layer on Bumble's virtual controllers", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct OurHostOnBumbleControllersTests {
    private func open(_ spec: String) async throws -> ControllerChannel {
        ControllerChannel(transport: try await TransportSpec(parsing: spec).open())
    }

    @Test(
        "two of our hosts start Bumble's controllers, advertise, scan, connect, exchange ACL both ways and disconnect")
    func advertiseScanConnectExchange() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let peripheral = try await open(controllers.transportSpec(0))
            let central = try await open(controllers.transportSpec(1))
            let peripheralGAP = GAPProcedures(peripheral)
            let centralGAP = GAPProcedures(central)
            let peripheralAddress = try #require(BluetoothAddress("C0:5A:00:00:00:01"))
            let centralAddress = try #require(BluetoothAddress("C0:5A:00:00:00:02"))
            let peripheralInfo = try await peripheral.setUp(.init(staticRandomAddress: peripheralAddress))
            let centralInfo = try await central.setUp(.init(staticRandomAddress: centralAddress))
            #expect(peripheralInfo.ownAddress == peripheralAddress && peripheralInfo.ownAddressType == .random)
            #expect(centralInfo.ownAddress == centralAddress)
            #expect(peripheralInfo.aclBufferLength == 27, "Bumble reports 27-byte LE ACL buffers")

            let advertisingData: [UInt8] = [0x02, 0x01, 0x06, 0x05, 0x09] + Array("Ours".utf8)
            try await peripheralGAP.startAdvertising(ownAddressType: .random, data: advertisingData)
            try await centralGAP.startScanning(active: false, ownAddressType: .random)
            let seen = try await centralGAP.waitForAdvertisement("our peripheral's advertisement") {
                $0.address == peripheralAddress && !$0.isScanResponse
            }
            #expect(seen.data == advertisingData)
            #expect(seen.isConnectable)
            try await centralGAP.stopScanning()

            let centralLink = try await centralGAP.connect(
                to: peripheralAddress, type: .random, ownAddressType: .random)
            let peripheralLink = try await peripheralGAP.waitForLink()
            #expect(centralLink.role == .central && peripheralLink.role == .peripheral)
            #expect(peripheralLink.peerAddress == centralAddress)

            let toPeripheral = BasicFrame(channelID: .att, payload: (0..<200).map { UInt8($0) })
            try await central.sendFrame(toPeripheral, on: centralLink.handle)
            #expect(try await peripheral.receiveFrame(on: peripheralLink.handle) == toPeripheral)
            let toCentral = BasicFrame(channelID: .att, payload: (0..<120).map { UInt8(255 - $0) })
            try await peripheral.sendFrame(toCentral, on: peripheralLink.handle)
            #expect(try await central.receiveFrame(on: centralLink.handle) == toCentral)

            _ = try await centralGAP.disconnect(centralLink.handle)
            let reason = try await peripheralGAP.waitForDisconnection(of: peripheralLink.handle)
            #expect(reason == .remoteUserTerminatedConnection)
            await central.close()
            await peripheral.close()
        }
    }
}
