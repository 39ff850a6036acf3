import Foundation
import HCI
import Host

extension CBPeripheralManager {
    /// Carries out ``publishL2CAPChannel(withEncryption:)``.
    func publishChannel(withEncryption encryptionRequired: Bool) {
        confined {
            guard acceptsCommands() else { return }
            let options = ChannelServiceOptions(
                requiresEncryption: encryptionRequired, creditsFollowConsumption: true,
                configuration: L2CAPChannelCore.configuration)
            submit { host in
                let psm: CBL2CAPPSM
                let failure: CBError?
                do {
                    psm = try await host.publishChannel(options: options).rawValue
                    failure = nil
                } catch {
                    self.report("L2CAP channel not published: \(error)")
                    psm = 0
                    failure = CBError(reporting: .outOfSpace)
                }
                self.queue.async { self.delegate?.peripheralManager(self, didPublishL2CAPChannel: psm, error: failure) }
            }
        }
    }

    /// Carries out ``unpublishL2CAPChannel(_:)``.
    func unpublishChannel(_ PSM: CBL2CAPPSM) {
        confined {
            guard acceptsCommands() else { return }
            precondition(PSM > 0, "psm > 0")
            submit { host in
                await host.unpublishChannel(spsm: SPSM(rawValue: PSM))
                self.queue.async { self.delegate?.peripheralManager(self, didUnpublishL2CAPChannel: PSM, error: nil) }
            }
        }
    }

    /// A central opened a channel to a published PSM: hands it to `peripheralManager(_:didOpen:error:)`.
    func channelOpened(_ info: L2CAPChannelInfo) {
        guard let host = channels.host else { return }
        let core = L2CAPChannelCore(host: host, info: info)
        guard let central = centralsByConnection[info.connection] else {
            core.release()
            return
        }
        let channel = CBL2CAPChannel(peer: central, core: core)
        channels.adopt(core)
        delegate?.peripheralManager(self, didOpen: channel, error: nil)
    }
}
