import HCI
import Host
import HostTestSupport
import Testing
import VirtualRadio

/// The host on each controller generation: the buffers it finds, and what it asks of the link.
@Suite("The host adapts to a 4.0, 4.2, 5.0 or 5.3 controller", .timeLimit(.minutes(1)))
struct ControllerGenerationHostTests {
    @Test(
        "start-up finds the generation's ACL buffers (a 4.0 controller's shared ones through Read Buffer Size)",
        arguments: ControllerGeneration.allCases)
    func buffers(_ generation: ControllerGeneration) async throws {
        let host = try await BluetoothHost.start(
            transport: await Air().makeController(configuration: generation.configuration))
        let configuration = generation.configuration
        #expect(host.controllerInfo.aclBufferLength == Int(configuration.aclBufferLength))
        #expect(host.controllerInfo.aclBufferCount == Int(configuration.aclBufferCount))
        #expect(host.controllerInfo.canSetDataLength == (generation >= .v4_2))
        #expect(host.controllerInfo.canSetPHY == (generation >= .v5_0))
        await host.stop()
    }

    @Test(
        "a central asks for a longer data length only where LE Set Data Length exists, and reads buffers as it can",
        arguments: ControllerGeneration.allCases)
    func dataLengthOnlyWhereSupported(_ generation: ControllerGeneration) async throws {
        let air = Air()
        let peripheral = try await BluetoothHost.start(
            transport: await air.makeController(configuration: generation.configuration))
        let tap = PacketTap(wrapping: await air.makeController(configuration: generation.configuration)) { packet in
            if case .command(let command) = packet { return command.opcode }
            return nil
        }
        let central = try await BluetoothHost.start(transport: tap)
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Generation \(generation.rawValue)"))
        let link = try await central.connect(
            to: peripheral.controllerInfo.ownAddress, type: peripheral.controllerInfo.ownAddressType,
            timeout: .seconds(10))
        #expect(link.mtu > 23, "the MTU exchange ran")
        #expect(tap.records.contains(LESetDataLengthCommand.opcode) == (generation >= .v4_2), "\(tap.records)")
        #expect(tap.records.contains(LEReadBufferSizeCommand.opcode) == (generation < .v5_3), "v1 after v2 is refused")
        #expect(tap.records.contains(ReadBufferSizeCommand.opcode) == (generation == .v4_0), "shared buffers on 4.0")
        await central.stop()
        await peripheral.stop()
    }
}
