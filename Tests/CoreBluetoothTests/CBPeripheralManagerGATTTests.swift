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

    /// What a test here works with: the manager serving `makeService()`'s service, a central connected to it, and the
    /// database the central discovered.
    struct Session {
        let fixture: PeripheralManagerFixture
        let notifying: CBMutableCharacteristic
        let central: PeripheralTestCentral
        let link: HostLink
        let database: GATTDatabaseCache
    }

    /// Publishes `service` (`makeService()`'s by default) and advertises, lets `prepare` set the delegate's answers,
    /// connects a test central and runs `body`; the central stops however `body` ends.
    static func withSession(
        _ service: CBMutableService? = nil, preferredMTU: Int = ATTBearer.maximumMTU,
        prepare: (PeripheralManagerFixture) -> Void = { _ in }, _ body: (Session) async throws -> Void
    ) async throws {
        let fixture = try await PeripheralManagerFixture.start()
        let made = makeService()
        try await fixture.publishAndAdvertise([service ?? made.0])
        prepare(fixture)
        let central = try await PeripheralTestCentral.start(preferredMTU: preferredMTU)
        do {
            let (link, database) = try await central.connect(named: fixture.name)
            try await body(
                Session(fixture: fixture, notifying: made.notifying, central: central, link: link, database: database))
        } catch {
            await central.stop()
            throw error
        }
        await central.stop()
    }

    /// Subscribes the session's central to `uuid` and waits until the manager's delegate hears of it.
    static func subscribe(
        _ session: Session, to uuid: CBUUID, with configuration: GATTClientWriteClientConfiguration.Configuration
    ) async throws -> PeripheralManagerEvent? {
        try await session.central.host.configureUpdates(
            configuration, of: try session.database.characteristic(uuid), on: session.link.handle)
        let event = try await session.fixture.delegate.next()
        guard case .subscribed(uuid, _, _, _) = event else {
            Issue.record("the delegate did not hear of the subscription to \(uuid) first, but of \(event)")
            return nil
        }
        return event
    }

    @Test("a long dynamic value is read with offsets; the app answers from each offset on")
    func longRead() async throws {
        let long = Data((0..<100).map { UInt8($0) })
        try await Self.withSession(preferredMTU: ATTBearer.minimumMTU) { fixture in
            fixture.delegate.onRead = { manager, request in
                request.value = long.subdata(in: request.offset..<long.count)
                manager.respond(to: request, withResult: .success)
            }
        } _: { session in
            let characteristic = try session.database.characteristic(Self.valueUUID)
            #expect(
                try await session.central.host.read(characteristic.valueHandle, on: session.link.handle) == Array(long))
            var offsets: [Int] = []
            for _ in 0..<5 {
                guard case .read(let uuid, let offset, _) = try await session.fixture.delegate.next() else { break }
                #expect(uuid == Self.valueUUID)
                offsets.append(offset)
            }
            #expect(offsets == [0, 22, 44, 66, 88])
        }
    }

    @Test("a reliable write of two values reaches the delegate as one array, answered once through the first request")
    func reliableWrite() async throws {
        try await Self.withSession { fixture in
            fixture.delegate.onWrite = { manager, requests in
                manager.respond(to: requests[1], withResult: .writeNotPermitted)
                manager.respond(to: requests[0], withResult: .success)
            }
        } _: { session in
            let value = try session.database.characteristic(Self.valueUUID)
            let other = try session.database.characteristic(Self.otherUUID)
            try await session.central.host.reliableWrite(
                [
                    .init(handle: value.valueHandle, value: [1, 2, 3]),
                    .init(handle: other.valueHandle, value: [4, 5]),
                ],
                on: session.link.handle)
            #expect(
                try await session.fixture.delegate.next()
                    == .write([
                        .init(uuid: Self.valueUUID, offset: 0, value: Data([1, 2, 3])),
                        .init(uuid: Self.otherUUID, offset: 0, value: Data([4, 5])),
                    ]))
        }
    }

    @Test("a write answered with CBATTError.writeNotPermitted fails at the central with that ATT error")
    func refusedWrite() async throws {
        try await Self.withSession { fixture in
            fixture.delegate.onWrite = { manager, requests in
                manager.respond(to: requests[0], withResult: .writeNotPermitted)
            }
        } _: { session in
            let (host, link) = (session.central.host, session.link.handle)
            let handle = try session.database.characteristic(Self.valueUUID).valueHandle
            await #expect(throws: HostError.gatt(link, .procedure(.attError(.writeNotPermitted, handle: handle)))) {
                try await host.write([9], to: handle, on: link)
            }
            #expect(
                try await session.fixture.delegate.next()
                    == .write([.init(uuid: Self.valueUUID, offset: 0, value: Data([9]))]))
        }
    }

    @Test("a write without response reaches the delegate and needs no answer")
    func writeWithoutResponse() async throws {
        try await Self.withSession { fixture in
            fixture.delegate.onWrite = { _, _ in }
            fixture.delegate.onRead = { manager, request in
                request.value = Data([7])
                manager.respond(to: request, withResult: .success)
            }
        } _: { session in
            let (host, link) = (session.central.host, session.link.handle)
            let handle = try session.database.characteristic(Self.valueUUID).valueHandle
            try await host.writeWithoutResponse([5, 6], to: handle, on: link)
            #expect(
                try await session.fixture.delegate.next()
                    == .write([.init(uuid: Self.valueUUID, offset: 0, value: Data([5, 6]))]))
            #expect(try await host.read(handle, on: link) == [7])
        }
    }

    @Test("subscribing and unsubscribing reach the delegate with the central, and updateValue notifies it")
    func subscriptions() async throws {
        try await Self.withSession { session in
            let fixture = session.fixture
            guard
                case .subscribed(let uuid, let identifier, let maximumLength, let subscribers) =
                    try await Self.subscribe(
                        session, to: Self.notifyUUID, with: .notification)
            else { return }
            #expect(uuid == Self.notifyUUID)
            #expect(maximumLength == 512)
            #expect(subscribers == 1)

            #expect(
                fixture.onQueue {
                    fixture.manager.updateValue(Data([1, 2]), for: session.notifying, onSubscribedCentrals: nil)
                })
            let characteristic = try session.database.characteristic(Self.notifyUUID)
            let handle = characteristic.valueHandle
            let notified = try await session.central.next { event -> [UInt8]? in
                guard case .notification(_, handle, let value) = event else { return nil }
                return value
            }
            #expect(notified == [1, 2])

            try await session.central.host.configureUpdates([], of: characteristic, on: session.link.handle)
            #expect(
                try await fixture.delegate.next() == .unsubscribed(Self.notifyUUID, central: identifier, subscribers: 0)
            )
            #expect(fixture.onQueue { session.notifying.subscribedCentrals?.isEmpty } == true)
        }
    }

    @Test("a subscribed central that disconnects is unsubscribed, with the same identifier it subscribed with")
    func unsubscribedOnDisconnection() async throws {
        try await Self.withSession { session in
            let fixture = session.fixture
            guard
                case .subscribed(_, let identifier, _, _) = try await Self.subscribe(
                    session, to: Self.notifyUUID, with: .indication)
            else { return }
            try await session.central.host.disconnect(session.link.handle)
            #expect(
                try await fixture.delegate.next() == .unsubscribed(Self.notifyUUID, central: identifier, subscribers: 0)
            )
            #expect(
                fixture.onQueue {
                    fixture.manager.updateValue(Data([1]), for: session.notifying, onSubscribedCentrals: nil)
                })
        }
    }

    @Test("a read the app refuses with CBATTError.readNotPermitted fails at the central with that ATT error")
    func refusedRead() async throws {
        try await Self.withSession { fixture in
            fixture.delegate.onRead = { manager, request in
                manager.respond(to: request, withResult: .readNotPermitted)
                manager.respond(to: request, withResult: .success)
            }
        } _: { session in
            let (host, link) = (session.central.host, session.link.handle)
            let handle = try session.database.characteristic(Self.otherUUID).valueHandle
            await #expect(throws: HostError.gatt(link, .procedure(.attError(.readNotPermitted, handle: handle)))) {
                _ = try await host.read(handle, on: link)
            }
        }
    }

    @Test("updateValue takes back-to-back updates until a central's queue is full, then isReady follows")
    func updateValueBackPressure() async throws {
        try await Self.withSession { session in
            let (fixture, notifying) = (session.fixture, session.notifying)
            guard try await Self.subscribe(session, to: Self.notifyUUID, with: .indication) != nil else { return }

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
            let handle = try session.database.characteristic(Self.notifyUUID).valueHandle
            var received: [UInt8] = []
            for _ in 0..<total {
                received += try await session.central.next { event -> [UInt8]? in
                    guard case .indication(_, handle, let value) = event else { return nil }
                    return value
                }
            }
            #expect(received == (0..<total).map { UInt8($0) })
        }
    }

    @Test("three characteristics updated back to back, one by indication, reach the central in order each")
    func threeCharacteristicsBackToBack() async throws {
        let service = CBMutableService(type: Self.serviceUUID, primary: true)
        let uuids = ["FFF5", "FFF6", "FFF7"].map { CBUUID(string: $0) }
        let characteristics = zip(uuids, [CBCharacteristicProperties.notify, .indicate, .notify]).map {
            CBMutableCharacteristic(type: $0, properties: $1, value: nil, permissions: [.readable])
        }
        service.characteristics = characteristics
        try await Self.withSession(service) { session in
            let fixture = session.fixture
            var handles: [AttributeHandle] = []
            for (uuid, configuration) in zip(
                uuids, [GATTClientWriteClientConfiguration.Configuration.notification, .indication, .notification])
            {
                handles.append(try session.database.characteristic(uuid).valueHandle)
                guard try await Self.subscribe(session, to: uuid, with: configuration) != nil else { return }
            }

            let rounds = 5
            let results = fixture.onQueue {
                (0..<rounds).flatMap { round in
                    characteristics.map { characteristic in
                        fixture.manager.updateValue(
                            Data([UInt8(round)]), for: characteristic, onSubscribedCentrals: nil)
                    }
                }
            }
            #expect(results == Array(repeating: true, count: rounds * characteristics.count))
            var received: [AttributeHandle: [UInt8]] = [:]
            for _ in 0..<(rounds * characteristics.count) {
                let (handle, value) = try await session.central.next { event -> (AttributeHandle, [UInt8])? in
                    switch event {
                    case .notification(_, let handle, let value), .indication(_, let handle, let value): (handle, value)
                    default: nil
                    }
                }
                received[handle, default: []] += value
            }
            let expected = (0..<rounds).map { UInt8($0) }
            #expect(handles.map { received[$0] } == Array(repeating: expected, count: handles.count))
        }
    }

    @Test("setDesiredConnectionLatency asks the central for the low-latency intervals")
    func connectionLatency() async throws {
        try await Self.withSession { session in
            let fixture = session.fixture
            guard try await Self.subscribe(session, to: Self.notifyUUID, with: .notification) != nil else { return }
            fixture.onQueue {
                if let subscriber = fixture.delegate.subscribedCentral {
                    fixture.manager.setDesiredConnectionLatency(.low, for: subscriber)
                }
            }
            let link = session.link.handle
            let interval = try await session.central.next { event -> UInt16? in
                guard case .connectionUpdated(link, let interval, _, _) = event else { return nil }
                return interval
            }
            #expect((12...24).contains(interval))
        }
    }
}
