import CoreBluetooth
import Foundation
import HCI
import Host
import Testing

@Suite(
    "CBPeripheralManager: reads, writes and subscriptions from a central on the virtual radio", .timeLimit(.minutes(2)))
struct CBPeripheralManagerGATTTests {
    static let serviceUUID = CBUUID(string: "0000FFF0-0000-1000-8000-00805F9B34FB")
    static let valueUUID = CBUUID(string: "FFF1")
    static let otherUUID = CBUUID(string: "FFF2")
    static let notifyUUID = CBUUID(string: "FFF3")

    /// A service with two dynamic read/write characteristics and one that notifies and indicates.
    static func makeService() -> (
        CBMutableService, value: CBMutableCharacteristic, other: CBMutableCharacteristic,
        notifying: CBMutableCharacteristic
    ) {
        let service = CBMutableService(type: serviceUUID, primary: true)
        let value = CBMutableCharacteristic(
            type: valueUUID, properties: [.read, .write, .writeWithoutResponse], value: nil,
            permissions: [.readable, .writeable])
        let other = CBMutableCharacteristic(
            type: otherUUID, properties: [.read, .write], value: nil, permissions: [.readable, .writeable])
        let notifying = CBMutableCharacteristic(
            type: notifyUUID, properties: [.notify, .indicate], value: nil, permissions: [.readable])
        service.characteristics = [value, other, notifying]
        return (service, value, other, notifying)
    }

    @Test("a long dynamic value is read with offsets; the app answers from each offset on")
    func longRead() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        let long = Data((0..<100).map { UInt8($0) })
        fixture.delegate.onRead = { manager, request in
            request.value = long.subdata(in: request.offset..<long.count)
            manager.respond(to: request, withResult: .success)
        }

