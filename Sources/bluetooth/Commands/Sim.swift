import ArgumentParser
import CoreBluetooth
import Foundation
import GATTFileFormat
import HCI
import VirtualRadio

/// `bluetooth sim`: a virtual air that other processes and stacks join over TCP, one fresh virtual
/// controller (H4) per client, with the virtual peripherals of a world file running on it; `--btsnoop` logs
/// every client's HCI traffic, as its controller sees it, into one file.
struct Sim: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a virtual air; every TCP client gets its own virtual controller speaking H4.")

    @OptionGroup var options: OutputOptions

    @Option(name: .long, help: "Where to listen, HOST:PORT (port 0 picks a free port).")
    var listen: String

    @Option(name: .long, help: "A world file: virtual peripherals (GATT files with positions) the sim runs itself.")
    var world: String?

    @Option(
        name: .long,
        help: "The air's timing: instant (packets arrive at once) or timed (a real radio's link-layer timing).")
    var air: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The generation of each client's controller: \(ControllerGeneration.names); its commands, LE features, "
                + "buffers and links (docs/controllers.md). By default the world file's, else 5.3."))
    var controller: String?

    @Option(
        name: .long,
        help: "How many connections each client's controller holds at once (both roles); by default its generation's.")
    var maxConnections: Int?

    @Option(
        name: .long,
        help:
            "How many ACL packets each client's controller buffers for its host, 1 to 255; by default its generation's."
    )
    var aclBuffers: Int?

    @Option(
        name: .long,
        help: "On a timed air, the chance (0 to 1) that one connection packet is lost; the link layer sends it again.")
    var packetErrorRate = 0.0

    @Option(name: .long, help: "The seed of the loss model, so that a lossy run repeats.")
    var seed: UInt64 = 0

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Give each client's controller a public address, as real controllers have (5A:1A:00:00:00:01, then "
                + "counting up); without it they have none (Read BD_ADDR gives zero)."))
    var publicAddress = false

    /// The public address of the first client's controller under `--public-address`.
    static let firstPublicAddress = BluetoothAddress(rawValue: 0x5A1A_0000_0001)

    /// The timing `--air` names, else `BLUETOOTH_AIR`, else instant.
    var timing: AirTiming {
        get throws {
            guard let name = air ?? ProcessInfo.processInfo.environment[AirTiming.environmentVariable] else {
                return .instant
            }
            guard let timing = AirTiming(name: name) else {
                throw ValidationError("--air takes instant or timed; got '\(name)'")
            }
            return timing
        }
    }

    func validate() throws {
        if let controller, ControllerGeneration(rawValue: controller) == nil {
            throw ValidationError("--controller takes \(ControllerGeneration.names); got '\(controller)'")
        }
        if let maxConnections, maxConnections < 1 {
            throw ValidationError("--max-connections must be at least 1")
        }
        if let aclBuffers, !(1...255).contains(aclBuffers) {
            throw ValidationError("--acl-buffers takes 1 to 255; got \(aclBuffers)")
        }
        guard (0...1).contains(packetErrorRate) else {
            throw ValidationError("--packet-error-rate takes a probability from 0 to 1; got \(packetErrorRate)")
        }
        if packetErrorRate > 0, try timing != .timed {
            throw ValidationError("--packet-error-rate needs --air timed: an instant air loses nothing")
        }
    }

    func run() async throws {
        guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
            throw ValidationError("--listen takes HOST:PORT, e.g. 127.0.0.1:7000; got '\(listen)'")
        }
        let host = String(listen[..<colon])
        let timing = try timing
        let air = VirtualAir.air(for: timing)
        if packetErrorRate > 0 { await air.setLoss(packetErrorRate: packetErrorRate, seed: seed) }
        let worldFile: WorldFile?
        do {
            worldFile = try world.map { try WorldFile(contentsOfFile: $0) }
        } catch {
            FileHandle.standardError.write(Data("bluetooth sim: \(world ?? ""): \(error)\n".utf8))
            throw ExitCode.failure
        }
        let listener: TCPListener
        let executor = PollingExecutor.shared
        do {
            listener = try await TCPListener.listen(host: host, port: port, backlog: 128, executor: executor)
        } catch {
            // A listen address is not a transport: say what failed without calling it one.
            let reason = if case .openFailed(_, let reason) = error { reason } else { "\(error)" }
            FileHandle.standardError.write(Data("bluetooth sim: cannot listen on \(listen): \(reason)\n".utf8))
            throw ExitCode.failure
        }
        let signals = Signals.exitCleanlyOnTermination()
        let narrator = Narrator(json: options.json)
        narrator.step(
            "listening",
            "Virtual \(timing.rawValue) air listening on \(host):\(listener.port)\(lossDescription); each client gets a "
                + "fresh controller.",
            [
                "host": host, "port": Int(listener.port), "air": timing.rawValue, "packetErrorRate": packetErrorRate,
                "seed": Int(truncatingIfNeeded: seed),
            ])
        var running: [(PeripheralServer, CBPeripheralManager)] = []
        // The world's peripherals run on this process's air and print as this command does.
        let peripheralOptions = try GlobalOptions.parse(["--transport", "virtual"] + (options.json ? ["--json"] : []))
        for peripheral in worldFile?.peripherals ?? [] {
            let server = PeripheralServer(file: peripheral.gatt, options: peripheralOptions)
            let manager = CBPeripheralManager(
                delegate: server, queue: server.queue,
                options: Self.managerOptions(for: peripheral, in: worldFile, timing: timing))
            for await failure in server.started {
                if let failure {
                    FileHandle.standardError.write(Data("bluetooth sim: \(failure)\n".utf8))
                    throw ExitCode.failure
                }
                break
            }
            running.append((server, manager))
        }
        let server = SimServer(
            air: air, configuration: clientConfiguration(world: worldFile), executor: executor,
            firstPublicAddress: publicAddress ? Self.firstPublicAddress : nil)
        if let btsnoop = options.btsnoop {
            let writer: BTSnoopWriter
            do {
                writer = try BTSnoopWriter(path: btsnoop)
            } catch {
                FileHandle.standardError.write(Data("bluetooth sim: \(error)\n".utf8))
                throw ExitCode.failure
            }
            try await server.run(
                listener.connections.map { SnoopingTransport(wrapping: $0, writer: writer, perspective: .controller) })
        } else {
            try await server.run(listener)
        }
        withExtendedLifetime((running, signals)) {}
    }

    /// Each client's controller: of the generation `--controller` names, else the world file's, else 5.3, with the
    /// buffers and links the options give instead of the generation's.
    func clientConfiguration(world: WorldFile?) -> VirtualControllerConfiguration {
        let generation = controller.flatMap(ControllerGeneration.init(rawValue:)) ?? world?.controller ?? .v5_3
        var configuration = generation.configuration
        if let aclBuffers { configuration.aclBufferCount = UInt8(aclBuffers) }
        if let maxConnections { configuration.maximumConnections = maxConnections }
        configuration.completedPacketsDelay = .milliseconds(1)
        return configuration
    }

    /// How the first line names the loss model, when there is one.
    private var lossDescription: String {
        packetErrorRate > 0 ? ", losing \(packetErrorRate * 100)% of connection packets (seed \(seed))" : ""
    }

    /// A world peripheral's manager: serving its file's name and appearance, on this process's virtual air, with a
    /// controller of the generation the peripheral (else the world file) names,
    /// advertising as often as the world file says,
    /// where it places it (a fixed signal strength becomes the distance at which the air's path loss gives it).
    static func managerOptions(
        for peripheral: WorldFile.Peripheral, in world: WorldFile?, timing: AirTiming
    ) -> [String: Any] {
        var options = peripheral.gatt.deviceOptions()
        options[CBManagerOptionTransportKey] = "virtual"
        if let generation = peripheral.controller ?? world?.controller {
            options[CBManagerOptionVirtualControllerKey] = generation.rawValue
        }
        options[CBManagerOptionVirtualAirKey] = timing.rawValue
        options[CBManagerOptionAdvertisingIntervalKey] = peripheral.advertisingIntervalMs
        switch peripheral.placement {
        case .position(let x, let y, _):
            options[CBManagerOptionVirtualPositionKey] = [x, y]
        case .rssi(let rssi):
            options[CBManagerOptionVirtualPositionKey] = [PathLossModel().distance(forMeanPower: Double(rssi)), 0]
        case nil:
            break
        }
        return options
    }
}
