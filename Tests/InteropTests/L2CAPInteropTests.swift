import CoreBluetooth
import Testing

@Suite(
    "L2CAP credit-based channels between our CoreBluetooth and Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct L2CAPInteropTests {
    /// The bytes sent each way: far more than any MTU or credit window on either side.
    static let payloadSize = 20 * 1024
    /// The seed coc_peer.py's payload pattern uses.
    static let seed: UInt8 = 1
    static let name = "L2CAPEcho"
    static let psmCharacteristic = CBUUID(string: CBUUIDL2CAPPSMCharacteristicString)

    @Test(
        "our CBCentralManager reads the PSM characteristic, opens a channel to Bumble's echo server and gets 20 KB back",
        arguments: [
            [],
            ["--mtu", "64", "--mps", "23", "--credits", "1"],
        ])
    func ourCentralToBumbleServer(serverChannel: [String]) async throws {
        try requireBumble()
        let thread = await RunLoopThread.start()
        defer { thread.stop() }
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let server = try PythonProcess(
                script: "coc_peer.py",
                arguments: [
                    "serve", "--controller", controllers.bumbleSpec(0), "--psm", "0x85", "--expect",
                    "\(Self.payloadSize)",
                    "--name", Self.name, "--timeout", "60",
                ] + serverChannel)
            let delegate = CentralDelegateStream()
            let manager = CBCentralManager(
                delegate: delegate, queue: delegate.queue,
                options: [CBManagerOptionTransportKey: controllers.transportSpec(1)])
            let peripheral = try await delegate.connect(to: Self.name, with: manager)

            let psm = try await readPSM(of: peripheral, through: delegate)
            #expect(psm == 0x85)
            delegate.queue.sync { peripheral.openL2CAPChannel(psm) }
            let (opened, openError) = try await delegate.next { event -> (ChannelStreams?, String?)? in
                if case .channelOpened(let streams, let error) = event { return (streams, error) }
                return nil
            }
            #expect(openError == nil)
            let channel = try #require(opened)
            #expect(channel.psm == psm)
            channel.attach(on: thread)

            let payload = Data.pattern(Self.payloadSize, seed: Self.seed)
            channel.send(payload, on: thread)
            await channel.until { $0.received.count >= payload.count || $0.inputEnded }
            let seen = channel.seen
            #expect(seen.received.count == payload.count)
            #expect(seen.received == payload, "the echo matches what was sent")
            #expect(seen.failures.isEmpty)

            channel.close(on: thread)
            let outcome = await server.waitForExit(timeout: .seconds(30))
            #expect(outcome.succeeded, "\(outcome.transcript)")
            #expect(
                outcome.standardOutput.contains("the peer closed the channel"),
                "closing both streams closes the channel")
            delegate.queue.sync { manager.cancelPeripheralConnection(peripheral) }
            _ = try await delegate.next { event -> Bool? in
                if case .disconnected = event { return true }
                return nil
            }
        }
    }

    @Test("a Bumble central reads the PSM our CBPeripheralManager published and gets 20 KB echoed through our streams")
    func bumbleCentralToOurPeripheralManager() async throws {
        try await echoThroughOurPeripheralManager(encrypted: false, centralArguments: [])
    }

    @Test(
        "a channel our CBPeripheralManager published with encryption refuses Bumble's unencrypted request, then opens once Bumble paired"
    )
    func bumbleCentralPairsForEncryptedChannel() async throws {
        try await echoThroughOurPeripheralManager(encrypted: true, centralArguments: ["--pair-when-refused"])
    }

    /// Publishes an echo channel with our CBPeripheralManager and has coc_peer.py's central open it by the PSM it reads,
    /// send the payload and check the echo; then checks what our streams saw.
    private func echoThroughOurPeripheralManager(encrypted: Bool, centralArguments: [String]) async throws {
        try requireBumble()
        let thread = await RunLoopThread.start()
        defer { thread.stop() }
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let delegate = EchoPeripheralDelegate(name: Self.name, thread: thread, encrypted: encrypted)
            var events = delegate.events.makeAsyncIterator()
            let manager = CBPeripheralManager(
                delegate: delegate, queue: delegate.queue,
                options: [
                    CBManagerOptionTransportKey: controllers.transportSpec(0),
                    CBManagerOptionStaticAddressKey: "C0:DE:C0:FF:EE:01",
                    CBManagerOptionBondDirectoryKey: TestBondDirectory.make(),
                ])
            guard case .ready(let psm, let setUpError) = try #require(await events.next()) else {
                Issue.record("a channel opened before advertising started")
                return
            }
            try #require(setUpError == nil, "set-up failed: \(String(describing: setUpError))")
            #expect((0x80...0xFF).contains(psm))

            let central = try await PythonProcess.run(
                "coc_peer.py",
                arguments: [
                    "connect", "--controller", controllers.bumbleSpec(1), "--name", Self.name,
                    "--size", "\(Self.payloadSize)", "--mtu", "128", "--mps", "40", "--credits", "8", "--timeout", "60",
                ] + centralArguments,
                timeout: .seconds(90))
            #expect(central.succeeded, "\(central.transcript)")

            guard case .opened(let opened, let openError) = try #require(await events.next()) else {
                Issue.record("no channel opened")
                return
            }
            #expect(openError == nil)
            let channel = try #require(opened)
            #expect(channel.psm == psm)
            await channel.until { $0.inputEnded }
            let seen = channel.seen
            #expect(seen.received == Data.pattern(Self.payloadSize, seed: Self.seed))
            #expect(seen.written == Self.payloadSize)
            #expect(seen.failures.isEmpty)
            withExtendedLifetime(manager) {}
        }
    }

    /// Discovers the PSM characteristic of coc_peer.py's service and reads the little-endian PSM it holds.
    private func readPSM(
        of peripheral: CBPeripheral, through delegate: CentralDelegateStream
    ) async throws
        -> CBL2CAPPSM
    {
        delegate.queue.sync { peripheral.discoverServices([EchoPeripheralDelegate.service]) }
        _ = try await delegate.next { event -> Bool? in
            if case .servicesDiscovered(let error) = event {
                #expect(error == nil)
                return true
            }
            return nil
        }
        let service = try #require(
            delegate.queue.sync { peripheral.services?.first { $0.uuid == EchoPeripheralDelegate.service } })
        delegate.queue.sync { peripheral.discoverCharacteristics([Self.psmCharacteristic], for: service) }
        _ = try await delegate.next { event -> Bool? in
            if case .characteristicsDiscovered(_, let error) = event {
                #expect(error == nil)
                return true
            }
            return nil
        }
        let characteristic = try #require(
            delegate.queue.sync { service.characteristics?.first { $0.uuid == Self.psmCharacteristic } })
        delegate.queue.sync { peripheral.readValue(for: characteristic) }
        let value = try await delegate.next { event -> Data?? in
            if case .valueUpdated(Self.psmCharacteristic, let value, let error) = event {
                #expect(error == nil)
                return .some(value)
            }
            return nil
        }
        let bytes = try #require(value.map { [UInt8]($0) })
        try #require(bytes.count == 2, "the PSM characteristic holds \(bytes)")
        return CBL2CAPPSM(bytes[0]) | CBL2CAPPSM(bytes[1]) << 8
    }
}
