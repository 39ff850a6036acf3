import Foundation
import HCI
import Host

extension CBPeripheralManager {
    /// Records a central that connected, keeping one object per peer address, and resumes advertising, which
    /// legacy advertising stops on connection, when the app still wants it.
    func linkUp(_ link: HostLink) {
        let identifier = Self.identifier(of: link.peerAddress, type: link.peerAddressType)
        let central = centralsByIdentifier[identifier] ?? CBCentral(identifier: identifier)
        centralsByIdentifier[identifier] = central
        central.mtu = link.mtu
        centralsByConnection[link.handle] = central
        resumeAdvertising(after: "a connection")
    }

    /// Forgets a central that disconnected; its subscriptions ended just before. Advertising that waited for a
    /// free link resumes.
    func linkDown(_ handle: ConnectionHandle) {
        forgetRequests(on: handle)
        centralsByConnection[handle]?.mtu = 23
        centralsByConnection[handle] = nil
        transmitQueueEnded(on: handle)
        if advertisingAwaitsFreeLink {
            advertisingAwaitsFreeLink = false
            resumeAdvertising(after: "a disconnection")
        }
    }

    /// Starts the advertising the app still wants again; when the controller has no link left for another
    /// central (Connection Limit Exceeded) it waits for a link to end.
    private func resumeAdvertising(after cause: String) {
        guard let content = advertisement else { return }
        submit { [queue] host in
            do {
                try await host.startAdvertising(content)
            } catch {
                if case .controller(.commandFailed(_, let status))? = error as? HostError,
                    status == .connectionLimitExceeded
                {
                    queue.async { self.advertisingAwaitsFreeLink = self.advertisement != nil }
                } else {
                    self.report("advertising not resumed after \(cause): \(error)")
                }
            }
        }
    }

    /// Disconnects every connected central with Remote User Terminated Connection, one after another once the host
    /// calls submitted before have run, then runs `done`.
    func disconnectCentrals(then done: @escaping @Sendable () -> Void) {
        let handles = confined { centralsByConnection.keys.sorted() }
        submit { host in
            for handle in handles {
                try? await host.disconnect(handle)
            }
            done()
        }
    }

    /// Tells the delegate a central subscribed or unsubscribed, once per change, after updating the
    /// characteristic's `subscribedCentrals`.
    func subscriptionChanged(connection: ConnectionHandle, valueHandle: AttributeHandle, subscribed: Bool) {
        guard let central = centralsByConnection[connection], let characteristic = characteristicsByHandle[valueHandle]
        else { return }
        if subscribed {
            if characteristic.addSubscriber(central) {
                delegate?.peripheralManager(self, central: central, didSubscribeTo: characteristic)
            }
        } else if characteristic.removeSubscriber(central) {
            delegate?.peripheralManager(self, central: central, didUnsubscribeFrom: characteristic)
        }
    }

    /// Carries out ``setDesiredConnectionLatency(_:for:)``.
    func requestLatency(_ latency: CBPeripheralManagerConnectionLatency, for central: CBCentral) {
        confined {
            guard acceptsCommands() else { return }
            guard let handle = centralsByConnection.first(where: { $0.value === central })?.key else {
                report("API MISUSE: \(central) is not connected")
                return
            }
            let interval: ClosedRange<UInt16> =
                switch latency {
                case .low: 12...24
                case .medium: 24...48
                case .high: 48...96
                }
            submit { host in
                do {
                    try await host.requestConnectionParameters(
                        handle, interval: interval, latency: 0, supervisionTimeout: 600)
                } catch {
                    self.report("connection latency not requested: \(error)")
                }
            }
        }
    }

    /// The identifier of the central with this address: the same for the same address and type, every time.
    static func identifier(of address: BluetoothAddress, type: AddressType) -> UUID {
        let a = address.bytes
        return UUID(
            uuid: (
                0x43, 0x42, 0x43, 0x45, 0x4E, 0x54, 0x80, type.rawValue, 0x80, 0x00,
                a[0], a[1], a[2], a[3], a[4], a[5]
            ))
    }
}
