import Testing

@testable import BlueZ

@Suite("Management Get Connection Information: the command and the kernel's answers")
struct ManagementConnectionInfoTests {
    @Test("the command names the adapter, the address little-endian and LE random or public")
    func request() {
        #expect(
            ManagementConnectionInfo.request(adapter: 1, address: "C0:11:22:33:44:5A", random: true)
                == [0x31, 0x00, 0x01, 0x00, 0x07, 0x00, 0x5A, 0x44, 0x33, 0x22, 0x11, 0xC0, 0x02])
        #expect(ManagementConnectionInfo.request(adapter: 0, address: "C0:11:22:33:44:5A", random: false)?.last == 1)
        #expect(ManagementConnectionInfo.request(adapter: 0, address: "C0:11:22:33:44", random: false) == nil)
        #expect(ManagementConnectionInfo.request(adapter: 0, address: "C0:11:22:33:44:GG", random: false) == nil)
    }

    @Test("Command Complete with success carries RSSI, TX power and maximum TX power, signed")
    func success() {
        let event: [UInt8] =
            [0x01, 0x00, 0x00, 0x00, 0x0D, 0x00, 0x31, 0x00, 0x00]
            + [0x5A, 0x44, 0x33, 0x22, 0x11, 0xC0, 0x02, 0xC4, 0x00, 0x0A]
        #expect(
            ManagementConnectionInfo.reply(to: event)
                == .success(ManagementConnectionInfo(rssi: -60, txPower: 0, maxTxPower: 10)))
    }

    @Test("a failure status is a typed error: permission (no CAP_NET_ADMIN), not connected, or the status named")
    func failures() {
        func status(_ code: UInt8, event: UInt8 = 0x01) -> Result<ManagementConnectionInfo, BlueZError>? {
            ManagementConnectionInfo.reply(to: [event, 0x00, 0x00, 0x00, 0x03, 0x00, 0x31, 0x00, code])
        }
        #expect(status(0x14) == .failure(ManagementConnectionInfo.permissionDenied))
        #expect(
            status(0x02, event: 0x02)
                == .failure(BlueZError(name: "org.bluez.Error.NotConnected", message: "Not connected")))
        #expect(status(0x03).flatMap { try? $0.get() } == nil)
        #expect(status(0x03) != nil)
    }

    @Test("events of other commands, short ones and a success cut short are not taken for the answer")
    func otherEvents() {
        #expect(ManagementConnectionInfo.reply(to: [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x32, 0x00, 0x00]) == nil)
        #expect(ManagementConnectionInfo.reply(to: [0x01, 0x00, 0x00]) == nil)
        #expect(ManagementConnectionInfo.reply(to: [0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x31, 0x00, 0x00]) == nil)
        #expect(ManagementConnectionInfo.reply(to: [0x06, 0x00, 0x00, 0x00, 0x03, 0x00, 0x31, 0x00, 0x00]) == nil)
    }
}
