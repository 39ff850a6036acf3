import CoreBluetooth
import Foundation
import GATTFileFormat
import Synchronization

/// The peripheral manager delegate behind `bluetooth serve`: publishes a GATT file's services, advertises, answers
/// reads with each characteristic's current value, keeps writes, and sends notification values in turn.
///
/// Every delegate call and timer runs on ``queue``; the mutable state sits behind a mutex only so that the class
/// is `Sendable`.
final class PeripheralServer: NSObject, CBPeripheralManagerDelegate, Sendable {
    /// The queue the manager calls the delegate on.
    let queue = DispatchQueue(label: "bluetooth.serve")
    /// How the server fares: nil once advertising; a failure when it could not start or must end (its controller
    /// went away).
    let started: AsyncStream<CommandFailure?>
    private let startSink: AsyncStream<CommandFailure?>.Continuation
    private let file: GATTFile
    private let options: GlobalOptions
    private let narrator: Narrator
    private let state: Mutex<State>

    private struct State {
        /// Whether the manager has powered on: from then on, powering off means the controller went away.
        var live = false
        var services: [CBMutableService] = []
        var pendingServices = 0
        var values: [ObjectIdentifier: [UInt8]] = [:]
        var subscribers: [ObjectIdentifier: Int] = [:]
        var timers: [DispatchSourceTimer] = []
        var notifying: [ObjectIdentifier: CBMutableCharacteristic] = [:]
        var nextValue: [ObjectIdentifier: Int] = [:]
        var quiet = BackgroundQuiet()
    }

    init(file: GATTFile, options: GlobalOptions) {
        self.file = file
        self.options = options
        narrator = Narrator(json: options.json)
        state = Mutex(State())
        (started, startSink) = AsyncStream.makeStream(of: CommandFailure?.self)
    }

    /// Ends the command with `failure` (the controller did not come in time).
    func fail(_ failure: CommandFailure) {
        startSink.yield(failure)
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        let live = state.withLock { $0.live }
        switch peripheral.state {
        case .unknown, .resetting: return
        case .poweredOn where live: return
        case .poweredOn: break
        case .poweredOff where live:
            startSink.yield(CommandFailure("the controller went away"))
            return
        case .poweredOff where ControllerWait(options).mayStillCome: return
        default:
            let (sink, options, state, reason) = (startSink, options, peripheral.state, peripheral.unavailabilityReason)
            Task { sink.yield(await options.failure(for: state, reason: reason)) }
            return
        }
        let count = state.withLock { state in
            state.live = true
            let services = file.makeServices()
            state.services = services
            state.pendingServices = services.count
            for (service, definition) in zip(services, file.services) {
                for (characteristic, described) in zip(service.characteristics ?? [], definition.characteristics) {
                    state.values[ObjectIdentifier(characteristic)] =
                        described.staticValue ?? described.initialValue ?? described.notify?.values.first ?? []
                }
            }
            if let first = services.first {
                peripheral.add(first)
            }
            return services.count
        }
        if count == 0 {
            startAdvertising(peripheral)
        }
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        if let error {
            let reason = CentralEvent.Failure(error)
            startSink.yield(CommandFailure("could not publish service \(service.uuid.uuidString): \(reason)"))
            return
        }
        narrator.step("published", "Published service \(service.uuid.uuidString).", ["uuid": service.uuid.uuidString])
        let done = state.withLock { state in
            state.pendingServices -= 1
            let next = state.services.count - state.pendingServices
            if next < state.services.count {
                peripheral.add(state.services[next])
            }
            return state.pendingServices == 0
        }
        if done { startAdvertising(peripheral) }
    }

    private func startAdvertising(_ peripheral: CBPeripheralManager) {
        peripheral.startAdvertising(file.advertisementData())
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        if let error {
            startSink.yield(CommandFailure("could not advertise: \(CentralEvent.Failure(error))"))
            return
        }
        let name = file.advertisedName
        let services = file.advertisedServices.map(\.uuidString).joined(separator: ", ")
        narrator.step(
            "advertising", "Advertising \(name)\(services.isEmpty ? "" : " with services \(services)").",
            ["name": name])
        startNotifying(peripheral)
        startSink.yield(nil)
    }

