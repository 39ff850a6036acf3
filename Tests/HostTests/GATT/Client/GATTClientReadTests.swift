import HCI
import Host
import Testing

@Suite("GATT client reads", .timeLimit(.minutes(2)))
struct GATTClientReadTests {
    typealias PDU = GATTClientPDU
    private func h(_ raw: UInt16) -> AttributeHandle { PDU.h(raw) }

    @Test("Read Characteristic Value (GATT/CL/GAR/BV-01-C) takes a short value from one Read Request")
    func readShort() {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23),
            script: [(PDU.read(0x0003), .readResponse(ATTReadResponse(value: [0x06, 0x48])))])
        #expect(run.result == [0x06, 0x48])
    }

    @Test("Read Long Characteristic Values (GATT/CL/GAR/BV-04-C) of 300 bytes at MTU 23 takes a Read and 13 Read Blobs")
    func readLong300() throws {
        var server = GATTClientTestServer(mtu: 23)
        server.addService(BluetoothUUID(uuid16: 0x180D))
        let handle = server.addCharacteristic(BluetoothUUID(uuid16: 0x2A37), value: PDU.pattern(300))
        let run = GATTClientDriver.run(GATTClientReadValue(handle: handle, mtu: 23), on: &server)
        #expect(try #require(run.result) == PDU.pattern(300))
        let blobs = run.requests.dropFirst()
        #expect(run.requests.first == PDU.read(handle.rawValue))
        #expect(blobs.count == 13)
        #expect(Array(blobs) == (1...13).map { PDU.readBlob(handle.rawValue, UInt16($0 * 22)) })
    }

    @Test("a long read at MTU 517 needs no Read Blob for 300 bytes")
    func readLongLargeMTU() {
        var server = GATTClientTestServer(mtu: 517)
        let handle = server.addDescriptor(BluetoothUUID(uuid16: 0x2901), value: PDU.pattern(300))
        let run = GATTClientDriver.run(GATTClientReadValue(handle: handle, mtu: 517), on: &server)
        #expect(run.result == PDU.pattern(300))
        #expect(run.requests.count == 1)
    }

    @Test("a value of exactly ATT_MTU - 1 bytes asks once more and ends on the empty part")
    func exactlyFull() {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23),
            script: [
                (PDU.read(0x0003), .readResponse(ATTReadResponse(value: PDU.pattern(22)))),
                (PDU.readBlob(0x0003, 22), .readBlobResponse(ATTReadBlobResponse(value: []))),
            ])
        #expect(run.result == PDU.pattern(22))
    }

    @Test(
        "Attribute Not Long or Invalid Offset on a Read Blob ends the read with what was read",
        arguments: [ATTErrorCode.attributeNotLong, .invalidOffset])
    func blobRefusalEnds(code: ATTErrorCode) {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23),
            script: [
                (PDU.read(0x0003), .readResponse(ATTReadResponse(value: PDU.pattern(22)))),
                (PDU.readBlob(0x0003, 22), PDU.error(.readBlobRequest, 0x0003, code)),
            ])
        #expect(run.result == PDU.pattern(22))
    }

    @Test("another error on a Read Blob fails the read")
    func blobErrorFails() {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23),
            script: [
                (PDU.read(0x0003), .readResponse(ATTReadResponse(value: PDU.pattern(22)))),
                (PDU.readBlob(0x0003, 22), PDU.error(.readBlobRequest, 0x0003, .insufficientEncryption)),
            ])
        #expect(run.error == .attError(.insufficientEncryption, handle: h(0x0003)))
    }

    @Test("Read Not Permitted fails the read with the code and handle")
    func readNotPermitted() {
        var server = GATTClientTestServer(mtu: 23)
        let handle = server.addDescriptor(BluetoothUUID(uuid16: 0x2A37), value: [1, 2])
        server.unreadable = [handle]
        let run = GATTClientDriver.run(GATTClientReadValue(handle: handle, mtu: 23), on: &server)
        #expect(run.error == .attError(.readNotPermitted, handle: handle))
    }

    @Test("a server that never stops sending full parts is read only to the 512 bytes a value can hold")
    func endlessValue() {
        let run = GATTClientDriver.run(GATTClientReadValue(handle: h(0x0003), mtu: 23)) { request in
            request.opcode == .readRequest
                ? .readResponse(ATTReadResponse(value: PDU.pattern(22)))
                : .readBlobResponse(ATTReadBlobResponse(value: PDU.pattern(22)))
        }
        // 23 parts make 506 bytes; the 24th passes 512 and is cut there.
        #expect(run.result?.count == 512)
        #expect(run.requests.count == 24)
    }

    @Test("a value of exactly 512 bytes read in full parts needs no request past it")
    func exactly512() {
        var server = GATTClientTestServer(mtu: 129)
        let handle = server.addDescriptor(BluetoothUUID(uuid16: 0x2A37), value: PDU.pattern(512))
        let run = GATTClientDriver.run(GATTClientReadValue(handle: handle, mtu: 129), on: &server)
        #expect(run.result == PDU.pattern(512))
        #expect(run.requests.map(\.opcode) == [.readRequest, .readBlobRequest, .readBlobRequest, .readBlobRequest])
    }

    @Test("a read that does not read long values stops after the first part")
    func shortOnly() {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23, readsLongValue: false),
            script: [(PDU.read(0x0003), .readResponse(ATTReadResponse(value: PDU.pattern(22))))])
        #expect(run.result == PDU.pattern(22))
    }

    @Test("a Read Blob Response to a Read Request is unexpected")
    func wrongResponse() {
        let run = GATTClientDriver.run(
            GATTClientReadValue(handle: h(0x0003), mtu: 23),
            script: [(PDU.read(0x0003), .readBlobResponse(ATTReadBlobResponse(value: [1])))])
        #expect(run.error == .unexpectedResponse(.readBlobResponse))
    }

    @Test("Read Multiple Characteristic Values (GATT/CL/GAR/BV-05-C) returns the values back to back")
    func readMultiple() {
        let run = GATTClientDriver.run(
            GATTClientReadMultiple(handles: [h(0x0003), h(0x0007)]),
            script: [
                (
                    .readMultipleRequest(ATTReadMultipleRequest(handles: [h(0x0003), h(0x0007)])),
                    .readMultipleResponse(ATTReadMultipleResponse(setOfValues: [0x01, 0x02, 0x03]))
                )
            ])
        #expect(run.result == [0x01, 0x02, 0x03])
    }

    @Test("Read Multiple of one handle is a Read, of none is nothing")
    func readMultipleDegenerate() {
        let one = GATTClientDriver.run(
            GATTClientReadMultiple(handles: [h(0x0003)]),
            script: [(PDU.read(0x0003), .readResponse(ATTReadResponse(value: [0x09])))])
        #expect(one.result == [0x09])
        let none = GATTClientDriver.run(GATTClientReadMultiple(handles: []), script: [])
        #expect(none.result == [])
    }

    @Test("a refused Read Multiple fails with the code and the handle that was refused")
    func readMultipleRefused() {
        let run = GATTClientDriver.run(
            GATTClientReadMultiple(handles: [h(0x0003), h(0x0007)]),
            script: [
                (
                    .readMultipleRequest(ATTReadMultipleRequest(handles: [h(0x0003), h(0x0007)])),
                    PDU.error(.readMultipleRequest, 0x0007, .readNotPermitted)
                )
            ])
        #expect(run.error == .attError(.readNotPermitted, handle: h(0x0007)))
    }

    @Test("Read Using Characteristic UUID (GATT/CL/GAR/BV-03-C) reads the Database Hash")
    func readDatabaseHash() {
        let hash = PDU.pattern(16)
        let run = GATTClientDriver.run(
            GATTClientReadUsingCharacteristicUUID(uuid: GATTClientReadUsingCharacteristicUUID.databaseHash),
            script: [(PDU.readByType(0x0001, 0xFFFF, 0x2B2A), PDU.values([(0x000E, hash)]))])
        #expect(run.result == [ATTReadByTypeResponse.AttributeData(handle: h(0x000E), value: hash)])
    }

    @Test("Read Using Characteristic UUID finishes with nothing on Attribute Not Found")
    func readByUUIDNotFound() {
        let run = GATTClientDriver.run(
            GATTClientReadUsingCharacteristicUUID(uuid: GATTClientReadUsingCharacteristicUUID.databaseHash),
            script: [
                (PDU.readByType(0x0001, 0xFFFF, 0x2B2A), PDU.error(.readByTypeRequest, 0x0001, .attributeNotFound))
            ])
        #expect(run.result == [])
    }
}
