import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

@Suite("Connections through the host", .timeLimit(.minutes(2)))
struct HostConnectionTests {
    static let nobody = BluetoothAddress(rawValue: 0xC0FF_EE00_0001)

    @Test("a connection attempt to a device that never advertises times out and is cancelled")
    func connectTimesOut() async throws {
        let air = Air()
        let central = try await BluetoothHost.start(transport: await air.makeController())
        await #expect(throws: HostError.connectionTimeout(Self.nobody)) {
            _ = try await central.connect(to: Self.nobody, type: .random, timeout: .milliseconds(200))
        }
        #expect(await central.links.isEmpty)
        await central.stop()
    }

    @Test("cancelling a connection attempt fails it with connectionCancelled, and another can start")
    func cancelConnect() async throws {
        let air = Air()
        let central = try await BluetoothHost.start(transport: await air.makeController())
        let attempt = Task { try await central.connect(to: Self.nobody, type: .random) }
        while await !central.isConnecting { await Task.yield() }
        await #expect(throws: HostError.connectionInProgress) {
            _ = try await central.connect(to: Self.nobody, type: .random)
        }
        await central.cancelConnect()
        await #expect(throws: HostError.connectionCancelled(Self.nobody)) { _ = try await attempt.value }
        await #expect(throws: HostError.connectionTimeout(Self.nobody)) {
            _ = try await central.connect(to: Self.nobody, type: .random, timeout: .milliseconds(50))
        }
        await central.stop()
    }

    @Test("disconnecting a link the controller says is already gone (Unknown Connection Identifier) succeeds")
    func disconnectRacingTheLinkLoss() async throws {
        let air = Air()
        let address = BluetoothAddress(rawValue: 0xC0DE_0000_0010)
        let central = try await BluetoothHost.start(transport: LinkAlreadyGone(wrapping: await air.makeController()))
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(),
            configuration: HostConfiguration(setup: .init(staticRandomAddress: address)))
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Gone"))
        let link = try await central.connect(to: address, type: .random, timeout: .seconds(10))
        try await central.disconnect(link.handle)
        #expect(await central.links.isEmpty)
        await central.stop()
        await peripheral.stop()
    }

    @Test("one central holds links to two peripherals at once and reads from each")
    func twoPeripherals() async throws {
        let air = Air()
        let central = try await BluetoothHost.start(transport: await air.makeController())
        var peripherals: [(host: BluetoothHost, address: BluetoothAddress)] = []
        for index in 1...2 {
            let address = BluetoothAddress(rawValue: 0xC0DE_0000_0000 + UInt64(index))
            let host = try await BluetoothHost.start(
                transport: await air.makeController(),
                configuration: HostConfiguration(
                    setup: .init(staticRandomAddress: address), deviceName: "Peripheral \(index)"))
            try await host.startAdvertising(AdvertisementContent(localName: "Peripheral \(index)"))
            peripherals.append((host, address))
        }
        var links: [HostLink] = []
        for peripheral in peripherals {
            links.append(try await central.connect(to: peripheral.address, type: .random, timeout: .seconds(10)))
        }
        #expect(Set(links.map(\.handle)).count == 2)
        #expect(await central.links.count == 2)
        let deviceName = AttributeHandle(rawValue: 0x0003)
        for (index, link) in links.enumerated() {
            #expect(try await central.read(deviceName, on: link.handle) == Array("Peripheral \(index + 1)".utf8))
        }
        await central.stop()
        for peripheral in peripherals { await peripheral.host.stop() }
    }

    @Test("malformed L2CAP data from the peer is dropped and the link keeps working")
    func hostileFrames() async throws {
        let pair = try await HostPair.make()
        let (link, peripheralLink) = try await pair.connect()
        let controller = pair.peripheral.controller
        let hostile: [[UInt8]] = [
            [0xFF, 0xFF, 0x04, 0x00, 0x0A],
            [0x01, 0x00, 0x40, 0x00, 0x00],
            [0x02, 0x00, 0x05, 0x00, 0x12],
            [0x05, 0x00, 0x04, 0x00, 0x52, 0x03, 0x00],
            [0x00, 0x00, 0x06, 0x00],
        ]
        for bytes in hostile { try await controller.sendACL(handle: peripheralLink.handle, pdu: bytes) }
        #expect(
            try await pair.central.read(AttributeHandle(rawValue: 0x0003), on: link.handle) == Array("GATT Test".utf8))
        #expect(await pair.central.links.count == 1)
        await pair.stop()
    }
}

@Suite("Advertising through the host", .timeLimit(.minutes(2)))
struct HostAdvertisingTests {
    @Test("the configured advertising interval reaches the controller in 0.625 ms units")
    func advertisingInterval() async throws {
        let recorder = PacketTap(wrapping: await Air().makeController()) {
            packet -> LESetAdvertisingParametersCommand? in
            guard case .command(let command) = packet, command.opcode == LESetAdvertisingParametersCommand.opcode else {
                return nil
            }
            return try? LESetAdvertisingParametersCommand(decoding: command.parameters)
        }
        var configuration = HostConfiguration()
        configuration.advertisingInterval = .milliseconds(250)
        let host = try await BluetoothHost.start(transport: recorder, configuration: configuration)
        try await host.startAdvertising(AdvertisementContent(localName: "Slow"))
        #expect(recorder.records.map(\.advertisingIntervalMin) == [400])
        #expect(recorder.records.map(\.advertisingIntervalMax) == [400])
        await host.stop()
    }
}

/// A controller that carries out HCI Disconnect but answers it as if the link had already gone: Command Status
/// with Unknown Connection Identifier, the link's Disconnection Complete following as usual.
private final class LinkAlreadyGone: HCITransport {
    private let inner: any HCITransport

    init(wrapping inner: any HCITransport) {
        self.inner = inner
        let source = PacketSource(inner.incoming)
        incoming = AsyncThrowingStream(unfolding: { try await source.next().map(Self.rewrite) })
    }

    let incoming: AsyncThrowingStream<HCIPacket, any Error>
    var commandTimeout: Duration? { inner.commandTimeout }

    func send(_ packet: HCIPacket) async throws(TransportError) {
        try await inner.send(packet)
    }

    func close() async {
        await inner.close()
    }

    /// Command Status for HCI Disconnect (opcode 0x0406) turned into Unknown Connection Identifier (0x02).
    private static func rewrite(_ packet: HCIPacket) -> HCIPacket {
        guard case .event(var event) = packet, event.code == .commandStatus, event.parameters.count == 4,
            event.parameters[2] == 0x06, event.parameters[3] == 0x04
        else { return packet }
        event.parameters[0] = HCIStatus.unknownConnectionIdentifier.rawValue
        return .event(event)
    }
}
