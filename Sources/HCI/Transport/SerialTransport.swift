import Glibc

/// H4 over a UART (`serial:DEVICE[@BAUD]`): controllers running HCI firmware on nRF52840, ESP32 and the like.
///
/// The line is set raw (8 data bits, no parity, one stop bit, no echo or line editing) with no flow
/// control; without a baud rate it runs at ``defaultBaudRate``.
public final class SerialTransport: FileDescriptorBacked {
    /// The baud rate used when a spec names none: what Zephyr's and Bumble's HCI UART setups use.
    public static let defaultBaudRate = 1_000_000

    /// The baud rates a device can be set to, ascending.
    public static var supportedBaudRates: [Int] { speeds.keys.sorted() }

    private static let speeds: [Int: speed_t] = [
        1200: speed_t(B1200), 2400: speed_t(B2400), 4800: speed_t(B4800), 9600: speed_t(B9600),
        19200: speed_t(B19200), 38400: speed_t(B38400), 57600: speed_t(B57600), 115_200: speed_t(B115200),
        230_400: speed_t(B230400), 460_800: speed_t(B460800), 500_000: speed_t(B500000),
        576_000: speed_t(B576000), 921_600: speed_t(B921600), 1_000_000: speed_t(B1000000),
        1_152_000: speed_t(B1152000), 1_500_000: speed_t(B1500000), 2_000_000: speed_t(B2000000),
        2_500_000: speed_t(B2500000), 3_000_000: speed_t(B3000000), 3_500_000: speed_t(B3500000),
        4_000_000: speed_t(B4000000),
    ]

    /// The device path.
    public let device: String
    /// The baud rate the line runs at.
    public let baudRate: Int
    public let connection: FileDescriptorTransport

    private init(device: String, baudRate: Int, connection: FileDescriptorTransport) {
        self.device = device
        self.baudRate = baudRate
        self.connection = connection
    }

    /// Opens and configures `device`; its I/O runs on `executor` when one is given, on a thread of its own
    /// otherwise.
    ///
    /// A failure is ``TransportError/openFailed(spec:reason:)`` naming the spec and the cause.
    public static func open(
        device: String,
        baudRate: Int? = nil,
        limits: H4Framer.Limits = H4Framer.Limits(),
        executor: PollingExecutor? = nil
    ) async throws(TransportError) -> SerialTransport {
        let spec = TransportSpec.serial(device: device, baudRate: baudRate).description
        let rate = baudRate ?? defaultBaudRate
        guard let speed = speeds[rate] else {
            let rates = supportedBaudRates.map(String.init).joined(separator: ", ")
            throw .openFailed(spec: spec, reason: "unsupported baud rate \(rate); supported: \(rates)")
        }
        let connection = try await SystemCall.offload { () throws(TransportError) in
            let descriptor = try configuredDevice(device, speed: speed, spec: spec)
            return try FileDescriptorTransport(adopting: descriptor, name: spec, limits: limits, executor: executor)
        }
        return SerialTransport(device: device, baudRate: rate, connection: connection)
    }

    private static func configuredDevice(_ device: String, speed: speed_t, spec: String) throws(TransportError) -> Int32
    {
        let descriptor = Glibc.open(device, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .openFailed(spec: spec, reason: "cannot open \(device) (\(SystemCall.describe(errno)))")
        }
        func fail(_ step: String) -> TransportError {
            let reason = "\(step) (\(SystemCall.describe(errno)))"
            Glibc.close(descriptor)
            return .openFailed(spec: spec, reason: reason)
        }
        var options = termios()
        guard tcgetattr(descriptor, &options) == 0 else { throw fail("\(device) is not a serial device") }
        cfmakeraw(&options)
        options.c_cflag |= tcflag_t(CLOCAL | CREAD)
        options.c_cflag &= ~(tcflag_t(CSTOPB) | tcflag_t(CRTSCTS))
        withUnsafeMutableBytes(of: &options.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        guard cfsetspeed(&options, speed) == 0 else { throw fail("cannot set the baud rate") }
        guard tcsetattr(descriptor, TCSANOW, &options) == 0 else { throw fail("cannot configure \(device)") }
        guard tcflush(descriptor, TCIOFLUSH) == 0 else { throw fail("cannot flush \(device)") }
        return descriptor
    }
}
