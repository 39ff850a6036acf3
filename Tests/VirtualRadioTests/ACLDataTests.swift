import HCI
import Testing

@testable import VirtualRadio

@Suite("ACL data across the air", .timeLimit(.minutes(2)))
struct ACLDataTests {
    let air = Air(clock: ManualClock())

    private func connectedPair(
        central: VirtualControllerConfiguration = .init(), peripheral: VirtualControllerConfiguration = .init()
    ) async throws -> (TestHost, TestHost, (central: ConnectionHandle, peripheral: ConnectionHandle)) {
        let c = try await TestHost.make(on: air, configuration: central, randomAddress: Addresses.first)
        let p = try await TestHost.make(on: air, configuration: peripheral, randomAddress: Addresses.second)
        let handles = try await c.connect(to: p)
        return (c, p, handles)
    }

    /// Sends a PDU as the host's buffers require: fragments of `bufferLength`, the first marked as a start.
    private func sendPDU(
        _ pdu: [UInt8], from host: TestHost, handle: ConnectionHandle, bufferLength: Int
    ) async throws
        -> Int
    {
        var offset = 0
        var fragments = 0
        while offset < pdu.count {
            let end = min(offset + bufferLength, pdu.count)
            let boundary: ACLDataPacket.BoundaryFlag = offset == 0 ? .firstNonFlushable : .continuing
            try await host.send(.acl(ACLDataPacket(handle: handle, boundary: boundary, data: Array(pdu[offset..<end]))))
            offset = end
            fragments += 1
        }
        return fragments
    }

    /// Reassembles one PDU from the ACL packets the host receives.
    private func receivePDU(_ host: TestHost, handle: ConnectionHandle, length: Int) async throws -> [ACLDataPacket] {
        var packets: [ACLDataPacket] = []
        var received = 0
        while received < length {
            let packet = try await host.expectACL()
            #expect(packet.handle == handle)
            packets.append(packet)
            received += packet.data.count
        }
        return packets
    }

    private func completedPackets(_ host: TestHost) async throws -> [NumberOfCompletedPacketsEvent.Entry] {
        try await host.drainEvents().flatMap { event -> [NumberOfCompletedPacketsEvent.Entry] in
            if case .numberOfCompletedPackets(let e) = event { return e.entries }
            return []
        }
    }

    @Test(
        "A PDU larger than the controller's buffer crosses both ways in fragments, each acknowledged by Number Of Completed Packets",
        arguments: [true, false])
    func fragmentedPDUBothWays(fromCentral: Bool) async throws {
        let small = VirtualControllerConfiguration(aclBufferLength: 27, aclBufferCount: 4)
        let (central, peripheral, handles) = try await connectedPair(central: small, peripheral: small)
        let (sender, receiver) = fromCentral ? (central, peripheral) : (peripheral, central)
        let senderHandle = fromCentral ? handles.central : handles.peripheral
        let receiverHandle = fromCentral ? handles.peripheral : handles.central
        let pdu = (0..<100).map { UInt8($0) }
        let sent = try await sendPDU(pdu, from: sender, handle: senderHandle, bufferLength: 27)
        #expect(sent == 4)
        let packets = try await receivePDU(receiver, handle: receiverHandle, length: pdu.count)
        #expect(packets.flatMap(\.data) == pdu)
        #expect(packets.first?.boundary == .firstFlushable)
        #expect(packets.dropFirst().allSatisfy { $0.boundary == .continuing })
        let completed = try await completedPackets(sender)
        #expect(completed.allSatisfy { $0.handle == senderHandle })
        #expect(completed.reduce(0) { $0 + Int($1.completedPackets) } == sent)
    }

    @Test("Data crosses in data PDUs of the link's data length: 27 octets until LE Set Data Length raises it")
    func dataLengthShapesDelivery() async throws {
        let (central, peripheral, handles) = try await connectedPair()
        let pdu = (0..<251).map { UInt8(truncatingIfNeeded: $0 * 7) }
        _ = try await sendPDU(pdu, from: central, handle: handles.central, bufferLength: 251)
        let slow = try await receivePDU(peripheral, handle: handles.peripheral, length: pdu.count)
        #expect(slow.map(\.data.count) == Array(repeating: 27, count: 9) + [8])
        #expect(slow.flatMap(\.data) == pdu)
        _ = try await central.execute(LESetDataLengthCommand(handle: handles.central, txOctets: 251, txTime: 2120))
        _ = try await sendPDU(pdu, from: central, handle: handles.central, bufferLength: 251)
        let fast = try await receivePDU(peripheral, handle: handles.peripheral, length: pdu.count)
        #expect(fast.map(\.data.count) == [251])
    }

