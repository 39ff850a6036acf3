import HCI
import Host

extension FuzzTarget {
    /// The LE signaling channel of either role fed C-frames, with a credit-based channel that asked to connect
    /// taking the commands for it and, interleaved by the input, K-frames of data.
    static let l2capSignaling = FuzzTarget(name: "l2cap-signaling") { bytes in
        var input = FuzzInput(bytes)
        var signaling = SignalingChannel(role: input.byte() & 1 == 0 ? .central : .peripheral)
        var channel = CreditBasedChannel(localCID: L2CAPChannelID(rawValue: 0x0040))
        _ = try? channel.connect(spsm: SPSM(rawValue: 0x0080))
        while !input.isAtEnd {
            guard input.byte() & 1 == 0 else {
                _ = channel.received(frame: input.frame())
                continue
            }
            for action in signaling.received(input.frame()) {
                switch action {
                case .received(let command), .responseReceived(_, let command): feed(command, to: &channel)
                default: break
                }
            }
        }
    }

    private static func feed(_ command: SignalingCommand, to channel: inout CreditBasedChannel) {
        switch command {
        case .leCreditBasedConnectionRequest(let identifier, let request):
            _ = channel.accept(request, identifier: identifier)
        case .leCreditBasedConnectionResponse(_, let response): _ = channel.receivedConnectionResponse(response)
        case .commandReject(_, let reject): _ = channel.receivedCommandReject(reject)
        case .disconnectionRequest(let identifier, let request):
            _ = channel.receivedDisconnectionRequest(request, identifier: identifier)
        case .disconnectionResponse(_, let response): _ = channel.receivedDisconnectionResponse(response)
        case .flowControlCreditIndication(_, let indication): _ = channel.receivedCredits(indication.credits)
        default: break
        }
    }
}
