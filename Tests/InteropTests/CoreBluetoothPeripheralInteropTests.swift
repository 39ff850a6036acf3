import CoreBluetooth
import Testing

@Suite(
    "Our CBPeripheralManager against a Bumble central", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct CoreBluetoothPeripheralInteropTests {
    @Test(
        "a Bumble central discovers, long-reads, writes and subscribes to a service published with CBPeripheralManager")
    func bumbleCentralAgainstOurPeripheralManager() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let delegate = InteropPeripheralDelegate()
            let manager = CBPeripheralManager(
                delegate: delegate, queue: delegate.queue,
                options: [
                    CBManagerOptionTransportKey: controllers.transportSpec(0),
                    CBManagerOptionStaticAddressKey: "C0:DE:C0:FF:EE:01",
                    CBManagerOptionBondDirectoryKey: TestBondDirectory.make(),
                ])
            for await failure in delegate.advertising {
                if let failure { throw failure }
                break
            }
            let central = try await PythonProcess.run(
                "cb_central.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60",
                ],
                timeout: .seconds(90))
            #expect(central.succeeded, "\(central.transcript)")
            #expect(delegate.queue.sync { delegate.writes } == [Data(InteropProfile.writeValue)])
            withExtendedLifetime(manager) {}
        }
    }

    @Test(
        "Bumble's gatt_client.py checks the whole profile on a CBPeripheralManager, 0x2900 and the reliable write included"
    )
    func bumbleGATTClientAgainstOurPeripheralManager() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let delegate = ProfilePeripheralDelegate()
            let manager = CBPeripheralManager(
                delegate: delegate, queue: delegate.queue,
                options: [
                    CBManagerOptionTransportKey: controllers.transportSpec(0),
                    CBManagerOptionStaticAddressKey: "C0:DE:C0:FF:EE:01",
                    CBManagerOptionBondDirectoryKey: TestBondDirectory.make(),
                ])
            for await failure in delegate.advertising {
                if let failure { throw failure }
                break
            }
            let client = try await PythonProcess.run(
                "gatt_client.py",
                arguments: [
                    "--controller", controllers.bumbleSpec(1), "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60",
                ],
                timeout: .seconds(90))
            #expect(client.succeeded, "\(client.transcript)")
            let values = delegate.queue.sync { delegate.values }
            #expect(values[CBUUID(string: "FFF2")] == Data(InteropProfile.writeValue))
            #expect(values[CBUUID(string: "FFF3")] == Data(InteropProfile.longWriteValue))
            withExtendedLifetime(manager) {}
        }
    }
}
