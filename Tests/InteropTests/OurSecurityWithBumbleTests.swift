import HCI
import Host
import Testing

@Suite(
    "Our Security Manager pairs with Bumble on Bumble's controllers", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct OurSecurityWithBumbleTests {
    static let service = BluetoothUUID(uuid16: 0xFFB0)
    static let secret = BluetoothUUID(uuid16: 0xFFB1)
    static let secretValue: [UInt8] = [0x5E, 0xC2, 0xE7]

    private func startHost(
        _ spec: String, address: String, pairing: String, services: [ServiceDefinition] = []
    ) async throws -> BluetoothHost {
        let address = try #require(BluetoothAddress(address))
        return try await BluetoothHost.start(
            transport: try await TransportSpec(parsing: spec).open(),
            configuration: HostConfiguration(
                setup: ControllerSetupOptions(staticRandomAddress: address),
                deviceName: "Ours", services: services,
                pairing: PairingConfiguration(supportsSecureConnections: pairing == "sc")))
    }

    @Test(
        "our central reads a Bumble peripheral's encryption-required characteristic, pairing first",
        arguments: ["sc", "legacy"])
    func ourCentralPairsWithBumble(pairing: String) async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let peer = try PythonProcess(
                script: "pair_peer.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--role", "peripheral", "--pairing", pairing,
                    "--timeout", "60",
                ])
            let host = try await startHost(controllers.transportSpec(0), address: "C0:5A:00:00:00:11", pairing: pairing)
            let peerAddress = try #require(BluetoothAddress("C0:DE:C0:FF:EE:21"))
            var events = host.events.makeAsyncIterator()
            try await host.startScanning()
            var seen: AdvertisementSeen?
            while seen == nil, let event = await events.next() {
                if case .advertisement(let report) = event, report.address == peerAddress, report.isConnectable {
                    seen = report
                }
            }
            let report = try #require(seen)
            try await host.stopScanning()
            let link = try await host.connect(to: report.address, type: report.addressType, timeout: .seconds(10))
            let service = try #require(
                try await host.discoverPrimaryServices(on: link.handle, uuid: Self.service).first)
            let characteristic = try #require(
                try await host.discoverCharacteristics(of: service, on: link.handle, uuid: Self.secret).first)
            let mtu = try #require(await host.link(link.handle)).mtu
            let value = try await host.runSecured(
                GATTClientReadValue(handle: characteristic.valueHandle, mtu: mtu), on: link.handle)
            #expect(value == Self.secretValue)
            #expect(await host.security(of: link.handle).level == .encrypted)
            #expect(await host.bonds.map(\.peerAddress.address) == [peerAddress])
            try await host.disconnect(link.handle)
            let outcome = await peer.waitForExit(timeout: .seconds(30))
            #expect(outcome.succeeded, "\(outcome.transcript)")
            await host.stop()
        }
    }

    @Test(
        "a Bumble central pairs with our peripheral and reads its encryption-required characteristic",
        arguments: ["sc", "legacy"])
    func bumbleCentralPairsWithUs(pairing: String) async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let services = [
                ServiceDefinition(
                    uuid: Self.service,
                    characteristics: [
                        CharacteristicDefinition(
                            uuid: Self.secret, properties: .read, permissions: .readEncryptionRequired,
                            value: .static(Self.secretValue))
                    ])
            ]
            let host = try await startHost(
                controllers.transportSpec(0), address: "C0:5A:00:00:00:12", pairing: pairing, services: services)
            try await host.startAdvertising(AdvertisementContent(localName: "Ours", serviceUUIDs: [Self.service]))
            let outcome = try await PythonProcess.run(
                "pair_peer.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--role", "central", "--target", "C0:5A:00:00:00:12",
                    "--pairing", pairing, "--timeout", "60",
                ],
                timeout: .seconds(90))
            #expect(outcome.succeeded, "\(outcome.transcript)")
            var events = host.events.makeAsyncIterator()
            var completed: Bool?
            var encrypted: LinkSecurity?
            while completed == nil, let event = await events.next() {
                switch event {
                case .pairingCompleted(_, let bonded): completed = bonded
                case .encryptionChanged(_, let security): encrypted = security
                default: break
                }
            }
            #expect(completed == true)
            #expect(encrypted?.level == .encrypted)
            #expect(await host.bonds.count == 1)
            await host.stop()
        }
    }
}
