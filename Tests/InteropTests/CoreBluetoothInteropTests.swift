import CoreBluetooth
import Host
import Testing

@Suite(
    "Our CoreBluetooth managers against Bumble", .bumbleInstalledOrCI, .oneInteropTestAtATime, .timeLimit(.minutes(10)))
struct CoreBluetoothInteropTests {
    typealias P = InteropProfile

    /// The CBUUID of a profile UUID.
    private static func cb(_ uuid: BluetoothUUID) -> CBUUID {
        CBUUID(string: uuid.uuidString)
    }

    @Test("our CBCentralManager discovers, reads the 300-byte value, writes and subscribes on Bumble's GATT server")
    func ourCentralAgainstBumbleServer() async throws {
        try requireBumble()
        try await BumbleControllers.withRunning(count: 2) { controllers in
            let server = try PythonProcess(
                script: "gatt_server.py", arguments: ["--controller", controllers.bumbleSpec(0), "--timeout", "60"])
            let delegate = CentralDelegateStream()
            let manager = CBCentralManager(
                delegate: delegate, queue: delegate.queue,
                options: [CBManagerOptionTransportKey: controllers.transportSpec(1)])
            let peripheral = try await delegate.connect(
                to: P.serverName, with: manager, services: [Self.cb(P.primaryService)])

            delegate.queue.sync { peripheral.discoverServices(nil) }
            let discoveryError = try await delegate.next { event -> String?? in
                if case .servicesDiscovered(let error) = event { return .some(error) }
                return nil
            }
            #expect(discoveryError == nil)
            let primary = try #require(
                delegate.queue.sync { peripheral.services?.first { $0.uuid == Self.cb(P.primaryService) } })
            #expect(delegate.queue.sync { peripheral.services?.contains { $0.uuid == Self.cb(P.wideService) } } == true)
            delegate.queue.sync {
                peripheral.discoverIncludedServices(nil, for: primary)
                peripheral.discoverCharacteristics(nil, for: primary)
            }
            _ = try await delegate.next { event -> Bool? in
                if case .characteristicsDiscovered(_, let error) = event {
                    #expect(error == nil)
                    return true
                }
                return nil
            }
            #expect(delegate.queue.sync { primary.includedServices?.map(\.uuid) } == [Self.cb(P.includedService)])
            let characteristics = delegate.queue.sync { primary.characteristics ?? [] }
            #expect(
                characteristics.map(\.uuid)
                    == [P.longRead, P.writable, P.reliable, P.notify, P.indicate].map(Self.cb))
            func characteristic(_ uuid: BluetoothUUID) throws -> CBCharacteristic {
                try #require(characteristics.first { $0.uuid == Self.cb(uuid) })
            }

            let longRead = try characteristic(P.longRead)
            delegate.queue.sync { peripheral.readValue(for: longRead) }
            let long = try await delegate.next { event -> Data?? in
                if case .valueUpdated(Self.cb(P.longRead), let value, let error) = event {
                    #expect(error == nil)
                    return .some(value)
                }
                return nil
            }
            #expect(long == Data(P.longValue))

            for (uuid, value) in [(P.writable, P.writeValue), (P.reliable, P.longWriteValue)] {
                let target = try characteristic(uuid)
                delegate.queue.sync { peripheral.writeValue(Data(value), for: target, type: .withResponse) }
                let error = try await delegate.next { event -> String?? in
                    if case .valueWritten(Self.cb(uuid), let error) = event { return .some(error) }
                    return nil
                }
                #expect(error == nil, "writing \(uuid)")
            }

            for (uuid, value) in [(P.notify, P.notifyValue), (P.indicate, P.indicateValue)] {
                let target = try characteristic(uuid)
                delegate.queue.sync { peripheral.setNotifyValue(true, for: target) }
                let notifying = try await delegate.next { event -> Bool? in
                    if case .notificationState(Self.cb(uuid), let notifying, let error) = event {
                        #expect(error == nil)
                        return notifying
                    }
                    return nil
                }
                #expect(notifying)
                let updated = try await delegate.next { event -> Data?? in
                    if case .valueUpdated(Self.cb(uuid), let value, nil) = event { return .some(value) }
                    return nil
                }
                #expect(updated == Data(value), "update of \(uuid)")
            }

            delegate.queue.sync { manager.cancelPeripheralConnection(peripheral) }
            let disconnectError = try await delegate.next { event -> String?? in
                if case .disconnected(let error) = event { return .some(error) }
                return nil
            }
            #expect(disconnectError == nil)
            let outcome = await server.waitForExit(timeout: .seconds(30))
            #expect(outcome.succeeded, "\(outcome.transcript)")
        }
    }
}