        let central = try await PeripheralTestCentral.start(preferredMTU: ATTBearer.minimumMTU)
        let (link, database) = try await central.connect(named: fixture.name)
        let characteristic = try database.characteristic(Self.valueUUID)
        #expect(try await central.host.read(characteristic.valueHandle, on: link.handle) == Array(long))
        var offsets: [Int] = []
        for _ in 0..<5 {
            guard case .read(let uuid, let offset, _) = try await fixture.delegate.next() else { break }
            #expect(uuid == Self.valueUUID)
            offsets.append(offset)
        }
        #expect(offsets == [0, 22, 44, 66, 88])
        await central.stop()
    }

    @Test("a reliable write of two values reaches the delegate as one array, answered once through the first request")
    func reliableWrite() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        fixture.delegate.onWrite = { manager, requests in
            manager.respond(to: requests[1], withResult: .writeNotPermitted)
            manager.respond(to: requests[0], withResult: .success)
        }

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let value = try database.characteristic(Self.valueUUID)
        let other = try database.characteristic(Self.otherUUID)
        try await central.host.reliableWrite(
            [.init(handle: value.valueHandle, value: [1, 2, 3]), .init(handle: other.valueHandle, value: [4, 5])],
            on: link.handle)
        #expect(
            try await fixture.delegate.next()
                == .write([
                    .init(uuid: Self.valueUUID, offset: 0, value: Data([1, 2, 3])),
                    .init(uuid: Self.otherUUID, offset: 0, value: Data([4, 5])),
                ]))
        await central.stop()
    }

    @Test("a write answered with CBATTError.writeNotPermitted fails at the central with that ATT error")
    func refusedWrite() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        fixture.delegate.onWrite = { manager, requests in
            manager.respond(to: requests[0], withResult: .writeNotPermitted)
        }

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let handle = try database.characteristic(Self.valueUUID).valueHandle
        await #expect(throws: HostError.gatt(link.handle, .procedure(.attError(.writeNotPermitted, handle: handle)))) {
            try await central.host.write([9], to: handle, on: link.handle)
        }
        #expect(try await fixture.delegate.next() == .write([.init(uuid: Self.valueUUID, offset: 0, value: Data([9]))]))
        await central.stop()
    }

    @Test("a write without response reaches the delegate and needs no answer")
    func writeWithoutResponse() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        fixture.delegate.onWrite = { _, _ in }
        fixture.delegate.onRead = { manager, request in
            request.value = Data([7])
            manager.respond(to: request, withResult: .success)
        }

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let handle = try database.characteristic(Self.valueUUID).valueHandle
        try await central.host.writeWithoutResponse([5, 6], to: handle, on: link.handle)
        #expect(
            try await fixture.delegate.next() == .write([.init(uuid: Self.valueUUID, offset: 0, value: Data([5, 6]))]))
        #expect(try await central.host.read(handle, on: link.handle) == [7])
        await central.stop()
    }

    @Test("subscribing and unsubscribing reach the delegate with the central, and updateValue notifies it")
    func subscriptions() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, notifying) = Self.makeService()
        try await fixture.publishAndAdvertise([service])

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let characteristic = try database.characteristic(Self.notifyUUID)
        try await central.host.configureUpdates(.notification, of: characteristic, on: link.handle)
        guard
            case .subscribed(let uuid, let identifier, let maximumLength, let subscribers) = try await fixture.delegate
                .next()
        else {
            Issue.record("the delegate did not hear of the subscription first")
            return
        }
        #expect(uuid == Self.notifyUUID)
        #expect(maximumLength == 512)
        #expect(subscribers == 1)

        #expect(
            fixture.onQueue { fixture.manager.updateValue(Data([1, 2]), for: notifying, onSubscribedCentrals: nil) })
        let handle = characteristic.valueHandle
        let notified = try await central.next { event -> [UInt8]? in
            guard case .notification(_, handle, let value) = event else { return nil }
            return value
        }
        #expect(notified == [1, 2])

        try await central.host.configureUpdates([], of: characteristic, on: link.handle)
        #expect(
            try await fixture.delegate.next() == .unsubscribed(Self.notifyUUID, central: identifier, subscribers: 0))
        #expect(fixture.onQueue { notifying.subscribedCentrals?.isEmpty } == true)
        await central.stop()
    }

    @Test("a subscribed central that disconnects is unsubscribed, with the same identifier it subscribed with")
    func unsubscribedOnDisconnection() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, notifying) = Self.makeService()
        try await fixture.publishAndAdvertise([service])

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        try await central.host.configureUpdates(
            .indication, of: try database.characteristic(Self.notifyUUID), on: link.handle)
        guard case .subscribed(_, let identifier, _, _) = try await fixture.delegate.next() else {
            Issue.record("the delegate did not hear of the subscription")
            return
        }
        try await central.host.disconnect(link.handle)
        #expect(
            try await fixture.delegate.next() == .unsubscribed(Self.notifyUUID, central: identifier, subscribers: 0))
        #expect(fixture.onQueue { fixture.manager.updateValue(Data([1]), for: notifying, onSubscribedCentrals: nil) })
        await central.stop()
    }

    @Test("a read the app refuses with CBATTError.readNotPermitted fails at the central with that ATT error")
    func refusedRead() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        fixture.delegate.onRead = { manager, request in
            manager.respond(to: request, withResult: .readNotPermitted)
            manager.respond(to: request, withResult: .success)
        }

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let handle = try database.characteristic(Self.otherUUID).valueHandle
        await #expect(throws: HostError.gatt(link.handle, .procedure(.attError(.readNotPermitted, handle: handle)))) {
            _ = try await central.host.read(handle, on: link.handle)
        }
        await central.stop()
    }

    @Test("updateValue takes back-to-back updates until a central's queue is full, then isReady follows")
    func updateValueBackPressure() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, notifying) = Self.makeService()
        try await fixture.publishAndAdvertise([service])

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        let characteristic = try database.characteristic(Self.notifyUUID)
        try await central.host.configureUpdates(.indication, of: characteristic, on: link.handle)
        guard case .subscribed = try await fixture.delegate.next() else {
            Issue.record("the delegate did not hear of the subscription")
            return
        }

        let total = 40
        let accepted = fixture.onQueue {
            (0..<total).prefix { index in
                fixture.manager.updateValue(Data([UInt8(index)]), for: notifying, onSubscribedCentrals: nil)
            }.count
        }
        #expect(accepted == GATTServerConfiguration().transmitQueueCapacity)
        #expect(try await fixture.delegate.next() == .readyToUpdate)

        for index in accepted..<total {
            while !fixture.onQueue({
                fixture.manager.updateValue(Data([UInt8(index)]), for: notifying, onSubscribedCentrals: nil)
            }) {
                #expect(try await fixture.delegate.next() == .readyToUpdate)
            }
        }
        let handle = characteristic.valueHandle
        var received: [UInt8] = []
        for _ in 0..<total {
            received += try await central.next { event -> [UInt8]? in
                guard case .indication(_, handle, let value) = event else { return nil }
                return value
            }
        }
        #expect(received == (0..<total).map { UInt8($0) })
        await central.stop()
    }

    @Test("three characteristics updated back to back, one by indication, reach the central in order each")
    func threeCharacteristicsBackToBack() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let service = CBMutableService(type: Self.serviceUUID, primary: true)
        let uuids = ["FFF5", "FFF6", "FFF7"].map { CBUUID(string: $0) }
        let characteristics = zip(uuids, [CBCharacteristicProperties.notify, .indicate, .notify]).map {
            CBMutableCharacteristic(type: $0, properties: $1, value: nil, permissions: [.readable])
        }
        service.characteristics = characteristics
        try await fixture.publishAndAdvertise([service])

        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        var handles: [AttributeHandle] = []
        for (uuid, configuration) in zip(
            uuids, [GATTClientWriteClientConfiguration.Configuration.notification, .indication, .notification])
        {
            let characteristic = try database.characteristic(uuid)
            handles.append(characteristic.valueHandle)
            try await central.host.configureUpdates(configuration, of: characteristic, on: link.handle)
            guard case .subscribed(uuid, _, _, _) = try await fixture.delegate.next() else {
                Issue.record("the delegate did not hear of the subscription to \(uuid)")
                return
            }
        }

        let rounds = 5
        let results = fixture.onQueue {
            (0..<rounds).flatMap { round in
                characteristics.map { characteristic in
                    fixture.manager.updateValue(Data([UInt8(round)]), for: characteristic, onSubscribedCentrals: nil)
                }
            }
        }
        #expect(results == Array(repeating: true, count: rounds * characteristics.count))
        var received: [AttributeHandle: [UInt8]] = [:]
        for _ in 0..<(rounds * characteristics.count) {
            let (handle, value) = try await central.next { event -> (AttributeHandle, [UInt8])? in
                switch event {
                case .notification(_, let handle, let value), .indication(_, let handle, let value): (handle, value)
                default: nil
                }
            }
            received[handle, default: []] += value
        }
        let expected = (0..<rounds).map { UInt8($0) }
        #expect(handles.map { received[$0] } == Array(repeating: expected, count: handles.count))
        await central.stop()
    }

    @Test("setDesiredConnectionLatency asks the central for the low-latency intervals")
    func connectionLatency() async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let (service, _, _, _) = Self.makeService()
        try await fixture.publishAndAdvertise([service])
        let central = try await PeripheralTestCentral.start()
        let (link, database) = try await central.connect(named: fixture.name)
        try await central.host.configureUpdates(
            .notification, of: try database.characteristic(Self.notifyUUID), on: link.handle)
        guard case .subscribed = try await fixture.delegate.next() else {
            Issue.record("the delegate did not hear of the subscription")
            return
        }
        fixture.onQueue {
            if let subscriber = fixture.delegate.subscribedCentral {
                fixture.manager.setDesiredConnectionLatency(.low, for: subscriber)
            }
        }
        let interval = try await central.next { event -> UInt16? in
            guard case .connectionUpdated(link.handle, let interval, _, _) = event else { return nil }
            return interval
        }
        #expect((12...24).contains(interval))
        await central.stop()
    }
}
