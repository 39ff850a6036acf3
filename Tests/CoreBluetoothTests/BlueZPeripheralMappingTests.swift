import BlueZ
import Foundation
import Testing

@testable import CoreBluetooth

@Suite("BlueZ backend: published services and answers", .timeLimit(.minutes(1)))
struct BlueZPeripheralMappingTests {
    @Test("properties and permissions become BlueZ flags; encryption moves to encrypt-read, -write, -notify")
    func flags() {
        #expect(
            BlueZPublishing.flags([.read, .write, .notify], [.readable, .writeable], reliableWrite: false) == [
                "read", "write", "notify",
            ])
        #expect(
            BlueZPublishing.flags(
                [.read, .writeWithoutResponse, .write, .indicate], [.readEncryptionRequired, .writeEncryptionRequired],
                reliableWrite: false) == [
                    "encrypt-read", "write-without-response", "encrypt-write", "encrypt-indicate",
                ])
        #expect(
            BlueZPublishing.flags([.read, .write, .extendedProperties], [.readable, .writeable], reliableWrite: true)
                == ["read", "write", "reliable-write"])
    }

    @Test("services become application objects: 128-bit UUIDs, includes by position, cached values, own descriptors")
    func services() {
        let included = CBMutableService(type: CBUUID(string: "180F"), primary: false)
        let service = CBMutableService(type: CBUUID(string: "1809"), primary: true)
        service.includedServices = [included]
        let cached = CBMutableCharacteristic(
            type: CBUUID(string: "2A29"), properties: .read, value: Data("Acme".utf8), permissions: .readable)
        let dynamic = CBMutableCharacteristic(
            type: CBUUID(string: "2A21"), properties: [.read, .notify], value: nil, permissions: .readable)
        dynamic.descriptors = [
            CBMutableDescriptor(type: CBUUID(string: "2901"), value: "Interval"),
            CBMutableDescriptor(type: CBUUID(string: "2902"), value: Data([0, 0])),
        ]
        service.characteristics = [cached, dynamic]
        let objects = BlueZPublishing.services([included, service])
        #expect(
            objects.map(\.uuid) == ["0000180f-0000-1000-8000-00805f9b34fb", "00001809-0000-1000-8000-00805f9b34fb"])
        #expect(objects[1].includes == [0])
        #expect(objects[1].isPrimary && !objects[0].isPrimary)
        #expect(objects[1].characteristics[0].staticValue == Array("Acme".utf8))
        #expect(objects[1].characteristics[1].staticValue == nil)
        #expect(
            objects[1].characteristics[1].descriptors == [
                BlueZLocalDescriptor(
                    uuid: "00002901-0000-1000-8000-00805f9b34fb", flags: ["read"], value: Array("Interval".utf8))
            ])
    }

    @Test("answers carry the names bluetoothd turns into the ATT error; codes it cannot name stay errors")
    func errorNames() {
        #expect(BlueZError(answering: 0x02).name == "org.bluez.Error.NotPermitted")
        #expect(BlueZError(answering: 0x03).name == "org.bluez.Error.NotPermitted")
        #expect(BlueZError(answering: 0x06).name == "org.bluez.Error.NotSupported")
        #expect(BlueZError(answering: 0x07).name == "org.bluez.Error.InvalidOffset")
        #expect(BlueZError(answering: 0x08).name == "org.bluez.Error.NotAuthorized")
        #expect(BlueZError(answering: 0x0D).name == "org.bluez.Error.InvalidValueLength")
        #expect(BlueZError(answering: 0x80) == BlueZError(name: "org.bluez.Error.Failed", message: "0x80"))
        #expect(BlueZError(answering: 0x9F) == BlueZError(name: "org.bluez.Error.Failed", message: "0x9f"))
        #expect(BlueZError(answering: 0x0F).name == "org.corebluetooth.Error.ATT")
    }

    @Test("updates stop at the capacity, one round trip covers what was sent before it, ready follows a refusal")
    func updateFlow() {
        var flow = BlueZUpdateFlow(capacity: 2)
        #expect(flow.take() == (true, true))
        #expect(flow.take() == (true, false))
        #expect(flow.take() == (false, false))
        #expect(flow.roundTripEnded() == (true, true), "the second value came after the first round trip started")
        #expect(flow.take() == (true, false))
        #expect(flow.roundTripEnded() == (false, true), "the third value came after the second round trip started")
        #expect(flow.roundTripEnded() == (false, false))
        #expect(flow.unconfirmed == 0)
        #expect(flow.take() == (true, true))
    }
}
