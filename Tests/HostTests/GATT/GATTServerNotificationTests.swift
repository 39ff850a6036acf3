import HCI
import Host
import Testing

@Suite("GATT server notifications and indications", .timeLimit(.minutes(2)))
struct GATTServerNotificationTests {
    typealias F = GATTFixtures

    static let third = F.context(0x0043)

    func notification(_ handle: UInt16, _ value: [UInt8]) -> ATTPDU {
        .handleValueNotification(ATTHandleValueNotification(handle: F.handle(handle), value: value))
    }

    func indication(_ handle: UInt16, _ value: [UInt8]) -> ATTPDU {
        .handleValueIndication(ATTHandleValueIndication(handle: F.handle(handle), value: value))
    }

    let confirmation = ATTPDU.handleValueConfirmation(ATTHandleValueConfirmation())

    @Test("notifications go only to subscribed connections, cut to ATT_MTU - 3 (GATT/SR/GAN/BV-01-C)")
    func onlySubscribers() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.update(F.second)
        server.subscribe(F.context(0x0043, mtu: 30), cccd: 0x12, .notification)
        let value = (0..<40).map { UInt8($0) }
        let sent = try server.sent(for: F.handle(0x11), value: value)
        #expect(sent.map(\.connection) == [F.first.id, Self.third.id])
        #expect(
            sent.map(\.pdu) == [
                notification(0x11, Array(value.prefix(20))), notification(0x11, Array(value.prefix(27))),
            ])
        #expect(server.notifications(for: F.handle(0x14), value: [1])?.isEmpty == true)
    }

    @Test("a client that enabled both gets notifications; one that enabled indications gets indications")
    func notifyOrIndicate() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x1A, [.notification, .indication])
        server.subscribe(F.second, cccd: 0x1A, .indication)
        let sent = try server.sent(for: F.handle(0x19), value: [7])
        #expect(sent.map(\.pdu) == [notification(0x19, [7]), indication(0x19, [7])])
        #expect(server.hasOutstandingIndication(on: F.second.id))
        #expect(!server.hasOutstandingIndication(on: F.first.id))
    }

    @Test("one indication at a time per connection: the next waits for the confirmation (GATT/SR/GAI/BV-01-C)")
    func oneOutstandingIndication() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x1A, .indication)
        server.subscribe(F.second, cccd: 0x1A, .indication)
        let first = try server.sent(for: F.handle(0x19), value: [1])
        #expect(first.map(\.pdu) == [indication(0x19, [1]), indication(0x19, [1])])
        let second = try server.sent(for: F.handle(0x19), value: [2])
        #expect(second.isEmpty)
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)

        #expect(server.handle(confirmation, from: F.first) == .none)
        #expect(server.takeEvents().contains(.indicationConfirmed(connection: F.first.id, valueHandle: F.handle(0x19))))
        #expect(server.nextOutgoingPDU(for: F.first.id) == indication(0x19, [2]))
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)
        #expect(server.nextOutgoingPDU(for: F.second.id) == nil)
        #expect(server.handle(confirmation, from: F.second) == .none)
        #expect(server.nextOutgoingPDU(for: F.second.id) == indication(0x19, [2]))
    }

    @Test("a confirmation that answers no indication is ignored")
    func strayConfirmation() throws {
        var server = try F.server()
        #expect(server.handle(confirmation, from: F.first) == .none)
        #expect(server.takeEvents().isEmpty)
    }

    @Test("a full transmit queue refuses the update, and reports readiness once it has room")
    func transmitQueueFull() throws {
        var server = try F.server(GATTServerConfiguration(transmitQueueCapacity: 2))
        server.subscribe(F.first, cccd: 0x1A, .indication)
        server.subscribe(F.second, cccd: 0x12, .notification)
        _ = server.takeEvents()
        #expect(server.updateValue([1], for: F.handle(0x19)) == true)
        #expect(server.nextOutgoingPDU(for: F.first.id) == indication(0x19, [1]))
        #expect(server.updateValue([2], for: F.handle(0x19)) == true)
        #expect(server.updateValue([3], for: F.handle(0x19)) == true)
        #expect(server.updateValue([4], for: F.handle(0x19)) == false)
        #expect(server.notifications(for: F.handle(0x19), value: [4]) == nil)
        #expect(server.updateValue([9], for: F.handle(0x11)) == true)
        #expect(server.takeEvents().isEmpty)

        _ = server.handle(confirmation, from: F.first)
        #expect(server.nextOutgoingPDU(for: F.first.id) == indication(0x19, [2]))
        #expect(
            server.takeEvents() == [
                .indicationConfirmed(connection: F.first.id, valueHandle: F.handle(0x19)),
                .transmitRoomFreed(connection: F.first.id, count: 1), .readyToUpdateSubscribers,
            ])
        #expect(server.updateValue([4], for: F.handle(0x19)) == true)
        #expect(server.takeEvents().isEmpty)
    }

    @Test(
        "an indication awaiting its confirmation holds back its own characteristic's updates, not other notifications")
    func indicationDoesNotBlockNotifications() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x1A, .indication)
        server.subscribe(F.first, cccd: 0x12, .notification)
        #expect(server.updateValue([1], for: F.handle(0x19)) == true)
        #expect(server.updateValue([2], for: F.handle(0x19)) == true)
        #expect(server.updateValue([3], for: F.handle(0x11)) == true)
        #expect(server.updateValue([4], for: F.handle(0x11)) == true)
        #expect(server.nextOutgoingPDU(for: F.first.id) == indication(0x19, [1]))
        #expect(server.nextOutgoingPDU(for: F.first.id) == notification(0x11, [3]))
        #expect(server.nextOutgoingPDU(for: F.first.id) == notification(0x11, [4]))
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)
        _ = server.handle(confirmation, from: F.first)
        #expect(server.nextOutgoingPDU(for: F.first.id) == indication(0x19, [2]))
    }

    @Test("room comes back per connection as notifications go, indications are confirmed and updates are dropped")
    func transmitRoomFreed() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.first, cccd: 0x1A, .indication)
        server.update(F.second)
        _ = server.takeEvents()
        #expect(server.updateValue([1], for: F.handle(0x11), to: [F.first.id, F.second.id]) == true)
        #expect(server.takeEvents() == [.transmitRoomFreed(connection: F.second.id, count: 1)])
        #expect(server.updateValue([2], for: F.handle(0x11), to: [F.first.id]) == true)
        #expect(server.updateValue([3], for: F.handle(0x19), to: [F.first.id]) == true)
        #expect(server.updateValue([4], for: F.handle(0x19), to: [F.first.id]) == true)
        while server.nextOutgoingPDU(for: F.first.id) != nil {}
        #expect(server.takeEvents() == [.transmitRoomFreed(connection: F.first.id, count: 2)])
        server.subscribe(F.first, cccd: 0x1A, [])
        _ = server.takeEvents()
        _ = server.handle(confirmation, from: F.first)
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)
        #expect(
            server.takeEvents() == [
                .indicationConfirmed(connection: F.first.id, valueHandle: F.handle(0x19)),
                .transmitRoomFreed(connection: F.first.id, count: 2),
            ])
    }

    @Test("updates to a targeted set of connections skip the others")
    func targeted() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x12, .notification)
        server.subscribe(F.second, cccd: 0x12, .notification)
        let sent = try server.sent(for: F.handle(0x11), value: [5], to: [F.second.id])
        #expect(sent.map(\.connection) == [F.second.id])
    }

    @Test("queued updates for a subscription the client turned off are dropped")
    func unsubscribedDrops() throws {
        var server = try F.server()
        server.subscribe(F.first, cccd: 0x1A, .indication)
        _ = server.notifications(for: F.handle(0x19), value: [1])
        #expect(server.updateValue([2], for: F.handle(0x19)) == true)
        server.subscribe(F.first, cccd: 0x1A, [])
        _ = server.handle(confirmation, from: F.first)
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)
    }

    @Test("disconnecting frees the queues and a waiting update can go on")
    func disconnectFrees() throws {
        var server = try F.server(GATTServerConfiguration(transmitQueueCapacity: 1))
        server.subscribe(F.first, cccd: 0x1A, .indication)
        _ = server.notifications(for: F.handle(0x19), value: [1])
        #expect(server.updateValue([2], for: F.handle(0x19)) == true)
        #expect(server.updateValue([3], for: F.handle(0x19)) == false)
        _ = server.takeEvents()
        server.disconnected(F.first.id)
        #expect(server.takeEvents().last == .readyToUpdateSubscribers)
        #expect(server.nextOutgoingPDU(for: F.first.id) == nil)
        #expect(!server.hasOutstandingIndication(on: F.first.id))
    }
}
