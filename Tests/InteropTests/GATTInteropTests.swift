import HCI
import Host
import HostTestSupport
import Testing

@Suite(
    "Our GATT client and server against Bumble's", .bumbleInstalledOrCI, .oneInteropTestAtATime,
    .timeLimit(.minutes(10)))
struct GATTInteropTests {
    typealias P = InteropProfile

    @Test("our GATT client discovers, reads long, writes, reliable-writes and subscribes on Bumble's GATT server")
    func ourClientAgainstBumbleServer() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let server = try PythonProcess(
                script: "gatt_server.py", arguments: ["--controller", controllers.bumbleSpec(0), "--timeout", "60"])
            let host = try await BluetoothHost.start(
                transport: try await TransportSpec(parsing: controllers.transportSpec(1)).open(),
                configuration: HostConfiguration(
                    setup: .init(staticRandomAddress: P.clientAddress)))
            let events = EventRecorder(host.events)
            let link = try await host.connect(to: P.serverAddress, type: .random, timeout: .seconds(20))
            let handle = link.handle

            let (database, _) = try await host.discoverDatabase(on: handle)
            func service(_ uuid: BluetoothUUID) throws -> GATTDatabaseCache.Service {
                let found = database.services.filter { $0.service.uuid == uuid }
                try #require(found.count == 1, "service \(uuid) found \(found.count) times")
                return found[0]
            }
            let included = try service(P.includedService)
            let primary = try service(P.primaryService)
            let wide = try service(P.wideService)
            #expect(primary.includedServices?.map(\.handleRange) == [included.service.handleRange])
            #expect(primary.includedServices?.map(\.uuid) == [P.includedService])

            var characteristics: [BluetoothUUID: GATTDatabaseCache.Characteristic] = [:]
            for candidate in [included, primary, wide] {
                for characteristic in candidate.characteristics ?? [] {
                    characteristics[characteristic.characteristic.uuid] = characteristic
                }
            }
            for (uuid, text) in P.descriptions {
                let characteristic = try #require(characteristics[uuid], "characteristic \(uuid) not discovered")
                let description = try #require(
                    characteristic.descriptors?.first { $0.uuid == .characteristicUserDescription },
                    "\(uuid) has no user description")
                #expect(try await host.read(description.handle, on: handle) == Array(text.utf8))
            }
            let reliable = try #require(characteristics[P.reliable])
            let extended = try #require(reliable.descriptors?.first { $0.uuid == .characteristicExtendedProperties })
            #expect(try await host.read(extended.handle, on: handle) == [0x01, 0x00])
            for uuid in [P.notify, P.indicate] {
                #expect(
                    characteristics[uuid]?.descriptors?.contains { $0.uuid == .clientCharacteristicConfiguration }
                        == true)
            }

            func value(_ uuid: BluetoothUUID) throws -> AttributeHandle {
                try #require(characteristics[uuid]).characteristic.valueHandle
            }
            #expect(try await host.read(try value(P.longRead), on: handle) == P.longValue)
            #expect(try await host.read(try value(P.includedCharacteristic), on: handle) == P.includedValue)
            #expect(try await host.read(try value(P.wideCharacteristic), on: handle) == P.wideValue)

            try await host.write(P.writeValue, to: try value(P.writable), on: handle)
            #expect(try await host.read(try value(P.writable), on: handle) == P.writeValue)
            try await host.reliableWrite([.init(handle: try value(P.reliable), value: P.longWriteValue)], on: handle)
            #expect(try await host.read(try value(P.reliable), on: handle) == P.longWriteValue)

            let notifyHandle = try value(P.notify)
            try await host.configureUpdates(
                .notification, of: try #require(characteristics[P.notify]).characteristic, on: handle)
            let notified = try await events.next { event -> [UInt8]? in
                guard case .notification(handle, notifyHandle, let value) = event else { return nil }
                return value
            }
            #expect(notified == P.notifyValue)
            let indicateHandle = try value(P.indicate)
            try await host.configureUpdates(
                .indication, of: try #require(characteristics[P.indicate]).characteristic, on: handle)
            let indicated = try await events.next { event -> [UInt8]? in
                guard case .indication(handle, indicateHandle, let value) = event else { return nil }
                return value
            }
            #expect(indicated == P.indicateValue)

            #expect(try await host.read(try value(P.writable), on: handle) == P.writeValue)
            try await host.disconnect(handle)
            let outcome = await server.waitForExit(timeout: .seconds(30))
            #expect(outcome.succeeded, "\(outcome.transcript)")
            await host.stop()
        }
    }

    @Test(
        "Bumble's GATT client discovers, reads long, writes, reliable-writes and subscribes on our GATT server",
        arguments: [0, 517])
    func bumbleClientAgainstOurServer(mtu: Int) async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let host = try await BluetoothHost.start(
                transport: try await TransportSpec(parsing: controllers.transportSpec(0)).open(),
                configuration: HostConfiguration(
                    setup: .init(staticRandomAddress: P.serverAddress),
                    deviceName: P.serverName, services: P.services))
            let layout = try #require(await host.database.service(P.primaryService))
            let writable = try #require(layout.characteristic(P.writable)).valueHandle
            let reliable = try #require(layout.characteristic(P.reliable)).valueHandle
            let notify = try #require(layout.characteristic(P.notify)).valueHandle
            let indicate = try #require(layout.characteristic(P.indicate)).valueHandle
            let values = ValueStore()
            values[writable] = [0x00]
            values[reliable] = [0x00]
            values[notify] = P.notifyValue
            values[indicate] = P.indicateValue
            let events = EventRecorder(host.events)
            events.onEvent = { event in
                switch event {
                case .serverRequest(let request):
                    Task { await host.respond(to: request.id, with: values.answer(request)) }
                case .server(.subscriptionChanged(_, notify, let configuration))
                where configuration.contains(.notification):
                    Task { await host.updateValue(P.notifyValue, for: notify) }
                case .server(.subscriptionChanged(_, indicate, let configuration))
                where configuration.contains(.indication):
                    Task { await host.updateValue(P.indicateValue, for: indicate) }
                default:
                    break
                }
            }
            try await host.startAdvertising(
                AdvertisementContent(localName: P.serverName, serviceUUIDs: [P.primaryService]))

            var arguments = [
                "--controller", controllers.bumbleSpec(1), "--target", "C0:DE:C0:FF:EE:01", "--timeout", "60",
            ]
            if mtu > 0 { arguments += ["--mtu", "\(mtu)"] }
            let client = try await PythonProcess.run("gatt_client.py", arguments: arguments, timeout: .seconds(90))
            #expect(client.succeeded, "\(client.transcript)")
            #expect(values[writable] == P.writeValue)
            #expect(values[reliable] == P.longWriteValue)
            try await events.next { event -> Bool? in
                guard case .disconnected = event else { return nil }
                return true
            }
            await host.stop()
        }
    }
}
