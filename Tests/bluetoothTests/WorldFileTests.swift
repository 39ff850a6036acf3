import CoreBluetooth
import Foundation
import GATTFileFormat
import Testing

@testable import bluetooth

@Suite("World files for bluetooth sim --world", .timeLimit(.minutes(2)))
struct WorldFileTests {
    static let battery = #"{ "name": "Battery", "services": [ { "uuid": "180F" } ] }"#

    static func load(_ path: String) throws -> [UInt8] {
        guard path == "battery.json" else { throw CocoaError(.fileNoSuchFile) }
        return Array(battery.utf8)
    }

    @Test("peripherals come with their GATT file (by path or inline), placement and advertising interval")
    func readsPeripherals() throws {
        let world = try WorldFile(
            json: Array(
                """
                { "peripherals": [
                    { "gatt": "battery.json", "position": { "x": 1, "y": 2.5 }, "advertisingIntervalMs": 200 },
                    { "gatt": { "name": "Inline" }, "rssi": -60 },
                    { "gatt": { } } ] }
                """.utf8), loadGATTFile: Self.load)
        #expect(world.peripherals.count == 3)
        #expect(world.peripherals[0].gatt.name == "Battery")
        #expect(world.peripherals[0].gattPath == "battery.json")
        #expect(world.peripherals[0].placement == .position(x: 1, y: 2.5, z: 0))
        #expect(world.peripherals[0].advertisingIntervalMs == 200)
        #expect(world.peripherals[1].gatt.name == "Inline")
        #expect(world.peripherals[1].gattPath == nil)
        #expect(world.peripherals[1].placement == .rssi(-60))
        #expect(world.peripherals[1].advertisingIntervalMs == WorldFile.defaultAdvertisingIntervalMs)
        #expect(world.peripherals[2].placement == nil)
    }

    @Test("a world file names the generation of the sim's controllers, and a peripheral may name its own")
    func controllerGenerations() throws {
        let world = try WorldFile(
            json: Array(
                """
                { "controller": "4.0",
                  "peripherals": [ { "gatt": { } }, { "gatt": { }, "controller": "5.0" } ] }
                """.utf8), loadGATTFile: Self.load)
        #expect(world.controller == .v4_0)
        #expect(world.peripherals[0].controller == nil)
        #expect(world.peripherals[1].controller == .v5_0)
        let options = Sim.managerOptions(for: world.peripherals[0], in: world, timing: .instant)
        #expect(options[CBManagerOptionVirtualControllerKey] as? String == "4.0")
        let own = Sim.managerOptions(for: world.peripherals[1], in: world, timing: .instant)
        #expect(own[CBManagerOptionVirtualControllerKey] as? String == "5.0")
    }

    @Test(
        "a bad peripheral is reported with its exact path, inside inline and referenced GATT files too",
        arguments: [
            (
                #"{ "peripherals": [ { "gatt": {} }, { "gatt": { "services": [ { "uuid": "18" } ] } } ] }"#,
                #"peripherals[1].gatt.services[0].uuid: not a UUID: "18" (write 4 or 8 hex digits, or 36 characters with dashes, e.g. "180D")"#
            ),
            (
                #"{ "peripherals": [ { "gatt": "missing.json" } ] }"#,
                "peripherals[0].gatt: cannot read \"missing.json\": No such file or directory"
            ),
            (
                #"{ "peripherals": [ { "gatt": {}, "rssi": -50, "position": { "x": 0, "y": 0 } } ] }"#,
                #"peripherals[0].rssi: give either "position" or "rssi", not both"#
            ),
            (
                #"{ "peripherals": [ { "gatt": {}, "controller": "4.1" } ] }"#,
                #"peripherals[0].controller: expected a controller generation (4.0, 4.2, 5.0, 5.3), got "4.1""#
            ),
            (
                #"{ "peripherals": [ { "gatt": {}, "advertisingIntervalMs": 5 } ] }"#,
                "peripherals[0].advertisingIntervalMs: expected a whole number from 20 to 10240"
            ),
            (
                #"{ "peripherals": [ { "gatt": {}, "position": { "x": 0 } } ] }"#,
                "peripherals[0].position.y: missing"
            ),
            (
                #"{ "peripherals": [ { "gatt": 3 } ] }"#,
                "peripherals[0].gatt: expected a GATT file's path or an inline GATT file, got a number"
            ),
            (#"{ "peripheral": [] }"#, "peripheral: unknown key (expected one of: controller, peripherals)"),
        ])
    func reportsPath(file: String, expected: String) {
        do {
            _ = try WorldFile(json: Array(file.utf8), loadGATTFile: Self.load)
            Issue.record("accepted a bad world file")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("an error inside a referenced GATT file names the world file's element and the GATT file's path")
    func errorInReferencedFile() throws {
        let world = #"{ "peripherals": [ { "gatt": "bad.json" } ] }"#
        #expect {
            try WorldFile(json: Array(world.utf8)) { _ in Array(#"{ "services": [ { "uuid": 5 } ] }"#.utf8) }
        } throws: { error in
            (error as? JSONFileError)?.description
                == #"peripherals[0].gatt: in "bad.json": services[0].uuid: expected a string, got a number"#
        }
    }

    @Test("a world file on disk finds its GATT files next to it")
    func loadsFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(Self.battery.utf8).write(to: directory.appendingPathComponent("battery.json"))
        let worldPath = directory.appendingPathComponent("world.json")
        try Data(#"{ "peripherals": [ { "gatt": "battery.json" } ] }"#.utf8).write(to: worldPath)
        let world = try WorldFile(contentsOfFile: worldPath.path)
        #expect(world.peripherals.first?.gatt.name == "Battery")
    }
}
