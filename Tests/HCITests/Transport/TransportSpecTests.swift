import Testing

@testable import HCI

@Suite("Transport spec strings", .timeLimit(.minutes(2)))
struct TransportSpecTests {
    @Test(
        "every documented form parses and prints back canonically",
        arguments: [
            ("virtual", TransportSpec.virtual),
            ("tcp:127.0.0.1:9000", .tcp(host: "127.0.0.1", port: 9000)),
            ("tcp:localhost:1", .tcp(host: "localhost", port: 1)),
            ("tcp:[::1]:65535", .tcp(host: "::1", port: 65535)),
            ("unix:/tmp/hci.sock", .unix(path: "/tmp/hci.sock")),
            ("unix:relative/path", .unix(path: "relative/path")),
            ("serial:/dev/ttyACM0", .serial(device: "/dev/ttyACM0", baudRate: nil)),
            ("serial:/dev/ttyACM0@1000000", .serial(device: "/dev/ttyACM0", baudRate: 1_000_000)),
            ("serial:/dev/ttyUSB1@115200", .serial(device: "/dev/ttyUSB1", baudRate: 115_200)),
            ("serial:/dev/ttyS0@3000000", .serial(device: "/dev/ttyS0", baudRate: 3_000_000)),
            ("hci0", .hciUserChannel(index: 0)),
            ("hci1", .hciUserChannel(index: 1)),
            ("hci12", .hciUserChannel(index: 12)),
        ])
    func valid(text: String, spec: TransportSpec) throws {
        #expect(try TransportSpec(parsing: text) == spec)
        #expect(spec.description == text)
        #expect(try TransportSpec(parsing: spec.description) == spec)
    }

    static let unknownTransport =
        "unknown transport; expected virtual, tcp:HOST:PORT, unix:PATH, serial:DEVICE[@BAUD], hciN or "
        + "bluez[:hciN] (bluetoothd, which CoreBluetooth opens)"

    @Test(
        "malformed specs are refused with a reason",
        arguments: [
            ("", unknownTransport),
            (
                "bluetooth",
                unknownTransport
            ),
            ("Virtual", unknownTransport),
            ("tcp:", "missing port; expected tcp:HOST:PORT"),
            ("tcp:localhost", "missing port; expected tcp:HOST:PORT"),
            ("tcp:localhost:", "missing port; expected tcp:HOST:PORT"),
            ("tcp::9000", "missing host; expected tcp:HOST:PORT"),
            ("tcp:[]:9000", "missing host; expected tcp:HOST:PORT"),
            ("tcp:localhost:0", "port '0' is not a number from 1 to 65535"),
            ("tcp:localhost:65536", "port '65536' is not a number from 1 to 65535"),
            ("tcp:localhost:-1", "port '-1' is not a number from 1 to 65535"),
            ("tcp:localhost:+80", "port '+80' is not a number from 1 to 65535"),
            ("tcp:localhost:http", "port 'http' is not a number from 1 to 65535"),
            ("unix:", "missing path; expected unix:PATH"),
            ("unix:/" + String(repeating: "a", count: 200), "path is longer than 107 bytes"),
            ("serial:", "missing device; expected serial:DEVICE[@BAUD]"),
            ("serial:@115200", "missing device; expected serial:DEVICE[@BAUD]"),
            ("hci", "expected hciN with N an adapter number from 0 to 65534"),
            ("hcix", "expected hciN with N an adapter number from 0 to 65534"),
            ("hci-1", "expected hciN with N an adapter number from 0 to 65534"),
            ("hci01", "expected hciN with N an adapter number from 0 to 65534"),
            ("hci65535", "expected hciN with N an adapter number from 0 to 65534"),
        ])
    func invalid(text: String, reason: String) {
        #expect(throws: TransportError.invalidSpec(text, reason: reason)) { try TransportSpec(parsing: text) }
    }

    @Test(
        "a bad baud rate is refused with the list of supported rates", arguments: ["", "fast", "115201", "-9600", "0"])
    func badBaud(rate: String) throws {
        let error = try #require(throws: TransportError.self) {
            try TransportSpec(parsing: "serial:/dev/ttyACM0@\(rate)")
        }
        guard case .invalidSpec(let spec, let reason) = error else {
            Issue.record("expected invalidSpec, got \(error)")
            return
        }
        #expect(spec == "serial:/dev/ttyACM0@\(rate)")
        #expect(reason.hasPrefix("unsupported baud rate '\(rate)'; supported: "))
        for supported in [115_200, 230_400, 460_800, 921_600, 1_000_000, 2_000_000, 3_000_000] {
            #expect(reason.contains(String(supported)))
        }
    }

    @Test("an invalid spec's message is one line naming the spec")
    func message() {
        let error = TransportError.invalidSpec("tcp:localhost", reason: "missing port; expected tcp:HOST:PORT")
        #expect(error.description == "invalid transport 'tcp:localhost': missing port; expected tcp:HOST:PORT")
    }

    @Test("opening the virtual spec here is refused: the layer above HCI provides it")
    func virtualOpen() async throws {
        let error = try await #require(throws: TransportError.self) { try await TransportSpec.virtual.open() }
        guard case .openFailed(let spec, _) = error else {
            Issue.record("expected openFailed, got \(error)")
            return
        }
        #expect(spec == "virtual")
    }

    @Test("opening a serial device that does not exist names the spec and the system's cause")
    func serialMissing() async throws {
        let error = try await #require(throws: TransportError.self) {
            try await TransportSpec(parsing: "serial:/dev/no-such-tty@115200").open()
        }
        #expect(
            error
                == .openFailed(
                    spec: "serial:/dev/no-such-tty@115200",
                    reason: "cannot open /dev/no-such-tty (No such file or directory)"))
    }

    @Test("opening a file that is not a terminal as a serial device is refused")
    func serialNotTerminal() async throws {
        let error = try await #require(throws: TransportError.self) {
            try await SerialTransport.open(device: "/dev/null", baudRate: 115_200)
        }
        #expect(
            error
                == .openFailed(
                    spec: "serial:/dev/null@115200",
                    reason: "/dev/null is not a serial device (Inappropriate ioctl for device)"))
    }
}
