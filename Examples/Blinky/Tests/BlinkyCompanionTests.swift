import Blinky
import CoreBluetooth
import CoreBluetoothTesting
import Dispatch
import Foundation
import Testing

/// The Blinky board the companion app talks to, simulated: its button starts released, its LED off.
func board(
    answering responder: @escaping @Sendable (PeripheralRequest) -> PeripheralResponse = { _ in .standard }
)
    -> PeripheralSpec
{
    PeripheralSpec(
        name: "Nordic_Blinky", advertisedServices: [BlinkyUUIDs.service],
        services: [
            ServiceSpec(
                BlinkyUUIDs.service,
                characteristics: [
                    CharacteristicSpec(
                        BlinkyUUIDs.button, properties: [.read, .notify], permissions: [.readable], value: Data([0])),
                    CharacteristicSpec(BlinkyUUIDs.led, properties: [.read, .write], value: Data([0])),
                ])
        ], responder: responder)
}

@Suite("The Blinky companion app, tested with CoreBluetoothTesting", .timeLimit(.minutes(1)))
struct BlinkyCompanionTests {
    /// Runs `body` with the app started and ready, next to a board whose requests `responder` answers.
    func withReadyApp(
        responder: @escaping @Sendable (PeripheralRequest) -> PeripheralResponse = { _ in .standard },
        _ body: (Simulation, SimulatedPeripheral, BlinkyCompanion) async throws -> Void
    ) async throws {
        let world = try Simulation()
        let blinky = await world.add(board(answering: responder))
        try await world.run {
            let app = BlinkyCompanion(queue: DispatchQueue(label: "blinky app"))
            try await world.wait(until: { app.screen.status == .ready && blinky.isSubscribed(BlinkyUUIDs.button) })
            try await body(world, blinky, app)
        }
        await world.end()
    }

    @Test("The app finds the board, connects and shows the button released")
    func ready() async throws {
        try await withReadyApp { _, _, app in
            #expect(app.screen.status == .ready && !app.screen.buttonPressed && !app.screen.ledOn)
            #expect(app.screen.problem == nil)
        }
    }

    @Test("Pressing the button shows it pressed")
    func buttonPress() async throws {
        try await withReadyApp { world, blinky, app in
            blinky.simulateValueUpdate(Data([1]), for: BlinkyUUIDs.button)
            try await world.wait(until: { app.screen.buttonPressed })
        }
    }

    @Test("Turning the LED on writes 1 to the board and shows it on once the board confirmed")
    func ledOn() async throws {
        try await withReadyApp { world, blinky, app in
            app.setLED(true)
            try await world.wait(until: { app.screen.ledOn })
            #expect(blinky.value(of: BlinkyUUIDs.led) == Data([1]))
        }
    }

    @Test("A board that refuses the LED write: the LED stays off and the app says why")
    func ledRefused() async throws {
        try await withReadyApp(responder: { request in
            if case .write = request { return .error(.writeNotPermitted) }
            return .standard
        }) { world, _, app in
            app.setLED(true)
            try await world.wait(until: { app.screen.problem != nil })
            #expect(!app.screen.ledOn)
            #expect(app.screen.problem?.hasPrefix("The LED did not change") == true)
        }
    }

    @Test("A board that never answers the LED write: after the 30 s ATT timeout the app reconnects")
    func ledUnanswered() async throws {
        try await withReadyApp(responder: { request in
            if case .write = request { return .silence }
            return .standard
        }) { world, _, app in
            app.setLED(true)
            try await world.wait(until: { app.screen.status == .connecting })
            #expect(app.screen.problem != nil)
            try await world.wait(until: { app.screen.status == .ready })
            #expect(!app.screen.ledOn)
        }
    }

    @Test("Bluetooth off shows it; on again, the app connects to the board again")
    func bluetoothOffAndOn() async throws {
        try await withReadyApp { world, _, app in
            await world.simulatePowerOff()
            try await world.wait(until: { app.screen.status == .bluetoothOff })
            world.simulatePowerOn()
            try await world.wait(until: { app.screen.status == .ready })
        }
    }

    @Test("The board goes out of range: the app waits for it and is ready again when it comes back")
    func outOfRangeAndBack() async throws {
        try await withReadyApp { world, blinky, app in
            await blinky.simulateProximityChange(inRange: false)
            try await world.wait(until: { app.screen.status == .connecting })
            await world.advance(by: .seconds(60))
            #expect(app.screen.status == .connecting)
            await blinky.simulateProximityChange(inRange: true)
            try await world.wait(until: { app.screen.status == .ready })
        }
    }
}
