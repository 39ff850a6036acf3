/// Names a transport the way users write it: on the command line, in `BLUETOOTH_TRANSPORT`, in code.
///
/// The forms are `virtual`, `tcp:HOST:PORT` (an IPv6 host in brackets), `unix:PATH`,
/// `serial:DEVICE[@BAUD]` and `hciN`; `description` gives back the canonical string.
public enum TransportSpec: Hashable, Sendable {
    /// The process-wide virtual air; opened by the layer above HCI, not by ``open()``.
    case virtual
    /// A controller speaking H4 over TCP.
    case tcp(host: String, port: UInt16)
    /// A controller speaking H4 over a UNIX stream socket.
    case unix(path: String)
    /// A controller speaking H4 over a UART; nil keeps ``SerialTransport/defaultBaudRate``.
    case serial(device: String, baudRate: Int?)
    /// A Linux HCI user channel on adapter `hci<index>`.
    case hciUserChannel(index: Int)

    /// Parses a spec string, rejecting anything malformed with ``TransportError/invalidSpec(_:reason:)``.
    public init(parsing spec: String) throws(TransportError) {
        func invalid(_ reason: String) -> TransportError { .invalidSpec(spec, reason: reason) }
        if spec == "virtual" {
            self = .virtual
        } else if let rest = spec.dropPrefix("tcp:") {
            guard let colon = rest.lastIndex(of: ":") else { throw invalid("missing port; expected tcp:HOST:PORT") }
            var host = rest[..<colon]
            if host.hasPrefix("["), host.hasSuffix("]"), host.count >= 2 { host = host.dropFirst().dropLast() }
            guard !host.isEmpty else { throw invalid("missing host; expected tcp:HOST:PORT") }
            let portText = rest[rest.index(after: colon)...]
            guard !portText.isEmpty else { throw invalid("missing port; expected tcp:HOST:PORT") }
            guard portText.allSatisfy(\.isASCIIDigit), let port = UInt16(portText), port != 0 else {
                throw invalid("port '\(portText)' is not a number from 1 to 65535")
            }
            self = .tcp(host: String(host), port: port)
        } else if let path = spec.dropPrefix("unix:") {
            guard !path.isEmpty else { throw invalid("missing path; expected unix:PATH") }
            guard path.utf8.count <= UnixSocketTransport.maximumPathLength else {
                throw invalid("path is longer than \(UnixSocketTransport.maximumPathLength) bytes")
            }
            self = .unix(path: String(path))
        } else if let rest = spec.dropPrefix("serial:") {
            let at = rest.lastIndex(of: "@")
            let device = rest[..<(at ?? rest.endIndex)]
            guard !device.isEmpty else { throw invalid("missing device; expected serial:DEVICE[@BAUD]") }
            var baudRate: Int?
            if let at {
                let text = rest[rest.index(after: at)...]
                guard text.allSatisfy(\.isASCIIDigit), let rate = Int(text),
                    SerialTransport.supportedBaudRates.contains(rate)
                else {
                    let rates = SerialTransport.supportedBaudRates.map(String.init).joined(separator: ", ")
                    throw invalid("unsupported baud rate '\(text)'; supported: \(rates)")
                }
                baudRate = rate
            }
            self = .serial(device: String(device), baudRate: baudRate)
        } else if let digits = spec.dropPrefix("hci") {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), digits == "0" || !digits.hasPrefix("0"),
                let index = Int(digits), index <= HCIUserChannelTransport.maximumIndex
            else {
                throw invalid(
                    "expected hciN with N an adapter number from 0 to \(HCIUserChannelTransport.maximumIndex)")
            }
            self = .hciUserChannel(index: index)
        } else {
            throw invalid(
                "unknown transport; expected virtual, tcp:HOST:PORT, unix:PATH, serial:DEVICE[@BAUD], hciN or "
                    + "bluez[:hciN] (bluetoothd, which CoreBluetooth opens)")
        }
    }

    /// Opens the transport; ``virtual`` is refused here, as the virtual radio lives above HCI. The transport's I/O
    /// runs on `executor` when one is given, on a thread of its own otherwise.
    ///
    /// Errors are ``TransportError/openFailed(spec:reason:)`` naming this spec and the system's cause.
    public func open(executor: PollingExecutor? = nil) async throws(TransportError) -> any HCITransport {
        switch self {
        case .virtual:
            throw .openFailed(
                spec: description,
                reason: "the virtual radio is not an HCI-level transport; the layer above HCI opens it")
        case .tcp(let host, let port):
            try await TCPClientTransport.connect(host: host, port: port, executor: executor)
        case .unix(let path):
            try await UnixSocketTransport.connect(path: path, executor: executor)
        case .serial(let device, let baudRate):
            try await SerialTransport.open(device: device, baudRate: baudRate, executor: executor)
        case .hciUserChannel(let index):
            try await HCIUserChannelTransport.open(index: index, executor: executor)
        }
    }
}

extension TransportSpec: CustomStringConvertible {
    /// The canonical spec string, which parses back to the same value.
    public var description: String {
        switch self {
        case .virtual: "virtual"
        case .tcp(let host, let port): host.contains(":") ? "tcp:[\(host)]:\(port)" : "tcp:\(host):\(port)"
        case .unix(let path): "unix:\(path)"
        case .serial(let device, let baudRate): baudRate.map { "serial:\(device)@\($0)" } ?? "serial:\(device)"
        case .hciUserChannel(let index): "hci\(index)"
        }
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> Substring? {
        hasPrefix(prefix) ? dropFirst(prefix.count) : nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
