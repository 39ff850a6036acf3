import CoreBluetooth
import Testing

@Suite("Enum raw values", .timeLimit(.minutes(2)))
struct EnumRawValueTests {
    @Test("CBManagerState numbers its cases 0 to 5 as Apple does")
    func managerState() {
        let cases: [CBManagerState] = [.unknown, .resetting, .unsupported, .unauthorized, .poweredOff, .poweredOn]
        #expect(cases.map(\.rawValue) == Array(0...5))
        #expect(CBManagerState(rawValue: 6) == nil)
    }

    @Test("CBManagerAuthorization numbers its cases 0 to 3 as Apple does")
    func managerAuthorization() {
        let cases: [CBManagerAuthorization] = [.notDetermined, .restricted, .denied, .allowedAlways]
        #expect(cases.map(\.rawValue) == Array(0...3))
    }

    @Test("CBPeripheralState numbers its cases 0 to 3 as Apple does")
    func peripheralState() {
        let cases: [CBPeripheralState] = [.disconnected, .connecting, .connected, .disconnecting]
        #expect(cases.map(\.rawValue) == Array(0...3))
    }

    @Test("CBCharacteristicWriteType is 0 with response and 1 without")
    func writeType() {
        #expect(CBCharacteristicWriteType.withResponse.rawValue == 0)
        #expect(CBCharacteristicWriteType.withoutResponse.rawValue == 1)
    }

    @Test("CBConnectionEvent is 0 for a disconnection and 1 for a connection")
    func connectionEvent() {
        #expect(CBConnectionEvent.peerDisconnected.rawValue == 0)
        #expect(CBConnectionEvent.peerConnected.rawValue == 1)
    }

    @Test("CBPeripheralManagerConnectionLatency numbers low, medium and high 0 to 2")
    func connectionLatency() {
        let cases: [CBPeripheralManagerConnectionLatency] = [.low, .medium, .high]
        #expect(cases.map(\.rawValue) == Array(0...2))
    }
}
