import HCI
import Host

extension CBCentralManager {
    /// Handles one host event, on the delegate queue, in the order the host emitted them.
    func handle(_ event: HostEvent) {
        guard state == .poweredOn else { return }
        switch event {
        case .advertisement(let seen):
            received(seen)
        case .connected(let link) where link.role == .central:
            if let peripheral = peripherals.live.first(where: { $0.attempt != nil && $0.address == link.peerAddress }) {
                linked[link.handle] = peripheral
            }
        case .disconnected(let handle, let reason):
            linkWentDown(handle, reason: reason)
        case .controllerStopped:
            // As iOS when Bluetooth is turned off: the peripherals are disconnected silently (no
            // didDisconnectPeripheral), then the delegate hears .poweredOff; the links' ends that follow find none.
            stopped()
        case .mtuChanged(let handle, let mtu):
            linked[handle]?.mtu = mtu
        case .notification(let handle, let attribute, let value), .indication(let handle, let attribute, let value):
            linked[handle]?.valueNotified(value, at: attribute)
        case .servicesChanged(let handle, let range, _):
            linked[handle]?.servicesChanged(in: range)
        case .channelData(let handle, let cid, let sdu):
            linked[handle]?.channels.received(sdu, on: cid, of: handle)
        case .channelClosed(let handle, let cid, let reason):
            linked[handle]?.channels.closed(cid, of: handle, reason: reason)
        default:
            break
        }
    }

    /// A connection attempt ended: the peripheral connects, fails to, or, when the app cancelled the attempt,
    /// disconnects with no error.
    func attemptEnded(_ attempt: ConnectAttempt, of peripheral: CBPeripheral, with result: Result<HostLink, HostError>)
    {
        guard peripheral.attempt === attempt else { return }
        peripheral.attempt = nil
        defer { saveRestorationState() }
        switch result {
        case .success(let link) where peripheral.lostLink == link.handle:
            linked[link.handle] = nil
            peripheral.reset()
            if attempt.isCancelled {
                delegate?.centralManager(self, didDisconnectPeripheral: peripheral, error: nil)
            } else {
                delegate?.centralManager(
                    self, didFailToConnect: peripheral, error: CBError(reporting: .peripheralDisconnected))
            }
        case .success(let link):
            linked[link.handle] = peripheral
            if attempt.isCancelled {
                peripheral.link = link.handle
                peripheral.state = .disconnecting
                if let host { Task { try? await host.disconnect(link.handle) } }
                return
            }
            peripheral.linkUp(link)
            peripheral.prepareLink()
            delegate?.centralManager(self, didConnect: peripheral)
            connectionEvent(.peerConnected, for: peripheral)
        case .failure(let error):
            peripheral.reset()
            if attempt.isCancelled {
                delegate?.centralManager(self, didDisconnectPeripheral: peripheral, error: nil)
            } else {
                delegate?.centralManager(self, didFailToConnect: peripheral, error: error.reported)
            }
        }
    }

    private func linkWentDown(_ handle: ConnectionHandle, reason: HCIStatus) {
        guard let peripheral = linked.removeValue(forKey: handle) else { return }
        if peripheral.attempt != nil {
            peripheral.lostLink = handle
            return
        }
        guard peripheral.link == handle else { return }
        let error: CBError? = peripheral.state == .disconnecting ? nil : reason.disconnectionError
        peripheral.linkDown(failingWith: error ?? CBError(reporting: .operationCancelled))
        if error != nil, peripheral.reconnectsAutomatically, let host {
            beginAttempt(to: peripheral, on: host)
        }
        saveRestorationState()
        delegate?.centralManager(self, didDisconnectPeripheral: peripheral, error: error)
        connectionEvent(.peerDisconnected, for: peripheral)
    }

    private func connectionEvent(_ event: CBConnectionEvent, for peripheral: CBPeripheral) {
        guard let options = connectionEventOptions else { return }
        if let identifiers = options[.peripheralUUIDs] as? [UUID], !identifiers.contains(peripheral.identifier) {
            return
        }
        if let services = options[.serviceUUIDs] as? [CBUUID] {
            let wanted = Set(services.map(\.bluetoothUUID))
            guard (peripheral.services ?? []).contains(where: { wanted.contains($0.uuid.bluetoothUUID) }) else {
                return
            }
        }
        delegate?.centralManager(self, connectionEventDidOccur: event, for: peripheral)
    }
}
