import CoreBluetooth
import CoreBluetoothTesting
import Foundation
import Testing

@Suite("Simulated peripherals answer an unchanged CBCentralManager app over the real protocol", .timeLimit(.minutes(1)))
struct SimulatedPeripheralTests {
    @Test("The app finds, connects to and reads a simulated peripheral")
    func readsValue() async throws {
        try await withConnectedApp { world, blinky, app in
            #expect(app.heard.discovered == [blinky.identifier])
            app.read(Blinky.button)
            try await world.wait(until: { !app.heard.reads.isEmpty })
            #expect(app.heard.reads == [.value(Data([0]))])
        }
    }

    @Test("On an air losing 30 % of connection packets, every notification still arrives, in order")
    func packetLoss() async throws {
        try await withConnectedApp(packetErrorRate: 0.3) { world, blinky, app in
            app.subscribe(Blinky.button)
            try await world.wait(until: { blinky.isSubscribed(Blinky.button) })
            for press in 1...5 { blinky.simulateValueUpdate(Data([UInt8(press)]), for: Blinky.button) }
            try await world.wait(until: { app.heard.notifications.count == 5 })
            #expect(app.heard.notifications == (1...5).map { Data([UInt8($0)]) })
        }
    }

    @Test("A read the responder refuses fails with its ATT error")
    func attError() async throws {
        try await withConnectedApp(responder: { _ in .error(.readNotPermitted) }) { world, _, app in
            app.read(Blinky.button)
            try await world.wait(until: { !app.heard.reads.isEmpty })
            #expect(app.heard.reads == [.attError(.readNotPermitted)])
        }
    }

    @Test("A delayed answer comes after its delay of simulated time, not before")
    func delayedAnswer() async throws {
        try await withConnectedApp(responder: { _ in .delayed(.seconds(10), .value(Data([7]))) }) { world, _, app in
            let asked = world.now
            app.read(Blinky.button)
            await world.advance(by: .seconds(9))
            #expect(app.heard.reads.isEmpty)
            try await world.wait(until: { !app.heard.reads.isEmpty })
            #expect(app.heard.reads == [.value(Data([7]))])
            #expect(world.now - asked >= .seconds(10) && world.now - asked < .seconds(11))
        }
    }

    @Test("A peripheral that never answers: the read fails with Connection Timeout after the 30 s ATT timeout")
    func silence() async throws {
        try await withConnectedApp(responder: { _ in .silence }) { world, _, app in
            let asked = world.now
            app.read(Blinky.button)
            try await world.wait(until: { !app.heard.reads.isEmpty })
            #expect(app.heard.reads == [.failed(.connectionTimeout)])
            #expect(world.now - asked >= .seconds(30) && world.now - asked < .seconds(31))
        }
    }

    @Test("A value update reaches the subscribed app as a notification")
    func valueUpdate() async throws {
        try await withConnectedApp { world, blinky, app in
            app.subscribe(Blinky.button)
            try await world.wait(until: { blinky.isSubscribed(Blinky.button) })
            blinky.simulateValueUpdate(Data([1]), for: Blinky.button)
            try await world.wait(until: { !app.heard.notifications.isEmpty })
            #expect(app.heard.notifications == [Data([1])])
        }
    }

    @Test("A write reaches the peripheral, which keeps the value")
    func write() async throws {
        try await withConnectedApp { world, blinky, app in
            app.write(Data([1]), to: Blinky.led)
            try await world.wait(until: { blinky.value(of: Blinky.led) == Data([1]) })
            #expect(blinky.writes.map(\.value) == [Data([1])])
        }
    }

    @Test("A service change while connected: the app hears didModifyServices")
    func serviceChange() async throws {
        try await withConnectedApp { world, blinky, app in
            blinky.simulateServiceChange([ServiceSpec(Blinky.service, characteristics: [])])
            try await world.wait(until: { app.heard.modifiedServices > 0 })
        }
    }
}
