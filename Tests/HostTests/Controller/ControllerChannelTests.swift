import HCI
import HostTestSupport
import Testing
import VirtualRadio

@testable import Host

@Suite("Host side of HCI: commands, timeouts, ACL flow control, start-up", .timeLimit(.minutes(2)))
struct ControllerChannelTests {
    @Test("a command's Command Complete is decoded into its return parameters")
    func executeReturnsParameters() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        async let address = channel.execute(ReadBDADDRCommand())
        try await controller.expect(ReadBDADDRCommand.self)
        let expected = try #require(BluetoothAddress("11:22:33:44:55:66"))
        try await controller.complete(ReadBDADDRCommand.self, .init(address: expected))
        let received = try await address
        #expect(received.address == expected)
    }

    @Test("a failure status becomes commandFailed with the opcode and status")
    func failureStatus() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        let result = Task { try await channel.execute(LESetAdvertisingEnableCommand(enable: true)) }
        try await controller.expect(LESetAdvertisingEnableCommand.self)
        try await controller.fail(LESetAdvertisingEnableCommand.opcode, .commandDisallowed)
        await #expect(
            throws: HCIError.commandFailed(opcode: LESetAdvertisingEnableCommand.opcode, status: .commandDisallowed)
        ) {
            try await result.value
        }
    }

    @Test("a command with no answer times out on the clock and frees its credit for the next one")
    func timeout() async throws {
        let clock = ManualClock()
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: clock, commandTimeout: .seconds(2))
        let unanswered = Task {
            try await channel.execute(
                LESetPHYCommand(handle: .init(rawValue: 1), allPHYs: 0, txPHYs: .le2M, rxPHYs: .le2M, phyOptions: 0))
        }
        try await controller.expect(LESetPHYCommand.self)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        await #expect(throws: HCIError.timeout(opcode: LESetPHYCommand.opcode)) { try await unanswered.value }

        async let next = channel.execute(ResetCommand())
        try await controller.expect(ResetCommand.self)
        try await controller.complete(ResetCommand.self, .init())
        _ = try await next
    }

    @Test("a transport's own bound replaces the 10-second default; the host's setting replaces both")
    func transportBound() async throws {
        let clock = ManualClock()
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: Bounded(controller.hostSide), clock: clock)
        #expect(channel.commandTimeout == .seconds(120))
        async let answered = channel.execute(ResetCommand())
        try await controller.expect(ResetCommand.self)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(119))
        try await controller.complete(ResetCommand.self, .init())
        _ = try await answered

        await channel.close()

        let wrapped = ControllerChannel(transport: TamperingTransport(wrapping: await VirtualAir.makeTransport()))
        #expect(wrapped.commandTimeout == .seconds(120))
        await wrapped.close()
        let configured = ControllerChannel(transport: await VirtualAir.makeTransport(), commandTimeout: .seconds(3))
        #expect(configured.commandTimeout == .seconds(3))
        await configured.close()
        let plain = ControllerChannel(transport: ScriptedController().hostSide)
        #expect(plain.commandTimeout == .seconds(10))
        await plain.close()
    }

    @Test("commands wait while the controller grants no credits")
    func credits() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        async let first = channel.execute(ResetCommand())
        try await controller.expect(ResetCommand.self)
        try await controller.complete(ResetCommand.self, .init(), credits: 0)
        _ = try await first
        async let second = channel.execute(ReadBDADDRCommand())
        while await channel.commandsAwaitingCredit == 0 { await Task.yield() }
        #expect(await channel.commandsAwaitingCredit == 1)
        try await controller.send(
            CommandCompleteEvent(numHCICommandPackets: 1, opcode: .noOperation, returnParameters: []))
        try await controller.expect(ReadBDADDRCommand.self)
        try await controller.complete(ReadBDADDRCommand.self, .init(address: .zero))
        _ = try await second
    }

    @Test("ACL data is fragmented to the buffer length and held back until buffers free up")
    func aclFlowControl() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        await channel.configureACLBuffers(length: 4, count: 2)
        let handle = ConnectionHandle(rawValue: 0x40)
        try await channel.sendACL(handle: handle, pdu: Array(0..<10))
        #expect(await channel.queuedACLPackets == 1)
        #expect(await channel.freeACLBuffers == 0)
        guard case .acl(let first) = try await controller.nextPacket(),
            case .acl(let second) = try await controller.nextPacket()
        else {
            Issue.record("expected ACL")
            return
        }
        #expect(first.data == [0, 1, 2, 3] && first.boundary == .firstNonFlushable)
        #expect(second.data == [4, 5, 6, 7] && second.boundary == .continuing)
        try await controller.send(NumberOfCompletedPacketsEvent(entries: [.init(handle: handle, completedPackets: 1)]))
        guard case .acl(let third) = try await controller.nextPacket() else {
            Issue.record("expected ACL")
            return
        }
        #expect(third.data == [8, 9] && third.boundary == .continuing)
        #expect(await channel.queuedACLPackets == 0)
    }

    @Test("a disconnection drops that link's queued data and returns its buffers")
    func disconnectionFreesBuffers() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        await channel.configureACLBuffers(length: 4, count: 1)
        let handle = ConnectionHandle(rawValue: 1)
        try await channel.sendACL(handle: handle, pdu: Array(0..<8))
        _ = try await controller.nextPacket()
        try await controller.send(
            DisconnectionCompleteEvent(status: .success, handle: handle, reason: .remoteUserTerminatedConnection))
        let reason = try await channel.waitForEvent("disconnection") { event -> HCIStatus? in
            if case .disconnectionComplete(let event) = event { event.reason } else { nil }
        }
        #expect(reason == .remoteUserTerminatedConnection)
        #expect(await channel.queuedACLPackets == 0)
        #expect(await channel.freeACLBuffers == 1)
    }

    @Test("a closed transport fails the pending command")
    func transportClosed() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        let pending = Task { try await channel.execute(ResetCommand()) }
        try await controller.expect(ResetCommand.self)
        await controller.transport.close()
        await #expect(throws: HCIError.self) { try await pending.value }
    }

    @Test("start-up: reset, version, commands, address, buffers, features, masks, static random address")
    func startUpSequence() async throws {
        let address = try #require(BluetoothAddress("C1:02:03:04:05:06"))
        let start = try await StartUp.run(options: .init(staticRandomAddress: address))
        #expect(start.eventMask & 1 << 61 != 0, "LE Meta must be unmasked")
        #expect(start.leEventMask & 1 << 1 != 0, "advertising reports must be unmasked")
        #expect(start.randomAddress == address)
        #expect(start.info.ownAddress == address && start.info.ownAddressType == .random)
        #expect(start.info.aclBufferLength == 27 && start.info.aclBufferCount == 8)
        #expect(start.info.leFeatures.contains(.le2MPHY))
        #expect(start.info.version == start.version)
    }

    @Test(
        "LE Set Event Mask holds only the subevents the controller's Core version defines",
        arguments: [(UInt8(0x06), UInt64(0x1F)), (0x07, 0x3F), (0x08, 0x27F), (0x0C, 0x71A7F)])
    func leEventMaskByVersion(hciVersion: UInt8, mask: UInt64) async throws {
        let start = try await StartUp.run(hciVersion: hciVersion)
        #expect(start.leEventMask == mask)
    }

    @Test(
        "a placeholder public address (an unprogrammed Broadcom or Intel part's) is not used: a static random one is",
        arguments: ["AA:AA:AA:AA:AA:AA", "00:20:70:02:A0:00", "43:45:C5:00:1F:AC", "00:03:19:9E:8B:00"])
    func placeholderAddress(text: String) async throws {
        let placeholder = try #require(BluetoothAddress(text))
        let start = try await StartUp.run(publicAddress: placeholder)
        let random = try #require(start.randomAddress)
        #expect(random.isStaticRandom)
        #expect(start.info.ownAddress == random && start.info.ownAddressType == .random)
        #expect(start.info.publicAddress == placeholder)
    }

    @Test("a programmed public address is the own address")
    func publicAddress() async throws {
        let address = try #require(BluetoothAddress("00:1A:7D:12:34:56"))
        let start = try await StartUp.run(publicAddress: address, setsRandomAddress: false)
        #expect(start.randomAddress == nil)
        #expect(start.info.ownAddress == address && start.info.ownAddressType == .public)
    }

    @Test("a Reset Complete nobody asked for during start-up (CSR) sends the command in flight again")
    func spontaneousResetComplete() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        async let version = channel.execute(ReadLocalVersionInformationCommand())
        try await controller.expect(ReadLocalVersionInformationCommand.self)
        try await controller.complete(ResetCommand.self, .init())
        try await controller.expect(ReadLocalVersionInformationCommand.self)
        try await controller.complete(ReadLocalVersionInformationCommand.self, StartUp.version(0x08))
        #expect(try await version == StartUp.version(0x08))
    }

    @Test("a Hardware Error ends the channel: pending commands fail with it and the transport closes")
    func hardwareError() async throws {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        let version = Task { try await channel.execute(ReadLocalVersionInformationCommand()) }
        try await controller.expect(ReadLocalVersionInformationCommand.self)
        try await controller.send(HardwareErrorEvent(hardwareCode: 0x42))
        await #expect(throws: HCIError.hardwareError(code: 0x42)) { try await version.value }
        #expect(try await controller.hostClosed())
        await #expect(throws: HCIError.hardwareError(code: 0x42)) { try await channel.execute(ResetCommand()) }
    }

    @Test("a fresh static random address has its two top bits set")
    func staticRandom() {
        for _ in 0..<100 {
            #expect(ControllerSetupOptions.makeStaticRandomAddress().isStaticRandom)
        }
    }
}

