import Host

extension FuzzTarget {
    /// A GATT client procedure, chosen by the input, fed the responses a peripheral sends until it finishes.
    static let gattClient = FuzzTarget(name: "gatt-client") { bytes in
        var input = FuzzInput(bytes)
        let choice = input.byte()
        let mtu = 23 + Int(input.byte())
        switch choice % 12 {
        case 0: drive(GATTClientDiscoverAllPrimaryServices(), &input)
        case 1: drive(GATTClientDiscoverPrimaryServicesByUUID(uuid: BluetoothUUID(uuid16: 0x180D)), &input)
        case 2: drive(GATTClientFindIncludedServices(range: handle(1)...handle(0xFFFF)), &input)
        case 3: drive(GATTClientDiscoverCharacteristics(range: handle(1)...handle(0xFFFF)), &input)
        case 4: drive(GATTClientDiscoverDescriptors(range: handle(2)...handle(0xFFFF)), &input)
        case 5: drive(GATTClientReadValue(handle: handle(3), mtu: mtu), &input)
        case 6: drive(GATTClientReadMultiple(handles: [handle(3), handle(5)]), &input)
        case 7: drive(GATTClientReadUsingCharacteristicUUID(uuid: BluetoothUUID(uuid16: 0x2A37)), &input)
        case 8: drive(GATTClientWriteValue(handle: handle(3), value: [1, 2, 3], mtu: mtu), &input)
        case 9:
            let value = (0..<300).map { UInt8(truncatingIfNeeded: $0) }
            drive(GATTClientWriteLongValue(handle: handle(3), value: value, mtu: mtu), &input)
        case 10:
            let writes = [
                GATTClientReliableWrite.Write(handle: handle(3), value: Array(repeating: 7, count: 40)),
                GATTClientReliableWrite.Write(handle: handle(5), value: [1], offset: 2),
            ]
            drive(GATTClientReliableWrite(writes: writes, mtu: mtu), &input)
        default:
            drive(GATTClientWriteClientConfiguration(descriptorHandle: handle(4), configuration: .notification), &input)
        }
    }

    private static func handle(_ raw: UInt16) -> AttributeHandle {
        AttributeHandle(rawValue: raw)
    }

    private static func drive<Procedure: GATTClientProcedure>(_ procedure: Procedure, _ input: inout FuzzInput) {
        var procedure = procedure
        var step = procedure.start()
        while case .send = step, !input.isAtEnd {
            guard let response = try? ATTPDU(decoding: input.frame()) else { continue }
            step = procedure.received(response)
        }
    }
}
