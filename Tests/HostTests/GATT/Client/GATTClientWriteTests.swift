import HCI
import Host
import Testing

@Suite("GATT client writes", .timeLimit(.minutes(2)))
struct GATTClientWriteTests {
    typealias PDU = GATTClientPDU
    private func h(_ raw: UInt16) -> AttributeHandle { PDU.h(raw) }

    private func finished(_ run: GATTClientRun<Void>) -> Bool {
        guard case .finished? = run.outcome else { return false }
        return true
    }

    @Test("Write Characteristic Value (GATT/CL/GAW/BV-03-C) sends a Write Request and ends on the Write Response")
    func write() {
        let run = GATTClientDriver.run(
            GATTClientWriteValue(handle: h(0x0003), value: [0x01, 0x02], mtu: 23),
            script: [
                (
                    .writeRequest(ATTWriteRequest(handle: h(0x0003), value: [0x01, 0x02])),
                    .writeResponse(ATTWriteResponse())
                )
            ])
        #expect(finished(run))
    }

    @Test("a refused write fails with the code and handle")
    func writeRefused() {
        let run = GATTClientDriver.run(
            GATTClientWriteValue(handle: h(0x0003), value: [0x01], mtu: 23),
            script: [
                (
                    .writeRequest(ATTWriteRequest(handle: h(0x0003), value: [0x01])),
                    PDU.error(.writeRequest, 0x0003, .writeNotPermitted)
                )
            ])
        #expect(run.error == .attError(.writeNotPermitted, handle: h(0x0003)))
    }

    @Test("a Write Request value longer than ATT_MTU - 3 fails before anything is sent")
    func writeTooLong() {
        let run = GATTClientDriver.run(
            GATTClientWriteValue(handle: h(0x0003), value: PDU.pattern(21), mtu: 23), script: [])
        #expect(run.error == .valueTooLong(length: 21, maximum: 20))
    }

