import Foundation
import Testing

@testable import HCI

@Suite("btsnoop log", .timeLimit(.minutes(2)))
struct BTSnoopTests {
    @Test("the file header and a record follow the btsnoop format, big-endian")
    func layout() throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("layout.btsnoop").path
        let writer = try BTSnoopWriter(path: path)
        writer.write(TransportFixtures.reset, direction: .sent, microsecondsSince1970: 1_000_000)
        writer.write(TransportFixtures.aclData, direction: .received, microsecondsSince1970: 2_000_000)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Array(bytes[0..<16]) == Array("btsnoop".utf8) + [0, 0, 0, 0, 1, 0, 0, 0x03, 0xEA])
        let first = Array(bytes[16..<(16 + 24 + 4)])
        #expect(
            first == [0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 0b10, 0, 0, 0, 0]
                + [0x00, 0xDC, 0xDD, 0xB3, 0x0F, 0x3E, 0xC2, 0x40] + [0x01, 0x03, 0x0C, 0x00])
        let aclLength = UInt8(TransportFixtures.aclData.encoded.count)
        let second = Array(bytes[(16 + 28)..<(16 + 28 + 16)])
        #expect(second == [0, 0, 0, aclLength, 0, 0, 0, aclLength, 0, 0, 0, 0b01, 0, 0, 0, 0])
        #expect(Array(bytes.suffix(Int(aclLength))) == TransportFixtures.aclData.encoded)
        writer.close()
        #expect(writer.failure == nil)
    }

    @Test(
        "tshark reads a snooped exchange with each packet's type and direction",
        .enabled(if: ExternalTool.shouldRun("tshark"), "tshark is not installed (set CI=true to require it)"))
    func tsharkReadsHostLog() async throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("host.btsnoop").path
        let (hostEnd, controllerEnd) = InProcessTransport.pair()
        let host = try SnoopingTransport(wrapping: hostEnd, path: path, perspective: .host)
        try await exchangeResetAndData(host: host, controller: controllerEnd)
        #expect(try await tsharkRows(path) == expectedRows)
        await host.close()
        #expect(try await tsharkRows(path) == expectedRows)
    }

    @Test(
        "a log taken on the controller side of a link gives the same directions as the host's",
        .enabled(if: ExternalTool.shouldRun("tshark"), "tshark is not installed (set CI=true to require it)"))
    func tsharkReadsControllerLog() async throws {
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("controller.btsnoop").path
        let writer = try BTSnoopWriter(path: path)
        let (hostEnd, controllerEnd) = InProcessTransport.pair()
        let controller = SnoopingTransport(wrapping: controllerEnd, writer: writer, perspective: .controller)
        try await exchangeResetAndData(host: hostEnd, controller: controller)
        await controller.close()
        #expect(try await tsharkRows(path) == expectedRows)
        writer.close()
    }

    /// frame number, direction (0 sent by the host, 1 received by it), H4 packet type.
    private let expectedRows = [
        ["1", "0x00", "0x01"],
        ["2", "0x01", "0x04"],
        ["3", "0x00", "0x02"],
        ["4", "0x01", "0x02"],
    ]

    private func exchangeResetAndData(host: any HCITransport, controller: any HCITransport) async throws {
        try await host.send(TransportFixtures.reset)
        #expect(try await TransportFixtures.receive(1, from: controller) == [TransportFixtures.reset])
        try await controller.send(TransportFixtures.resetComplete)
        #expect(try await TransportFixtures.receive(1, from: host) == [TransportFixtures.resetComplete])
        try await host.send(TransportFixtures.aclData)
        #expect(try await TransportFixtures.receive(1, from: controller) == [TransportFixtures.aclData])
        try await controller.send(TransportFixtures.aclData)
        #expect(try await TransportFixtures.receive(1, from: host) == [TransportFixtures.aclData])
    }

    private func tsharkRows(_ path: String) async throws -> [[String]] {
        let output = try await ExternalTool.run(
            "tshark", ["-r", path, "-T", "fields", "-e", "frame.number", "-e", "hci_h4.direction", "-e", "hci_h4.type"])
        return output.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    }
}
