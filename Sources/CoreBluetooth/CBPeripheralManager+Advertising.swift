import Foundation
import Host

extension CBPeripheralManager {
    /// Carries out ``startAdvertising(_:)``; when not `announcing` (advertising resumed on restoration), the
    /// delegate hears nothing.
    func advertise(_ advertisementData: [String: Any]?, announcing: Bool = true) {
        confined {
            guard acceptsCommands() else { return }
            guard advertisement == nil else {
                afterPendingOperations {
                    self.delegate?.peripheralManagerDidStartAdvertising(
                        self, error: CBError(reporting: .alreadyAdvertising))
                }
                return
            }
            let data = advertisementData ?? [:]
            for key in data.keys.sorted()
            where key != CBAdvertisementDataLocalNameKey && key != CBAdvertisementDataServiceUUIDsKey {
                report("WARNING: The advertisement key '\(key)' is not allowed")
            }
            let content = AdvertisementContent(
                flags: [.leGeneralDiscoverable, .brEdrNotSupported],
                localName: data[CBAdvertisementDataLocalNameKey] as? String,
                serviceUUIDs: (data[CBAdvertisementDataServiceUUIDsKey] as? [CBUUID] ?? []).map(\.bluetoothUUID))
            submitAdvertising(content, announcing: announcing)
        }
    }

    /// Hands `content` to the host to advertise; `advertisingStarted` follows on the manager's queue.
    func submitAdvertising(_ content: AdvertisementContent, announcing: Bool) {
        advertisement = content
        submit { host in
            let failure: CBError?
            do {
                try await host.startAdvertising(content)
                failure = nil
            } catch {
                self.report("advertising not started: \(error)")
                failure = CBError(reporting: .unknown)
            }
            self.queue.async { self.advertisingStarted(content, error: failure, announcing: announcing) }
        }
    }

    /// Carries out ``stopAdvertising()``.
    func endAdvertising() {
        confined {
            guard acceptsCommands() else { return }
            advertisement = nil
            advertising = false
            saveRestorationState()
            submit { host in
                do {
                    try await host.stopAdvertising()
                } catch {
                    self.report("advertising not stopped: \(error)")
                }
            }
        }
    }

    private func advertisingStarted(_ content: AdvertisementContent, error: CBError?, announcing: Bool) {
        if error != nil, advertisement == content {
            advertisement = nil
        }
        advertising = error == nil && advertisement == content
        guard announcing else { return }
        saveRestorationState()
        delegate?.peripheralManagerDidStartAdvertising(self, error: error)
    }
}
