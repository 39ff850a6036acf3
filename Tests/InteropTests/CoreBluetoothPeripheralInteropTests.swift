import CoreBluetooth
import Testing

@Suite("Our CBPeripheralManager against a Bumble central", .bumbleInstalledOrCI, .timeLimit(.minutes(3)))
struct CoreBluetoothPeripheralInteropTests {
    @Test("a Bumble central discovers, long-reads, writes and subscribes to a service published with CBPeripheralManager")
    func bumbleCentralAgainstOurPeripheralManager() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let delegate = InteropPeripheralDelegate()
            let manager = CBPeripheralManager(
                delegate: delegate, queue: delegate.queue,
                options: [
                    CBManagerOptionTransportKey: controllers.transportSpec(0),
                    CBManagerOptionStaticAddressKey: "C0:DE:C0:FF:EE:01",
                ])
            for await failure in delegate.advertising {
                if let failure { throw failure }
                break
            }
            let central = try await PythonProcess.run(
                "cb_central.py",
                arguments: ["--controller", controllers.bumbleSpec(1), "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60"],
                timeout: .seconds(90))
            #expect(central.succeeded, "\(central.transcript)")
            #expect(delegate.queue.sync { delegate.writes } == [Data(InteropProfile.writeValue)])
            withExtendedLifetime(manager) {}
        }
    }
}
