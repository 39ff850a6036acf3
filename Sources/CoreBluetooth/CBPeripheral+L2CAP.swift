import HCI
import Host

extension CBPeripheral {
    /// Carries out ``openL2CAPChannel(_:)``: asks the peer for a channel, pairing first when it wants an encrypted
    /// link, and hands the channel, or why there is none, to `peripheral(_:didOpen:error:)`.
    func openChannel(_ psm: CBL2CAPPSM) {
        let spsm = SPSM(rawValue: psm)
        perform(
            "openL2CAPChannel",
            { host, link throws(HostError) in
                do throws(HostError) {
                    let info = try await host.openChannelSecured(
                        spsm: spsm, on: link, configuration: L2CAPChannelCore.configuration,
                        creditsFollowConsumption: true)
                    return Result<L2CAPChannelInfo, HostError>.success(info)
                } catch {
                    return .failure(error)
                }
            }
        ) { [self] result in
            switch result {
            case .success(.success(let info)):
                guard let host = manager?.host else {
                    delegate?.peripheral(self, didOpen: nil, error: CBError(reporting: .peripheralDisconnected))
                    return
                }
                let core = L2CAPChannelCore(host: host, info: info)
                let channel = CBL2CAPChannel(peer: self, core: core)
                channels.adopt(core)
                delegate?.peripheral(self, didOpen: channel, error: nil)
            case .success(.failure(let error)):
                delegate?.peripheral(self, didOpen: nil, error: Self.channelError(error))
            case .failure(let error):
                delegate?.peripheral(self, didOpen: nil, error: error)
            }
        }
    }

    /// The error `peripheral(_:didOpen:error:)` reports when the host could not open a channel: refusals and
    /// rejections by the peer are `CBError.connectionFailed`.
    static func channelError(_ error: HostError) -> any Error {
        switch error {
        case .channelClosed(_, _, let reason): reason.reported ?? CBError(reporting: .connectionFailed)
        case .noFreeChannel: CBError(reporting: .connectionLimitReached)
        default: error.reported
        }
    }
}
