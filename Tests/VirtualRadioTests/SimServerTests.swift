import HCI
import Testing

@testable import VirtualRadio

@Suite("Sim server", .timeLimit(.minutes(2)))
struct SimServerTests {
    @Test("A client leaving the sim ends its links: its peer hears Disconnection Complete with Connection Timeout")
    func clientLeavingDisconnectsPeers() async throws {
        let air = Air(clock: ManualClock())
        let server = SimServer(air: air)
        let (remoteHost, serverSide) = InProcessTransport.pair()
        let serving = Task { await server.serve(serverSide) }
        let remote = RemoteHost(remoteHost)
        _ = try await remote.execute(ResetCommand())
        _ = try await remote.execute(SetEventMaskCommand(eventMask: TestHost.eventMask))
        _ = try await remote.execute(LESetEventMaskCommand(leEventMask: TestHost.leEventMask))
        _ = try await remote.execute(LESetRandomAddressCommand(randomAddress: Addresses.first))
        _ = try await remote.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0xA0, advertisingIntervalMax: 0xA0, advertisingType: .connectableUndirected,
                ownAddressType: .random, peerAddressType: .public, peerAddress: .zero, advertisingChannelMap: 7,
                advertisingFilterPolicy: 0))
        _ = try await remote.execute(LESetAdvertisingEnableCommand(enable: true))

        let central = try await TestHost.make(on: air, randomAddress: Addresses.second)
        #expect(try await central.start(central.createConnection(to: Addresses.first)) == .success)
        let connection = try await central.expectConnectionComplete()
        #expect(connection.status == .success)

        await remoteHost.close()
        let disconnection = try await central.expectDisconnection()
        #expect(disconnection.handle == connection.handle && disconnection.reason == .connectionTimeout)
        await serving.value
        #expect(await air.controllerCount == 1)
    }

    @Test(
        "Over TCP, each client gets its own controller on the shared air, speaking H4 (served on the pool, or on one polling thread as `bluetooth sim` does)",
        arguments: [false, true])
    func tcpClientsShareTheAir(onPollingThread: Bool) async throws {
        let air = Air(clock: ManualClock())
        let executor = onPollingThread ? try PollingExecutor(name: "sim server test") : nil
        let server = SimServer(air: air, executor: executor)
        let listener = try await TCPListener.listen(host: "127.0.0.1", port: 0, executor: executor)
        let running = Task { try await server.run(listener) }
        let first = RemoteHost(try await TCPClientTransport.connect(host: "127.0.0.1", port: listener.port))
        let second = RemoteHost(try await TCPClientTransport.connect(host: "127.0.0.1", port: listener.port))
        for host in [first, second] {
            _ = try await host.execute(ResetCommand())
            _ = try await host.execute(SetEventMaskCommand(eventMask: TestHost.eventMask))
            _ = try await host.execute(LESetEventMaskCommand(leEventMask: TestHost.leEventMask))
        }
        _ = try await first.execute(LESetRandomAddressCommand(randomAddress: Addresses.first))
        _ = try await first.execute(LESetAdvertisingDataCommand(data: [0x02, 0x01, 0x06]))
        _ = try await first.execute(
            LESetAdvertisingParametersCommand(
                advertisingIntervalMin: 0xA0, advertisingIntervalMax: 0xA0, advertisingType: .nonConnectableUndirected,
                ownAddressType: .random, peerAddressType: .public, peerAddress: .zero, advertisingChannelMap: 7,
                advertisingFilterPolicy: 0))
        _ = try await first.execute(LESetAdvertisingEnableCommand(enable: true))
        _ = try await second.execute(LESetScanEnableCommand(enable: true, filterDuplicates: true))
        let report = try await second.expectLE { event in
            if case .advertisingReport(let e) = event { return e.reports.first }
            return nil
        }
        #expect(report.address == Addresses.first && report.data == [0x02, 0x01, 0x06])
        await first.transport.close()
        await second.transport.close()
        await listener.close()
        try await running.value
    }
}

/// A host at the far end of a transport (in-process pair or TCP), for testing the sim server.
final class RemoteHost {
    let transport: any HCITransport
    private var iterator: AsyncThrowingStream<HCIPacket, any Error>.AsyncIterator

    init(_ transport: any HCITransport) {
        self.transport = transport
        iterator = transport.incoming.makeAsyncIterator()
    }

    func expect<T>(_ match: (KnownEvent) -> T?) async throws -> T {
        while true {
            guard let packet = try await iterator.next() else { throw TestHostError.streamEnded }
            if case .event(let raw) = packet, let event = try? KnownEvent(raw), let value = match(event) {
                return value
            }
        }
    }

    func expectLE<T>(_ match: (KnownLEMetaEvent) -> T?) async throws -> T {
        try await expect { event in
            if case .leMeta(let subevent) = event { return match(subevent) }
            return nil
        }
    }

    func execute<C: HCICommand>(_ command: C) async throws -> C.ReturnParameters {
        try await transport.send(.command(HCICommandPacket(command)))
        let complete = try await expect { event in
            if case .commandComplete(let e) = event, e.opcode == C.opcode { return e }
            return nil
        }
        guard let status = complete.status, status.isSuccess else {
            throw TestHostError.commandFailed(C.opcode, complete.status ?? .unspecifiedError)
        }
        return try C.ReturnParameters(decoding: Array(complete.returnParameters.dropFirst()))
    }
}
