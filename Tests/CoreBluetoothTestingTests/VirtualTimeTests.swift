import CoreBluetooth
import CoreBluetoothTesting
import Foundation
import Testing

@Suite("Virtual time: long timeouts in little real time, and the same trace every run", .timeLimit(.minutes(1)))
struct VirtualTimeTests {
    @Test("A 30 s ATT timeout, a 5 s supervision timeout and three auto-reconnects run in simulated time")
    func timeoutsAndReconnects() async throws {
        let started = ContinuousClock.now
        let button = Blinky.button
        try await withConnectedApp(
            responder: { request in request == .read(button, offset: 0) ? .silence : .standard },
            connectOptions: [CBConnectPeripheralOptionEnableAutoReconnect: true]
        ) { world, blinky, app in
            let begun = world.now
            app.read(Blinky.button)
            try await world.wait(until: { app.heard.connections == 2 })
            #expect(app.heard.reads == [.failed(.connectionTimeout)])
            await blinky.simulateProximityChange(inRange: false)
            try await world.wait(until: { app.heard.disconnections.count == 2 })
            await blinky.simulateProximityChange(inRange: true)
            try await world.wait(until: { app.heard.connections == 3 })
            blinky.simulateDisconnection()
            try await world.wait(until: { app.heard.connections == 4 })
            #expect(app.heard.disconnections.count == 3)
            #expect(app.heard.disconnections.dropFirst() == [.connectionTimeout, .peripheralDisconnected])
            #expect(world.now - begun > .seconds(35))
        }
        let wall = ContinuousClock.now - started
        print("35 s of simulated timeouts and three reconnections took \(wall) of real time")
    }

    @Test("Two runs of the same seeded scenario write the same btsnoop trace, byte for byte")
    func deterministicTrace() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var traces: [Data] = []
        for run in 1...2 {
            let path = directory.appendingPathComponent("run\(run).btsnoop").path
            let world = try Simulation(seed: 7, tracePath: path, quietTime: .milliseconds(40))
            let blinky = await world.add(Blinky.spec())
            try await world.run {
                let app = CentralProbe(service: Blinky.service)
                try await world.wait(until: { app.heard.characteristics.isSuperset(of: [Blinky.button, Blinky.led]) })
                app.read(Blinky.button)
                app.subscribe(Blinky.button)
                try await world.wait(until: { blinky.isSubscribed(Blinky.button) })
                blinky.simulateValueUpdate(Data([1]), for: Blinky.button)
                try await world.wait(until: { app.heard.notifications.count == 1 })
                blinky.simulateDisconnection()
                try await world.wait(until: { app.heard.disconnections.count == 1 })
            }
            await world.end()
            traces.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        #expect(traces[0].count > 1000)
        #expect(traces[0] == traces[1])
    }
}
