import CoreBluetooth
import HCI
import Synchronization
import VirtualRadio

/// A simulated radio with a power switch: the app's (every manager the app makes joins it) or one simulated
/// peripheral's. Switched off, the controllers it gave leave the air, so their hosts stop and their peers lose the
/// links; switched on, the managers waiting for a controller get new ones.
final class SwitchedRadio: SimulatedRadio {
    private struct State {
        var on = true
        var ended = false
        var staticAddress: BluetoothAddress?
        var position: Position?
        var controllers: [VirtualController] = []
        var waiting: [CheckedContinuation<Void, any Error>] = []
    }

    /// The simulation's air, where the controllers go.
    let air: Air
    let clock: any Clock<Duration>
    /// Counts what crosses the radio's controllers, so the simulation knows when the hosts are quiet.
    let activity: Activity
    /// Logs the controllers' packets, when the test asked for a trace.
    let trace: BTSnoopWriter?
    private let state: Mutex<State>

    init(
        air: Air, clock: any Clock<Duration>, activity: Activity, staticAddress: BluetoothAddress? = nil,
        trace: BTSnoopWriter? = nil
    ) {
        self.air = air
        self.clock = clock
        self.activity = activity
        self.trace = trace
        state = Mutex(State(staticAddress: staticAddress))
    }

    /// The static random address the radio's next controller gets.
    var staticAddress: BluetoothAddress? {
        get { state.withLock { $0.staticAddress } }
        set { state.withLock { $0.staticAddress = newValue } }
    }

    /// How many packets the radio's controllers hold for their hosts, not read yet.
    var packetsForHosts: Int {
        state.withLock { $0.controllers }.reduce(0) { $0 + $1.packetsForHost }
    }

    /// Whether the radio is on.
    var isOn: Bool { state.withLock { $0.on } }

    func open(configuration: VirtualControllerConfiguration) async throws -> SimulatedController {
        try await waitUntilOn()
        let controller = await air.makeController(configuration: configuration)
        let (address, position) = state.withLock { state in
            state.controllers.append(controller)
            return (state.staticAddress, state.position)
        }
        if let position { await controller.move(to: position) }
        if !isOn { await controller.close() }
        var transport: any HCITransport = ObservedTransport(wrapping: controller, activity: activity)
        if let trace { transport = SnoopingTransport(wrapping: transport, writer: trace) }
        return SimulatedController(transport: transport, staticAddress: address)
    }

    /// Moves the radio's controllers, and those it gives later, to `position` on the air.
    func move(to position: Position) async {
        let controllers = state.withLock { state in
            state.position = position
            return state.controllers
        }
        for controller in controllers { await controller.move(to: position) }
    }

    /// Switches the radio off: its controllers leave the air (their hosts stop, their peers lose the links).
    func switchOff() async {
        let controllers = state.withLock { state -> [VirtualController] in
            state.on = false
            defer { state.controllers = [] }
            return state.controllers
        }
        for controller in controllers { await controller.close() }
    }

    /// Switches the radio on: managers waiting for a controller get one.
    func switchOn() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.on = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Ends the radio for good: its controllers leave the air and managers waiting for one stop waiting.
    func end() async {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.ended = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(throwing: SimulationEnded()) }
        await switchOff()
    }

    private func waitUntilOn() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let result = state.withLock { state -> Result<Void, any Error>? in
                if state.ended { return .failure(SimulationEnded()) }
                if state.on { return .success(()) }
                state.waiting.append(continuation)
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }
}

/// The error a manager's host gets when it asks for a controller after its simulation ended.
struct SimulationEnded: Error, CustomStringConvertible {
    var description: String { "the simulation has ended" }
}
