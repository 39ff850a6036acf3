import HCI
import Host

/// A central and a peripheral host on two controllers that reach each other (a private virtual air, a
/// `bluetooth sim`, Bumble's controllers), with one echo characteristic, for the benchmarks to drive.
struct BenchRig {
    static let service = BluetoothUUID(uuid16: 0xFEB0)
    static let echo = BluetoothUUID(uuid16: 0xFEB1)

    let central: BluetoothHost
    let peripheral: BluetoothHost
    let link: HostLink
    let peripheralLink: ConnectionHandle
    let echoHandle: AttributeHandle
    /// Where the hosts' transports do their I/O, when on one thread; the benchmarks' own tasks run there too, as
    /// an application's would on its event loop.
    let executor: (any TaskExecutor)?

    /// Starts both hosts, connects them, and discovers the database from the central, logging the central's
    /// HCI traffic into the setting's snoop file when given.
    static func start(_ setting: BenchSetting) async throws -> BenchRig {
        let transports = try await setting.controllers.open()
        var centralTransport = transports.central
        if let snoop = setting.snoop {
            centralTransport = SnoopingTransport(wrapping: centralTransport, writer: snoop)
        }
        let central = try await BluetoothHost.start(transport: centralTransport)
        let peripheralAddress = BluetoothAddress(rawValue: 0xC0BE_0000_0001)
        let peripheral = try await BluetoothHost.start(
            transport: transports.peripheral,
            configuration: HostConfiguration(
                setup: .init(staticRandomAddress: peripheralAddress), deviceName: "Bench",
                services: [
                    ServiceDefinition(
                        uuid: service,
                        characteristics: [
                            CharacteristicDefinition(
                                uuid: echo, properties: [.read, .write, .writeWithoutResponse, .notify, .indicate],
                                permissions: [.readable, .writeable])
                        ])
                ]))
        try await peripheral.startAdvertising(AdvertisementContent(localName: "Bench"))
        let link = try await central.connect(to: peripheralAddress, type: .random, timeout: .seconds(10))
        guard let echoHandle = await peripheral.database.service(service)?.characteristic(echo)?.valueHandle,
            let peripheralLink = await peripheral.links.first?.handle
        else { throw BenchError.setUp("the bench service is missing") }
        return BenchRig(
            central: central, peripheral: peripheral, link: link, peripheralLink: peripheralLink,
            echoHandle: echoHandle, executor: transports.central.executor)
    }

    func stop() async {
        await central.stop()
        await peripheral.stop()
    }
}

/// Why a benchmark could not run.
enum BenchError: Error, CustomStringConvertible {
    case setUp(String)
    /// A host stopped before the workload ended.
    case stopped

    var description: String {
        switch self {
        case .setUp(let reason): "bench set-up failed: \(reason)"
        case .stopped: "a host stopped before the workload ended"
        }
    }
}
