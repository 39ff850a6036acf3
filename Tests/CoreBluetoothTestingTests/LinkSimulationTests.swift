import CoreBluetooth
import CoreBluetoothTesting
import Foundation
import Testing

@Suite("Power, range, resets, disconnections and address changes, as an app on iOS meets them", .timeLimit(.minutes(1)))
struct LinkSimulationTests {
    @Test("Bluetooth off: the manager goes poweredOff and the link ends without didDisconnect; on again: poweredOn")
    func powerOffAndOn() async throws {
        try await withConnectedApp { world, _, app in
            await world.simulatePowerOff()
            try await world.wait(until: { app.heard.states.last == .poweredOff })
            #expect(app.heard.disconnections.isEmpty)
            #expect(app.peripheral?.state == .disconnected)
            world.simulatePowerOn()
            try await world.wait(until: { app.heard.states.last == .poweredOn })
            #expect(app.heard.states == [.poweredOn, .poweredOff, .poweredOn])
        }
    }

    @Test("Out of range: the link is lost after the 5 s supervision timeout with Connection Timeout")
    func outOfRange() async throws {
        try await withConnectedApp { world, blinky, app in
            let gone = world.now
            await blinky.simulateProximityChange(inRange: false)
            try await world.wait(until: { !app.heard.disconnections.isEmpty })
            #expect(app.heard.disconnections == [.connectionTimeout])
            #expect(world.now - gone >= .seconds(5) && world.now - gone < .milliseconds(5100))
        }
    }

    @Test("Back in range, an app connected with auto-reconnect is connected again")
    func backInRange() async throws {
        try await withConnectedApp(connectOptions: [CBConnectPeripheralOptionEnableAutoReconnect: true]) {
            world, blinky, app in
            await blinky.simulateProximityChange(inRange: false)
            try await world.wait(until: { !app.heard.disconnections.isEmpty })
            await blinky.simulateProximityChange(inRange: true)
            try await world.wait(until: { app.heard.connections == 2 })
            #expect(app.peripheral?.state == .connected)
        }
    }

    @Test("A peripheral that disconnects: the app hears didDisconnect with peripheralDisconnected")
    func disconnection() async throws {
        try await withConnectedApp { world, blinky, app in
            blinky.simulateDisconnection()
            try await world.wait(until: { !app.heard.disconnections.isEmpty })
            #expect(app.heard.disconnections == [.peripheralDisconnected])
        }
    }

    @Test("A peripheral that resets: the app loses the link by supervision timeout and finds it advertising again")
    func reset() async throws {
        try await withConnectedApp { world, blinky, app in
            await blinky.simulateReset()
            try await world.wait(until: { !app.heard.disconnections.isEmpty })
            #expect(app.heard.disconnections == [.connectionTimeout])
            let found = app.heard.discovered.count
            app.manager.scanForPeripherals(withServices: [Blinky.service])
            try await world.wait(until: { app.heard.discovered.count > found })
            #expect(app.heard.discovered.last == blinky.identifier)
        }
    }

    @Test("A peripheral that changes its address is a new peripheral to the app")
    func macChange() async throws {
        try await withScanningApp { world, blinky, app in
            let old = blinky.identifier
            try await world.wait(until: { app.heard.discovered == [old] })
            await blinky.simulateMacChange("C0:AB:CD:EF:01:02")
            try await world.wait(until: { app.heard.discovered.count == 2 })
            #expect(app.heard.discovered == [old, blinky.identifier])
            #expect(blinky.identifier != old)
        }
    }

    @Test("A peripheral that changes its advertisement: a new scan finds the new data")
    func advertisementChange() async throws {
        try await withScanningApp { world, blinky, app in
            try await world.wait(until: { app.heard.advertisedNames == ["Blinky"] })
            blinky.simulateAdvertisementChange(name: "Blinky 2", services: [Blinky.service])
            app.manager.stopScan()
            app.manager.scanForPeripherals(withServices: [Blinky.service])
            try await world.wait(until: { app.heard.advertisedNames.count == 2 })
            #expect(app.heard.advertisedNames == ["Blinky", "Blinky 2"])
        }
    }

    @Test("A peripheral moved farther away is heard weaker")
    func distance() async throws {
        try await withScanningApp { world, blinky, app in
            try await world.wait(until: { app.heard.signalStrengths.count == 1 })
            await blinky.simulateDistance(30)
            app.manager.stopScan()
            app.manager.scanForPeripherals(withServices: [Blinky.service])
            try await world.wait(until: { app.heard.signalStrengths.count == 2 })
            let strengths = app.heard.signalStrengths
            #expect(strengths[1] < strengths[0] - 10)
        }
    }

    @Test("A known peripheral: the app retrieves it by identifier and connects without scanning")
    func knownPeripheral() async throws {
        try await withScanningApp { world, blinky, app in
            try await world.wait(until: { app.heard.states == [.poweredOn] })
            app.manager.stopScan()
            let known = app.manager.retrievePeripherals(withIdentifiers: [blinky.identifier])
            #expect(known.map(\.identifier) == [blinky.identifier])
            app.manager.connect(try #require(known.first))
            try await world.wait(until: { app.heard.connections == 1 })
        }
    }
}