    @Test("Write Without Response (GATT/CL/GAW/BV-01-C) is a Write Command that fits in ATT_MTU - 3")
    func writeWithoutResponse() throws {
        let command = try GATTClientWriteWithoutResponse(handle: h(0x0003), value: PDU.pattern(20), mtu: 23)
        #expect(command.pdu == .writeCommand(ATTWriteCommand(handle: h(0x0003), value: PDU.pattern(20))))
        #expect(throws: GATTClientError.valueTooLong(length: 21, maximum: 20)) {
            try GATTClientWriteWithoutResponse(handle: self.h(0x0003), value: PDU.pattern(21), mtu: 23)
        }
    }

    @Test(
        "Write Long Characteristic Values (GATT/CL/GAW/BV-05-C) of 300 bytes at MTU 23 prepares 17 segments of 18 bytes"
    )
    func writeLong300() throws {
        var server = GATTClientTestServer(mtu: 23)
        let handle = server.addDescriptor(BluetoothUUID(uuid16: 0x2A37))
        let value = PDU.pattern(300)
        let run = GATTClientDriver.run(GATTClientWriteLongValue(handle: handle, value: value, mtu: 23), on: &server)
        #expect(finished(run))
        #expect(server.value(at: handle) == value)
        let expected = stride(from: 0, to: 300, by: 18).map {
            PDU.prepare(handle.rawValue, UInt16($0), Array(value[$0..<min($0 + 18, 300)]))
        }
        #expect(expected.count == 17)
        #expect(Array(run.requests.dropLast()) == expected)
        #expect(run.requests.last == PDU.execute(.writeAll))
    }

    @Test("a prepared segment echoed changed cancels the queue and fails")
    func echoMismatch() {
        var server = GATTClientTestServer(mtu: 23)
        let handle = server.addDescriptor(BluetoothUUID(uuid16: 0x2A37), value: [0xAA])
        server.corruptEcho = { request in
            guard request.offset == 36 else { return request }
            return ATTPrepareWriteRequest(
                handle: request.handle, offset: request.offset, value: [0xFF] + request.value.dropFirst())
        }
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: handle, value: PDU.pattern(300), mtu: 23), on: &server)
        #expect(run.error == .preparedWriteMismatch(handle: handle, offset: 36))
        #expect(run.requests.count == 4)
        #expect(run.requests.last == PDU.execute(.cancelAll))
        #expect(server.executedCancel)
        #expect(server.value(at: handle) == [0xAA])
    }

    @Test("an echo with the wrong handle or offset is a mismatch too")
    func echoWrongOffset() {
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: PDU.pattern(30), mtu: 23),
            script: [
                (PDU.prepare(0x0003, 0, PDU.pattern(18)), PDU.prepared(0x0003, 1, PDU.pattern(18))),
                (PDU.execute(.cancelAll), PDU.executed),
            ])
        #expect(run.error == .preparedWriteMismatch(handle: h(0x0003), offset: 0))
    }

    @Test("an Error Response once segments are queued cancels the queue and fails with the code")
    func prepareQueueFull() {
        let value = PDU.pattern(40)
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: value, mtu: 23),
            script: [
                (PDU.prepare(0x0003, 0, Array(value[0..<18])), PDU.prepared(0x0003, 0, Array(value[0..<18]))),
                (
                    PDU.prepare(0x0003, 18, Array(value[18..<36])),
                    PDU.error(.prepareWriteRequest, 0x0003, .prepareQueueFull)
                ),
                (PDU.execute(.cancelAll), PDU.executed),
            ])
        #expect(run.error == .attError(.prepareQueueFull, handle: h(0x0003)))
    }

    @Test("an Error Response to the first segment fails at once: nothing is queued to cancel")
    func firstPrepareRefused() {
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: PDU.pattern(40), mtu: 23),
            script: [
                (PDU.prepare(0x0003, 0, PDU.pattern(18)), PDU.error(.prepareWriteRequest, 0x0003, .writeNotPermitted))
            ])
        #expect(run.error == .attError(.writeNotPermitted, handle: h(0x0003)))
    }

    @Test("a refused Execute Write fails with the code and handle")
    func executeRefused() {
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: [1, 2], mtu: 23),
            script: [
                (PDU.prepare(0x0003, 0, [1, 2]), PDU.prepared(0x0003, 0, [1, 2])),
                (PDU.execute(.writeAll), PDU.error(.executeWriteRequest, 0x0003, .invalidAttributeValueLength)),
            ])
        #expect(run.error == .attError(.invalidAttributeValueLength, handle: h(0x0003)))
    }

    @Test("a long write starting at an offset numbers its segments from that offset")
    func writeLongAtOffset() {
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: PDU.pattern(20), offset: 100, mtu: 23),
            script: [
                (PDU.prepare(0x0003, 100, PDU.pattern(18)), PDU.prepared(0x0003, 100, PDU.pattern(18))),
                (PDU.prepare(0x0003, 118, [18, 19]), PDU.prepared(0x0003, 118, [18, 19])),
                (PDU.execute(.writeAll), PDU.executed),
            ])
        #expect(finished(run))
    }

    @Test("a long write past the 512 bytes a value can hold fails before anything is sent")
    func writeLongTooLong() {
        let run = GATTClientDriver.run(
            GATTClientWriteLongValue(handle: h(0x0003), value: PDU.pattern(513), mtu: 23), script: [])
        #expect(run.error == .valueTooLong(length: 513, maximum: 512))
    }

    @Test("Reliable Writes (GATT/CL/GAW/BV-06-C) prepare every value, then one Execute Write commits them")
    func reliableWrite() {
        var server = GATTClientTestServer(mtu: 23)
        let first = server.addDescriptor(BluetoothUUID(uuid16: 0x2A37), value: [0])
        let second = server.addDescriptor(BluetoothUUID(uuid16: 0x2A38), value: [0])
        let procedure = GATTClientReliableWrite(
            writes: [.init(handle: first, value: [1, 2, 3]), .init(handle: second, value: PDU.pattern(25))], mtu: 23)
        let run = GATTClientDriver.run(procedure, on: &server)
        #expect(finished(run))
        #expect(
            run.requests == [
                PDU.prepare(first.rawValue, 0, [1, 2, 3]),
                PDU.prepare(second.rawValue, 0, PDU.pattern(18)),
                PDU.prepare(second.rawValue, 18, Array(PDU.pattern(25)[18...])),
                PDU.execute(.writeAll),
            ])
        #expect(server.value(at: first) == [1, 2, 3])
        #expect(server.value(at: second) == PDU.pattern(25))
    }

    @Test("a reliable write of nothing needs no request")
    func reliableWriteEmpty() {
        let run = GATTClientDriver.run(GATTClientReliableWrite(writes: [], mtu: 23), script: [])
        #expect(finished(run))
    }

    @Test(
        "subscribing writes 0x0001 for notifications, 0x0002 for indications and 0x0000 to unsubscribe",
        arguments: [
            (GATTClientWriteClientConfiguration.Configuration.notification, [UInt8(0x01), 0x00]),
            (.indication, [0x02, 0x00]),
            (GATTClientWriteClientConfiguration.Configuration(), [0x00, 0x00]),
        ])
    func clientConfiguration(configuration: GATTClientWriteClientConfiguration.Configuration, value: [UInt8]) {
        let run = GATTClientDriver.run(
            GATTClientWriteClientConfiguration(descriptorHandle: h(0x0004), configuration: configuration),
            script: [
                (.writeRequest(ATTWriteRequest(handle: h(0x0004), value: value)), .writeResponse(ATTWriteResponse()))
            ])
        #expect(finished(run))
    }

    @Test("a refused subscription fails with the code and handle")
    func clientConfigurationRefused() {
        let run = GATTClientDriver.run(
            GATTClientWriteClientConfiguration(descriptorHandle: h(0x0004), configuration: .indication),
            script: [
                (
                    .writeRequest(ATTWriteRequest(handle: h(0x0004), value: [0x02, 0x00])),
                    PDU.error(.writeRequest, 0x0004, .cccdImproperlyConfigured)
                )
            ])
        #expect(run.error == .attError(.cccdImproperlyConfigured, handle: h(0x0004)))
    }
}