    @Test("A slow receiving host holds the sender back: completions never exceed what the controller accepted")
    func flowControl() async throws {
        let (central, peripheral, handles) = try await connectedPair(
            central: .init(aclBufferLength: 27, aclBufferCount: 4), peripheral: .init(hostQueueCapacity: 16))
        for index in 0..<20 {
            try await central.send(
                .acl(ACLDataPacket(handle: handles.central, boundary: .firstNonFlushable, data: [UInt8(index)])))
        }
        let early = try await completedPackets(central).reduce(0) { $0 + Int($1.completedPackets) }
        #expect(early == 12, "the receiver's queue takes 12 packets; 4 more wait in the sender's buffers")
        var delivered: [UInt8] = []
        while delivered.count < 16 {
            delivered += try await peripheral.expectACL().data
        }
        #expect(delivered == Array(0..<16), "packets beyond the sender's 4 buffers were discarded")
        let late = try await completedPackets(central).reduce(0) { $0 + Int($1.completedPackets) }
        #expect(early + late == 16)
        #expect(try await peripheral.drain().isEmpty)
    }

    @Test("ACL on an unknown handle, or longer than a buffer, is discarded without a completion")
    func invalidACLDiscarded() async throws {
        let (central, peripheral, handles) = try await connectedPair(central: .init(aclBufferLength: 27))
        try await central.send(
            .acl(ACLDataPacket(handle: ConnectionHandle(rawValue: 0x0EEE), boundary: .firstNonFlushable, data: [1])))
        try await central.send(
            .acl(
                ACLDataPacket(
                    handle: handles.central, boundary: .firstNonFlushable, data: Array(repeating: 0, count: 28))))
        #expect(try await central.drain().isEmpty)
        #expect(try await peripheral.drain().isEmpty)
    }

    @Test("Data still in flight when the link ends is dropped, and its buffers are free again")
    func disconnectFreesBuffers() async throws {
        let (central, _, handles) = try await connectedPair(
            central: .init(aclBufferLength: 27, aclBufferCount: 2), peripheral: .init(hostQueueCapacity: 8))
        for index in 0..<8 {
            try await central.send(
                .acl(ACLDataPacket(handle: handles.central, boundary: .firstNonFlushable, data: [UInt8(index)])))
        }
        _ = try await central.start(DisconnectCommand(handle: handles.central, reason: .remoteUserTerminatedConnection))
        _ = try await central.expectDisconnection()
        let other = try await TestHost.make(on: air, randomAddress: Addresses.third)
        let again = try await central.connect(to: other)
        for index in 0..<2 {
            try await central.send(
                .acl(ACLDataPacket(handle: again.central, boundary: .firstNonFlushable, data: [UInt8(index)])))
        }
        #expect(try await other.expectACL().data == [0])
        #expect(try await other.expectACL().data == [1])
    }
}

@Suite("Delivering held ACL", .timeLimit(.minutes(2)))
struct HeldACLOrderTests {
    let air = Air(clock: ManualClock())

    @Test("the sender's completion report goes out ahead of the data it reports, so the sender refills first")
    func completionAheadOfData() async throws {
        let central = try await TestHost.make(on: air, randomAddress: Addresses.first)
        let peripheral = try await TestHost.make(on: air, randomAddress: Addresses.second)
        let handles = try await central.connect(to: peripheral)
        let packets = (1...3).map { byte in
            ACLDataPacket(handle: handles.central, boundary: .firstNonFlushable, data: [UInt8(byte)])
        }
        let order = await air.outboxAfterTaking(packets, from: central.controller.id)
        #expect(
            order.map(\.controller) == [central.controller.id] + Array(repeating: peripheral.controller.id, count: 3))
        #expect(order.map(\.kind) == [.event, .acl, .acl, .acl])
        for byte in UInt8(1)...3 { #expect(try await peripheral.expectACL().data == [byte]) }
        let reported = try await central.expect { event in
            if case .numberOfCompletedPackets(let event) = event { return event.entries }
            return nil
        }
        #expect(reported == [.init(handle: handles.central, completedPackets: 3)])
    }
}

extension Air {
    /// Takes ACL packets from a controller's host as ``receive(_:from:)`` does, and returns whom the outbox then
    /// addresses and with what, in order, before it is flushed to the hosts.
    fileprivate func outboxAfterTaking(
        _ packets: [ACLDataPacket], from id: ControllerID
    ) -> [(controller: ControllerID, kind: HostQueue.Kind)] {
        guard let sender = controllers[id] else { return [] }
        var receivers: [ControllerState] = []
        for packet in packets { take(packet, from: sender, releasingTo: &receivers) }
        release(&receivers)
        defer { flush() }
        return outbox.map { ($0.controller, $0.kind) }
    }
}
