import HCI
import Host
import Testing

@Suite("GATT client and server over two wired ATT bearers", .timeLimit(.minutes(2)))
@MainActor
struct GATTOverBearerTests {
    @Test("Exchange MTU settles both bearers and the server on the smaller receive MTU")
    func exchangeMTU() async throws {
        let wire = try WiredGATT(clientMTU: 247, serverMTU: 185)
        let mtu = try await wire.client.exchangeMTU()
        #expect(mtu == 185)
        #expect(wire.serverBearer.mtu == 185)
        let long = try await wire.characteristic(WiredGATT.long)
        wire.link.resetCount()
        let value = try await wire.client.run(GATTClientReadValue(handle: long.valueHandle, mtu: wire.client.mtu))
        #expect(value == WiredGATT.longValue)
        #expect(wire.link.centralRequestCount == 2)
        #expect(wire.adapter.server.mtu(of: WiredGATT.connection) == 185)
    }

    @Test("full discovery at ATT_MTU 23 finds every service, characteristic and descriptor in 12 round trips")
    func fullDiscovery() async throws {
        let wire = try WiredGATT()
        let services = try await wire.discoverAll()
        let descriptors = try await wire.descriptors(of: services)
        #expect(
            services.map(\.service) == [
                DiscoveredService(uuid: BluetoothUUID(uuid16: 0x1800), handleRange: h(0x01)...h(0x05)),
                DiscoveredService(uuid: BluetoothUUID(uuid16: 0x1801), handleRange: h(0x06)...h(0x0D)),
                DiscoveredService(uuid: BluetoothUUID(uuid16: 0x180D), handleRange: h(0x0E)...h(0x15)),
                DiscoveredService(uuid: WiredGATT.vendorService, handleRange: h(0x16)...h(0x1B)),
            ])
        let heartRate = services[2].characteristics
        #expect(
            heartRate.map(\.uuid) == [
                WiredGATT.heartRateMeasurement, WiredGATT.bodySensorLocation, WiredGATT.controlPoint,
            ])
        #expect(heartRate.map(\.valueHandle) == [h(0x10), h(0x13), h(0x15)])
        #expect(services[3].characteristics.map(\.uuid) == [WiredGATT.long, WiredGATT.notes])
        #expect(services[3].characteristics.map(\.valueHandle) == [h(0x18), h(0x1A)])
        let cccd = BluetoothUUID.clientCharacteristicConfiguration
        #expect(descriptors[h(0x10)] == [DiscoveredDescriptor(uuid: cccd, handle: h(0x11))])
        #expect(descriptors[h(0x1A)] == [DiscoveredDescriptor(uuid: cccd, handle: h(0x1B))])
        #expect(descriptors.count == 3)
        // Services: 3 groups, the vendor group, Attribute Not Found. Characteristics: one response each in GAP,
        // GATT and Heart Rate; in the vendor service one 128-bit declaration per response, then Attribute Not
        // Found for the CCCD after Notes. Descriptors: the CCCDs of Service Changed, Measurement and Notes.
        #expect(wire.link.centralRequestCount == 3 + 6 + 3)
    }

    @Test("Read Long reads a 300-byte value at ATT_MTU 23 in a Read and 13 Read Blobs")
    func readLong() async throws {
        let wire = try WiredGATT()
        let long = try await wire.characteristic(WiredGATT.long)
        wire.link.resetCount()
        let value = try await wire.client.run(GATTClientReadValue(handle: long.valueHandle, mtu: 23))
        #expect(value == WiredGATT.longValue)
        #expect(wire.link.centralRequestCount == 14)
        let lastRequest = ATTPDU.readBlobRequest(ATTReadBlobRequest(handle: long.valueHandle, offset: 286))
        #expect(wire.link.centralPDUs.last == lastRequest)
    }

    @Test("a write reaches the application and reads back")
    func writeAndRead() async throws {
        let wire = try WiredGATT()
        let notes = try await wire.characteristic(WiredGATT.notes)
        try await wire.client.run(GATTClientWriteValue(handle: notes.valueHandle, value: [1, 2, 3], mtu: 23))
        #expect(wire.values[notes.valueHandle] == [1, 2, 3])
        let read = try await wire.client.run(GATTClientReadValue(handle: notes.valueHandle, mtu: 23))
        #expect(read == [1, 2, 3])
    }

    @Test("a write without response reaches the application")
    func writeWithoutResponse() async throws {
        let wire = try WiredGATT()
        let notes = try await wire.characteristic(WiredGATT.notes)
        try wire.client.write(GATTClientWriteWithoutResponse(handle: notes.valueHandle, value: [9], mtu: 23))
        _ = await nextElement(of: wire.deferredRequests)
        #expect(wire.values[notes.valueHandle] == [9])
    }

    @Test("Write Long sends prepared writes and one execute, and the whole value reads back")
    func writeLong() async throws {
        let wire = try WiredGATT()
        let notes = try await wire.characteristic(WiredGATT.notes)
        let value = (0..<100).map { UInt8($0) }
        wire.link.resetCount()
        try await wire.client.run(GATTClientWriteLongValue(handle: notes.valueHandle, value: value, mtu: 23))
        #expect(wire.link.centralRequestCount == 6 + 1)
        #expect(wire.values[notes.valueHandle] == value)
        let read = try await wire.client.run(GATTClientReadValue(handle: notes.valueHandle, mtu: 23))
        #expect(read == value)
    }

    @Test("subscribing through the CCCD makes a value update arrive as a notification")
    func notification() async throws {
        let wire = try WiredGATT()
        let services = try await wire.discoverAll()
        let measurement = try #require(
            services.flatMap(\.characteristics).first { $0.uuid == WiredGATT.heartRateMeasurement })
        let descriptors = try await wire.client.run(GATTClientDiscoverDescriptors(characteristic: measurement))
        let cccd = try #require(descriptors.first { $0.isClientCharacteristicConfiguration })
        try await wire.client.run(
            GATTClientWriteClientConfiguration(descriptorHandle: cccd.handle, configuration: .notification))
        #expect(wire.adapter.server.subscribers(of: measurement.valueHandle) == [WiredGATT.connection])
        #expect(wire.adapter.updateValue([0x00, 72], for: measurement.valueHandle))
        let received = await nextElement(of: wire.notifications)
        let expected = ATTHandleValueNotification(handle: measurement.valueHandle, value: [0x00, 72])
        #expect(received == .handleValueNotification(expected))
    }

    @Test("indications go one at a time: the second is sent only after the client confirmed the first")
    func indications() async throws {
        let wire = try WiredGATT()
        let notes = try await wire.characteristic(WiredGATT.notes)
        let descriptors = try await wire.client.run(GATTClientDiscoverDescriptors(characteristic: notes))
        let cccd = try #require(descriptors.first { $0.isClientCharacteristicConfiguration })
        try await wire.client.run(
            GATTClientWriteClientConfiguration(descriptorHandle: cccd.handle, configuration: .indication))
        #expect(wire.adapter.updateValue([1], for: notes.valueHandle))
        #expect(wire.adapter.updateValue([2], for: notes.valueHandle))
        #expect(wire.adapter.server.hasOutstandingIndication(on: WiredGATT.connection))
        var received: [ATTPDU] = []
        for await pdu in wire.notifications {
            received.append(pdu)
            if received.count == 2 { break }
        }
        #expect(
            received == [
                .handleValueIndication(ATTHandleValueIndication(handle: notes.valueHandle, value: [1])),
                .handleValueIndication(ATTHandleValueIndication(handle: notes.valueHandle, value: [2])),
            ])
        let confirmed = GATTServerEvent.indicationConfirmed(
            connection: WiredGATT.connection, valueHandle: notes.valueHandle)
        #expect(wire.serverEvents.contains(confirmed))
    }

    @Test("Read Not Permitted from the server surfaces as an ATT error with its code and handle")
    func readNotPermitted() async throws {
        let wire = try WiredGATT()
        let controlPoint = try await wire.characteristic(WiredGATT.controlPoint)
        let refusal = GATTProcedureError.procedure(.attError(.readNotPermitted, handle: controlPoint.valueHandle))
        await #expect(throws: refusal) {
            try await wire.client.run(GATTClientReadValue(handle: controlPoint.valueHandle, mtu: 23))
        }
        #expect(wire.client.isOpen)
    }

    @Test("a disconnection fails the procedure in flight with disconnected")
    func disconnectionFailsProcedure() async throws {
        let wire = try WiredGATT()
        let notes = try await wire.characteristic(WiredGATT.notes)
        wire.holdsRequests = true
        let read = Task { try await wire.client.run(GATTClientReadValue(handle: notes.valueHandle, mtu: 23)) }
        _ = await nextElement(of: wire.deferredRequests)
        wire.client.disconnected(reason: .remoteUserTerminatedConnection)
        wire.adapter.disconnected(WiredGATT.connection)
        let failure = GATTProcedureError.bearer(.disconnected(reason: .remoteUserTerminatedConnection))
        await #expect(throws: failure) {
            try await read.value
        }
    }

    private func h(_ raw: UInt16) -> AttributeHandle {
        AttributeHandle(rawValue: raw)
    }

    private func nextElement<Element>(of stream: AsyncStream<Element>) async -> Element? {
        for await element in stream { return element }
        return nil
    }
}
