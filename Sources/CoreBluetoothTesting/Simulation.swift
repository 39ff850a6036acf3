import CoreBluetooth
import HCI
import Synchronization
import VirtualRadio

/// A simulated Bluetooth world for a test: a virtual air on a clock the test drives, the app's radio, and
/// simulated peripherals. The app's own code (`CBCentralManager`, `CBPeripheralManager`, their delegates on their
/// queues) runs unchanged inside ``run(isolation:_:)``.
///
/// ```swift
/// let world = try Simulation()
/// let blinky = await world.add(PeripheralSpec(name: "Blinky", advertisedServices: [ledService], services: [...]))
/// try await world.run {
///     let app = BlinkyApp()                       // makes its CBCentralManager as on iOS
///     try await world.wait(until: { app.isConnected })
/// }
/// await world.end()
/// ```
///
/// Every host in the world (the app's and each peripheral's) runs on the simulation's clock: time stands still
/// until ``advance(by:)`` or ``wait(until:within:)`` moves it, which they do one timer at a time, once every host
/// is quiet; so a 30 s ATT timeout or a supervision timeout passes in a few milliseconds of real time, and the
/// same scenario with the same seed gives the same packets at the same (simulated) times.
public final class Simulation: Sendable {
    /// The clock every host and the air run on.
    public let clock = ManualClock()
    /// The air the app and the simulated peripherals share.
    public let air: Air
    /// The radio of the app's managers: on or off as ``simulatePowerOff()`` and ``simulatePowerOn()`` say.
    let app: SwitchedRadio
    /// Every radio of the world: the app's, then each peripheral's.
    var radios: [SwitchedRadio] { [app] + peripherals.withLock { $0.map(\.radio) } }
    let activity = Activity()
    /// How long (in real time) the hosts must be quiet before the simulation moves its clock.
    let quietTime: Duration
    private let peripherals = Mutex<[SimulatedPeripheral]>([])
    private let nextAddress = Atomic<UInt32>(1)

    /// A world on a new air: `timing` `.timed` (the default) keeps a real link layer's timing (connection events,
    /// supervision timeout), `.instant` delivers at once; `seed` fixes RSSI noise, advertising delays and packet
    /// loss (`packetErrorRate`, 0 to 1, the chance that the timed air loses a connection packet), and the app's
    /// static random address (`C0:A7:` and the seed's last four bytes). With
    /// `tracePath`, every HCI packet of the app's managers goes into a btsnoop file there, stamped with the
    /// simulation's time (from 1 January 2026, 00:00 UTC). `quietTime` is how long (in real time) every host must
    /// have been quiet before the clock moves: longer makes the timing of what the app does in reaction to an
    /// event exact on a loaded machine (a trace compared byte for byte), shorter makes long scenarios faster.
    public init(
        timing: AirTiming = .timed, seed: UInt64 = 0, packetErrorRate: Double = 0, tracePath: String? = nil,
        quietTime: Duration = .milliseconds(2)
    ) throws {
        self.quietTime = quietTime
        air = Air(clock: clock, timing: timing, seed: seed, packetErrorRate: packetErrorRate)
        let trace = try tracePath.map { [clock] path in
            try BTSnoopWriter(path: path) { Self.traceEpoch + clock.now.offset.microseconds }
        }
        app = SwitchedRadio(
            air: air, clock: clock, activity: activity,
            staticAddress: BluetoothAddress(rawValue: 0xC0A7_0000_0000 | (seed & 0xFFFF_FFFF)), trace: trace)
    }

    /// The simulation's time: how long it has run.
    public var now: Duration { clock.now.offset }

    /// Runs `body`, in which the managers the app makes (in this task and the tasks it starts) join this world
    /// rather than the process's virtual air or the transport their options name.
    public func run<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        try await SimulatedRadios.$current.withValue(app, operation: body, isolation: isolation)
    }

    /// Adds a peripheral to the world; returns once it advertises, so that it is there before the app starts.
    public func add(_ spec: PeripheralSpec) async -> SimulatedPeripheral {
        var spec = spec
        if spec.address == nil {
            let n = nextAddress.add(1, ordering: .relaxed).oldValue
            spec.address = String(format: "C0:FF:EE:%02X:%02X:%02X", (n >> 16) & 0xFF, (n >> 8) & 0xFF, n & 0xFF)
        }
        let radio = SwitchedRadio(
            air: air, clock: clock, activity: activity, staticAddress: spec.address.flatMap(BluetoothAddress.init))
        let peripheral = SimulatedPeripheral(spec: spec, radio: radio)
        peripherals.withLock { $0.append(peripheral) }
        for await _ in peripheral.driver.advertising {}
        return peripheral
    }

    /// Turns the app's Bluetooth off, as in Settings: its managers go `.poweredOff`, their links and scans end
    /// and their peripherals become disconnected without `didDisconnectPeripheral`, as on iOS; CoreBluetoothMock's
    /// `simulateStateChange(.poweredOff)`, the Kotlin mock's `simulatePowerOff`.
    public func simulatePowerOff() async {
        await app.switchOff()
    }

    /// Turns the app's Bluetooth back on: its managers get new controllers and go `.poweredOn`.
    public func simulatePowerOn() {
        app.switchOn()
    }

    /// Ends the world: every controller leaves the air and managers waiting for one stop; the Kotlin mock's
    /// `tearDownSimulation`. Call it at the end of each test.
    public func end() async {
        await app.end()
        for peripheral in peripherals.withLock({ $0 }) { await peripheral.radio.end() }
    }

    /// 1 January 2026, 00:00 UTC, in microseconds since the Unix epoch: when a simulation's trace begins.
    static let traceEpoch: Int64 = 1_767_225_600_000_000
}

extension Duration {
    /// The duration in whole microseconds.
    var microseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}
