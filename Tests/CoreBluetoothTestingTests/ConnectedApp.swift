import CoreBluetooth
import CoreBluetoothTesting
import Foundation

/// Runs `body` in a new world (whose timed air loses connection packets at `packetErrorRate`) with the app (a
/// ``CentralProbe``) connected to a Blinky whose requests `responder` answers, its two characteristics
/// discovered; ends the world after.
func withConnectedApp(
    responder: @escaping @Sendable (PeripheralRequest) -> PeripheralResponse = { _ in .standard },
    connectOptions: [String: Any]? = nil, packetErrorRate: Double = 0,
    _ body: (Simulation, SimulatedPeripheral, CentralProbe) async throws -> Void
) async throws {
    let world = try Simulation(seed: 3, packetErrorRate: packetErrorRate)
    let blinky = await world.add(Blinky.spec(responder: responder))
    try await world.run {
        let app = CentralProbe(service: Blinky.service, connectOptions: connectOptions)
        try await world.wait(until: { app.heard.characteristics.isSuperset(of: [Blinky.button, Blinky.led]) })
        try await body(world, blinky, app)
    }
    await world.end()
}

/// Runs `body` in a new world with a Blinky and the app (a ``CentralProbe``) scanning, without connecting to
/// what it finds; ends the world after.
func withScanningApp(_ body: (Simulation, SimulatedPeripheral, CentralProbe) async throws -> Void) async throws {
    let world = try Simulation()
    let blinky = await world.add(Blinky.spec())
    try await world.run {
        try await body(world, blinky, CentralProbe(service: Blinky.service, autoConnect: false))
    }
    await world.end()
}
