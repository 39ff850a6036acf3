import CoreBluetooth
import Dispatch

/// A CBPeripheralManager delegate that serves an echo over L2CAP as an iOS app would: it publishes a channel,
/// serves the PSM it got in the L2CAP PSM characteristic, advertises its name, and echoes every channel a central
/// opens through the channel's streams on a run-loop thread.
///
/// `@unchecked Sendable`: its state is only touched on `queue`, where the manager calls it.
final class EchoPeripheralDelegate: NSObject, CBPeripheralManagerDelegate, @unchecked Sendable {
    /// What the set-up and the centrals did.
    enum Event: Sendable {
        /// Advertising started, with the PSM published; or the error that stopped the set-up.
        case ready(CBL2CAPPSM, (any Error)?)
        /// A central opened a channel, or failed to.
        case opened(ChannelStreams?, (any Error)?)
    }

    /// The service holding the PSM characteristic.
    static let service = CBUUID(string: "7D0B0000-5E2A-4C1B-9F3E-1A2B3C4D5E60")

    let queue = DispatchQueue(label: "interop.l2cap.peripheral")
    let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private let name: String
    private let thread: RunLoopThread
    private let encrypted: Bool
    private var psm: CBL2CAPPSM = 0

    /// Makes a delegate advertising `name`, echoing on `thread`, publishing a channel that requires an encrypted
    /// link when `encrypted`.
    init(name: String, thread: RunLoopThread, encrypted: Bool = false) {
        (events, sink) = AsyncStream.makeStream()
        self.name = name
        self.thread = thread
        self.encrypted = encrypted
        super.init()
    }

    func peripheralManagerDidUpdateState(_ peripheral: CBPeripheralManager) {
        guard peripheral.state == .poweredOn else { return }
        peripheral.publishL2CAPChannel(withEncryption: encrypted)
    }

    func peripheralManager(
        _ peripheral: CBPeripheralManager, didPublishL2CAPChannel PSM: CBL2CAPPSM, error: (any Error)?
    ) {
        if let error {
            sink.yield(.ready(PSM, error))
            return
        }
        psm = PSM
        let value = Data([UInt8(truncatingIfNeeded: PSM), UInt8(truncatingIfNeeded: PSM >> 8)])
        let characteristic = CBMutableCharacteristic(
            type: CBUUID(string: CBUUIDL2CAPPSMCharacteristicString), properties: [.read], value: value,
            permissions: [.readable])
        let service = CBMutableService(type: Self.service, primary: true)
        service.characteristics = [characteristic]
        peripheral.add(service)
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didAdd service: CBService, error: (any Error)?) {
        if let error {
            sink.yield(.ready(psm, error))
            return
        }
        peripheral.startAdvertising([CBAdvertisementDataLocalNameKey: name])
    }

    func peripheralManagerDidStartAdvertising(_ peripheral: CBPeripheralManager, error: (any Error)?) {
        sink.yield(.ready(psm, error))
    }

    func peripheralManager(_ peripheral: CBPeripheralManager, didOpen channel: CBL2CAPChannel?, error: (any Error)?) {
        let streams = channel.map { ChannelStreams($0, echoes: true) }
        streams?.attach(on: thread)
        sink.yield(.opened(streams, error))
    }
}
