import CoreBluetooth
import Dispatch
import Foundation
import Synchronization

/// The companion app of a Blinky board (Nordic's LED Button Service): it finds the board, connects, shows its
/// button and turns its LED on and off, and keeps the connection: when Bluetooth comes back or the board comes
/// back in range, it is connected again.
///
/// Plain CoreBluetooth, as on iOS: its delegates run on the queue it is given; what the UI reads is behind a lock.
public final class BlinkyCompanion: NSObject, CBCentralManagerDelegate, CBPeripheralDelegate, @unchecked Sendable {
    /// Where the app stands with the board.
    public enum Status: Equatable, Sendable {
        /// Bluetooth is off (or unavailable).
        case bluetoothOff
        /// Looking for a board.
        case searching
        /// Connecting, or waiting for the board to come back in range.
        case connecting
        /// Connected, with the button and the LED found.
        case ready
    }

    /// What the screen shows.
    public struct Screen: Equatable, Sendable {
        /// Where the app stands.
        public var status: Status = .bluetoothOff
        /// Whether the board's button is pressed.
        public var buttonPressed = false
        /// Whether the LED is on, as the board last confirmed.
        public var ledOn = false
        /// The last problem to show the user, if any.
        public var problem: String?
    }

    private let screenState = Mutex(Screen())
    private let queue: DispatchQueue
    private var manager: CBCentralManager?
    private var board: CBPeripheral?
    private var button: CBCharacteristic?
    private var led: CBCharacteristic?
    private var wantedLED: Bool?

    /// Starts the app: its central manager's delegate calls run on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
        super.init()
        manager = CBCentralManager(delegate: self, queue: queue)
    }

    /// What the screen shows now.
    public var screen: Screen { screenState.withLock { $0 } }

    /// Turns the LED on or off; the screen follows once the board confirmed.
    public func setLED(_ on: Bool) {
        queue.async { [self] in
            guard let board, let led else { return show { $0.problem = "The board is not connected" } }
            wantedLED = on
            board.writeValue(Data([on ? 1 : 0]), for: led, type: .withResponse)
        }
    }

    /// Changes what the screen shows; on the queue, the only place that changes it.
    private func show(_ change: (inout Screen) -> Void) {
        var screen = self.screen
        change(&screen)
        screenState.withLock { $0 = screen }
    }

    public func centralManagerDidUpdateState(_ central: CBCentralManager) {
        guard central.state == .poweredOn else {
            board = nil
            button = nil
            led = nil
            return show { $0.status = .bluetoothOff }
        }
        show { $0.status = .searching }
        central.scanForPeripherals(withServices: [BlinkyUUIDs.service])
    }

    public func centralManager(
        _ central: CBCentralManager, didDiscover peripheral: CBPeripheral, advertisementData: [String: Any],
        rssi RSSI: NSNumber
    ) {
        central.stopScan()
        board = peripheral
        peripheral.delegate = self
        show { $0.status = .connecting }
        central.connect(peripheral)
    }

    public func centralManager(_ central: CBCentralManager, didConnect peripheral: CBPeripheral) {
        peripheral.discoverServices([BlinkyUUIDs.service])
    }

    public func centralManager(
        _ central: CBCentralManager, didDisconnectPeripheral peripheral: CBPeripheral, error: (any Error)?
    ) {
        button = nil
        led = nil
        show {
            $0.status = .connecting
            $0.problem = error.map { "The board went away: \($0.localizedDescription)" }
        }
        central.connect(peripheral)
    }

    public func peripheral(_ peripheral: CBPeripheral, didDiscoverServices error: (any Error)?) {
        guard let service = peripheral.services?.first(where: { $0.uuid == BlinkyUUIDs.service }) else {
            return show { $0.problem = "This board has no LED Button Service" }
        }
        peripheral.discoverCharacteristics([BlinkyUUIDs.button, BlinkyUUIDs.led], for: service)
    }

    public func peripheral(
        _ peripheral: CBPeripheral, didDiscoverCharacteristicsFor service: CBService, error: (any Error)?
    ) {
        button = service.characteristics?.first { $0.uuid == BlinkyUUIDs.button }
        led = service.characteristics?.first { $0.uuid == BlinkyUUIDs.led }
        guard let button, led != nil else {
            return show { $0.problem = "This board lacks the button or the LED" }
        }
        peripheral.readValue(for: button)
        peripheral.setNotifyValue(true, for: button)
    }

    public func peripheral(
        _ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        guard characteristic.uuid == BlinkyUUIDs.button else { return }
        if let error { return show { $0.problem = "The button could not be read: \(error.localizedDescription)" } }
        let pressed = characteristic.value?.first == 1
        show {
            $0.buttonPressed = pressed
            $0.status = .ready
        }
    }

    public func peripheral(
        _ peripheral: CBPeripheral, didWriteValueFor characteristic: CBCharacteristic, error: (any Error)?
    ) {
        guard characteristic.uuid == BlinkyUUIDs.led, let wanted = wantedLED else { return }
        wantedLED = nil
        if let error {
            return show { $0.problem = "The LED did not change: \(error.localizedDescription)" }
        }
        show {
            $0.ledOn = wanted
            $0.problem = nil
        }
    }
}
