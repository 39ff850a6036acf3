import Testing

@testable import HCI

@Suite("LE connection subevents", .timeLimit(.minutes(2)))
struct LEConnectionEventTests {
    let handle = ConnectionHandle(rawValue: 0x0040)

    @Test("LE Connection Complete lays out role, peer address and timing (Vol 4, Part E, 7.7.65.1)")
    func connectionComplete() throws {
        let event = LEConnectionCompleteEvent(
            status: .success, handle: handle, role: .peripheral, peerAddressType: .random,
            peerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")), connectionInterval: 0x0018,
            peripheralLatency: 0x0000, supervisionTimeout: 0x01F4, centralClockAccuracy: 0x01)
        try assertLEMetaEventCodec(
            event,
            packet: "3E 13 01 00 40 00 01 01 55 44 33 22 11 C0 18 00 00 00 F4 01 01",
            known: .connectionComplete(event))
    }

    @Test("a cancelled LE Connection Complete decodes even with an unset handle")
    func cancelledConnectionComplete() throws {
        let event = LEConnectionCompleteEvent(
            status: .unknownConnectionIdentifier, handle: ConnectionHandle(rawValue: 0xFFFF), role: .central,
            peerAddressType: .public, peerAddress: .zero, connectionInterval: 0, peripheralLatency: 0,
            supervisionTimeout: 0, centralClockAccuracy: 0)
        try assertLEMetaEventCodec(
            event,
            packet: "3E 13 01 02 FF FF 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
            known: .connectionComplete(event))
    }

    @Test("LE Enhanced Connection Complete v1 puts both private addresses after the peer address (7.7.65.10)")
    func enhancedConnectionComplete() throws {
        let event = LEEnhancedConnectionCompleteEvent(
            status: .success, handle: ConnectionHandle(rawValue: 0x0041), role: .central,
            peerAddressType: .randomIdentity, peerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")),
            localResolvablePrivateAddress: try #require(BluetoothAddress("4A:5B:6C:7D:8E:9F")),
            peerResolvablePrivateAddress: try #require(BluetoothAddress("5F:00:11:22:33:44")),
            connectionInterval: 0x0028, peripheralLatency: 0x0004, supervisionTimeout: 0x0064,
            centralClockAccuracy: 0x05)
        try assertLEMetaEventCodec(
            event,
            packet: """
                3E 1F 0A 00 41 00 00 03 55 44 33 22 11 C0
                9F 8E 7D 6C 5B 4A 44 33 22 11 00 5F
                28 00 04 00 64 00 05
                """,
            known: .enhancedConnectionComplete(event))
    }

    @Test("LE Enhanced Connection Complete v2 appends advertising and sync handles under subevent 0x29")
    func enhancedConnectionCompleteV2() throws {
        let event = LEEnhancedConnectionCompleteV2Event(
            status: .success, handle: ConnectionHandle(rawValue: 0x0041), role: .peripheral,
            peerAddressType: .randomIdentity, peerAddress: try #require(BluetoothAddress("C0:11:22:33:44:55")),
            localResolvablePrivateAddress: try #require(BluetoothAddress("4A:5B:6C:7D:8E:9F")),
            peerResolvablePrivateAddress: try #require(BluetoothAddress("5F:00:11:22:33:44")),
            connectionInterval: 0x0028, peripheralLatency: 0x0004, supervisionTimeout: 0x0064,
            centralClockAccuracy: 0x05, advertisingHandle: 0x02, syncHandle: 0xFFFF)
        try assertLEMetaEventCodec(
            event,
            packet: """
                3E 22 29 00 41 00 01 03 55 44 33 22 11 C0
                9F 8E 7D 6C 5B 4A 44 33 22 11 00 5F
                28 00 04 00 64 00 05 02 FF FF
                """,
            known: .enhancedConnectionCompleteV2(event))
    }

    @Test("LE Connection Update Complete carries the new interval, latency and timeout (7.7.65.3)")
    func connectionUpdateComplete() throws {
        let event = LEConnectionUpdateCompleteEvent(
            status: .success, handle: handle, connectionInterval: 0x0006, peripheralLatency: 0x0000,
            supervisionTimeout: 0x0048)
        try assertLEMetaEventCodec(
            event, packet: "3E 0A 03 00 40 00 06 00 00 00 48 00", known: .connectionUpdateComplete(event))
    }

    @Test("LE Read Remote Features Complete carries the 8-octet feature mask (7.7.65.4)")
    func readRemoteFeaturesComplete() throws {
        let features: LEFeatures = [
            .encryption, .connectionParametersRequest, .extendedRejectIndication, .peripheralInitiatedFeaturesExchange,
            .ping, .dataPacketLengthExtension, .llPrivacy, .extendedScanningFilterPolicies, .le2MPHY,
        ]
        let event = LEReadRemoteFeaturesCompleteEvent(status: .success, handle: handle, leFeatures: features)
        try assertLEMetaEventCodec(
            event, packet: "3E 0C 04 00 40 00 FF 01 00 00 00 00 00 00", known: .readRemoteFeaturesComplete(event))
    }

    @Test("LE Long Term Key Request carries Rand and EDIV after the handle (7.7.65.5)")
    func longTermKeyRequest() throws {
        let event = LELongTermKeyRequestEvent(
            handle: handle, randomNumber: 0x0123_4567_89AB_CDEF, encryptedDiversifier: 0xBEEF)
        try assertLEMetaEventCodec(
            event, packet: "3E 0D 05 40 00 EF CD AB 89 67 45 23 01 EF BE", known: .longTermKeyRequest(event))
    }

    @Test("LE Remote Connection Parameter Request carries the peer's interval range, latency and timeout (7.7.65.6)")
    func remoteConnectionParameterRequest() throws {
        let event = LERemoteConnectionParameterRequestEvent(
            handle: handle, intervalMin: 0x0006, intervalMax: 0x000C, maxLatency: 0x0000, timeout: 0x01F4)
        try assertLEMetaEventCodec(
            event, packet: "3E 0B 06 40 00 06 00 0C 00 00 00 F4 01", known: .remoteConnectionParameterRequest(event))
    }

    @Test("LE Data Length Change carries TX then RX octets and times (7.7.65.7)")
    func dataLengthChange() throws {
        let event = LEDataLengthChangeEvent(
            handle: handle, maxTxOctets: 251, maxTxTime: 2120, maxRxOctets: 27, maxRxTime: 328)
        try assertLEMetaEventCodec(
            event, packet: "3E 0B 07 40 00 FB 00 48 08 1B 00 48 01", known: .dataLengthChange(event))
    }

    @Test("LE PHY Update Complete carries the TX and RX PHYs (7.7.65.12)")
    func phyUpdateComplete() throws {
        let event = LEPHYUpdateCompleteEvent(status: .success, handle: handle, txPHY: .le2M, rxPHY: .leCoded)
        try assertLEMetaEventCodec(event, packet: "3E 06 0C 00 40 00 02 03", known: .phyUpdateComplete(event))
    }
}