    private func startNotifying(_ peripheral: CBPeripheralManager) {
        state.withLock { state in
            for (service, definition) in zip(state.services, file.services) {
                for (characteristic, described) in zip(service.characteristics ?? [], definition.characteristics) {
                    guard let notify = described.notify, !notify.values.isEmpty,
                        let mutable = characteristic as? CBMutableCharacteristic
                    else { continue }
                    let key = ObjectIdentifier(mutable)
                    state.notifying[key] = mutable
                    let timer = DispatchSource.makeTimerSource(queue: queue)
                    let interval = DispatchTimeInterval.milliseconds(max(notify.intervalMs, 1))
                    timer.schedule(deadline: .now() + interval, repeating: interval)
                    timer.setEventHandler { [weak self, weak peripheral] in
                        guard let self, let peripheral else { return }
                        self.notify(key, notify, with: peripheral)
                    }
                    timer.resume()
                    state.timers.append(timer)
                }
            }
        }
    }

    /// Sends a characteristic's next notification value to its subscribers, if it has any, and makes it the
    /// value reads get.
    private func notify(_ key: ObjectIdentifier, _ notify: GATTFile.Notify, with peripheral: CBPeripheralManager) {
        let sent = state.withLock { state -> (String, [UInt8], Bool)? in
            guard (state.subscribers[key] ?? 0) > 0, let characteristic = state.notifying[key] else { return nil }
            let index = state.nextValue[key, default: 0]
            state.nextValue[key] = (index + 1) % notify.values.count
            let value = notify.values[index]
            state.values[key] = value
            let queued = peripheral.updateValue(Data(value), for: characteristic, onSubscribedCentrals: nil)
            return (characteristic.uuid.uuidString, value, queued)
        }
        guard let (uuid, value, queued) = sent else { return }
        if queued {
            routine("notified", "Notified \(uuid) = \(value.hex).", ["uuid": uuid, "value": value.hex])
        } else {
            routine(
                "skipped", "Skipped \(uuid) = \(value.hex): a subscriber's transmit queue is full.",
                ["uuid": uuid, "value": value.hex])
        }
    }

    /// Reports a step that repeats many times a second, held back while serve runs in the background of its
    /// terminal (``BackgroundQuiet``); JSON output keeps every step.
    private func routine(_ name: String, _ sentence: String, _ details: [String: Any]) {
        guard !options.json else { return narrator.step(name, sentence, details) }
        let background = BackgroundQuiet.standardOutputInBackground
        guard let line = state.withLock({ $0.quiet.admit(sentence, inBackground: background) }) else { return }
        narrator.step(name, line, details)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didSubscribeTo characteristic: CBCharacteristic
    ) {
        state.withLock { $0.subscribers[ObjectIdentifier(characteristic), default: 0] += 1 }
        let uuid = characteristic.uuid.uuidString
        narrator.step(
            "subscribed", "\(central.identifier.uuidString) subscribed to \(uuid).",
            ["central": central.identifier.uuidString, "uuid": uuid])
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, central: CBCentral, didUnsubscribeFrom characteristic: CBCharacteristic
    ) {
        state.withLock { $0.subscribers[ObjectIdentifier(characteristic), default: 1] -= 1 }
        let uuid = characteristic.uuid.uuidString
        narrator.step(
            "unsubscribed", "\(central.identifier.uuidString) unsubscribed from \(uuid).",
            ["central": central.identifier.uuidString, "uuid": uuid])
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveRead request: CBATTRequest) {
        let value = state.withLock { $0.values[ObjectIdentifier(request.characteristic)] } ?? []
        let uuid = request.characteristic.uuid.uuidString
        guard request.offset <= value.count else {
            peripheral.respond(to: request, withResult: .invalidOffset)
            return
        }
        request.value = Data(value[request.offset...])
        peripheral.respond(to: request, withResult: .success)
        narrator.step(
            "read", "\(request.central.identifier.uuidString) read \(uuid) = \(value.hex).",
            ["central": request.central.identifier.uuidString, "uuid": uuid, "value": value.hex])
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didReceiveWrite requests: [CBATTRequest]) {
        for request in requests {
            let key = ObjectIdentifier(request.characteristic)
            let written = [UInt8](request.value ?? Data())
            let value = state.withLock { state in
                var value = state.values[key] ?? []
                if request.offset == 0 {
                    value = written
                } else {
                    value = Array(value.prefix(request.offset)) + written
                }
                state.values[key] = value
                return value
            }
            let uuid = request.characteristic.uuid.uuidString
            narrator.step(
                "write", "\(request.central.identifier.uuidString) wrote \(uuid) = \(value.hex).",
                ["central": request.central.identifier.uuidString, "uuid": uuid, "value": value.hex])
        }
        if let first = requests.first {
            peripheral.respond(to: first, withResult: .success)
        }
    }
}