/// A transport that forwards to another and bounds its commands at two minutes, as a virtual controller does.
private final class Bounded: HCITransport {
    private let inner: any HCITransport

    init(_ inner: any HCITransport) { self.inner = inner }

    var incoming: AsyncThrowingStream<HCIPacket, any Error> { inner.incoming }
    var commandTimeout: Duration? { .seconds(120) }
    func send(_ packet: HCIPacket) async throws(TransportError) { try await inner.send(packet) }
    func close() async { await inner.close() }
}

/// A scripted controller's side of the start-up sequence, with what the host sent it.
private struct StartUp {
    var info: ControllerInfo
    var version: ReadLocalVersionInformationCommand.ReturnParameters
    var eventMask: UInt64
    var leEventMask: UInt64
    /// The address LE Set Random Address set, if the host sent one.
    var randomAddress: BluetoothAddress?

    static func version(_ hciVersion: UInt8) -> ReadLocalVersionInformationCommand.ReturnParameters {
        .init(
            hciVersion: hciVersion, hciSubversion: 1, lmpVersion: hciVersion, companyIdentifier: 0xFFFF,
            lmpSubversion: 1)
    }

    /// Runs `setUp` against a controller of `hciVersion` whose Read BD_ADDR gives `publicAddress`, with LE Read
    /// Buffer Size v2 unknown (v1 gives 8 of 27 bytes) and the LE features Encryption and 2M PHY; the script ends
    /// with LE Set Random Address when `setsRandomAddress`.
    static func run(
        hciVersion: UInt8 = 0x0C, publicAddress: BluetoothAddress = .zero, options: ControllerSetupOptions = .init(),
        setsRandomAddress: Bool = true
    ) async throws -> StartUp {
        let controller = ScriptedController()
        let channel = ControllerChannel(transport: controller.hostSide, clock: ManualClock())
        async let info = channel.setUp(options)
        try await controller.expect(ResetCommand.self)
        try await controller.complete(ResetCommand.self, .init())
        try await controller.expect(ReadLocalVersionInformationCommand.self)
        try await controller.complete(ReadLocalVersionInformationCommand.self, version(hciVersion))
        try await controller.expect(ReadLocalSupportedCommandsCommand.self)
        try await controller.complete(
            ReadLocalSupportedCommandsCommand.self, .init(supportedCommands: Array(repeating: 0xFF, count: 64)))
        try await controller.expect(ReadBDADDRCommand.self)
        try await controller.complete(ReadBDADDRCommand.self, .init(address: publicAddress))
        try await controller.expect(LEReadBufferSizeV2Command.self)
        try await controller.fail(LEReadBufferSizeV2Command.opcode, .unknownCommand)
        try await controller.expect(LEReadBufferSizeCommand.self)
        try await controller.complete(
            LEReadBufferSizeCommand.self, .init(leACLDataPacketLength: 27, totalNumLEACLDataPackets: 8))
        try await controller.expect(LEReadLocalSupportedFeaturesCommand.self)
        try await controller.complete(
            LEReadLocalSupportedFeaturesCommand.self, .init(leFeatures: [.encryption, .le2MPHY]))
        let mask = try await controller.expect(SetEventMaskCommand.self)
        try await controller.complete(SetEventMaskCommand.self, .init())
        let leMask = try await controller.expect(LESetEventMaskCommand.self)
        try await controller.complete(LESetEventMaskCommand.self, .init())
        var random: BluetoothAddress?
        if setsRandomAddress {
            random = try await controller.expect(LESetRandomAddressCommand.self).randomAddress
            try await controller.complete(LESetRandomAddressCommand.self, .init())
        }
        return StartUp(
            info: try await info, version: version(hciVersion), eventMask: mask.eventMask,
            leEventMask: leMask.leEventMask, randomAddress: random)
    }
}
