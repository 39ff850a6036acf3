import HCI
import Host

extension FuzzTarget {
    /// ACL fragments (boundary flag and data chosen by the input) reassembled into L2CAP frames, each handed to
    /// the decoder of its fixed channel: signaling, ATT or SMP.
    static let l2capReassembly = FuzzTarget(name: "l2cap-reassembly") { bytes in
        var input = FuzzInput(bytes)
        var reassembler = Reassembler(maximumPDUSize: 23 + Int(input.byte()) * 4)
        var signaling = SignalingChannel(role: .peripheral)
        while !input.isAtEnd {
            let boundary = ACLDataPacket.BoundaryFlag(rawValue: input.byte())
            let packet = ACLDataPacket(
                handle: ConnectionHandle(rawValue: 0x0040), boundary: boundary, data: input.frame())
            guard let frame = reassembler.received(packet).frame else { continue }
            switch frame.channelID {
            case .leSignaling: _ = signaling.received(frame.payload)
            case .att: _ = try? ATTPDU(decoding: frame.payload)
            case .smp: _ = try? SMPPDU(decoding: frame.payload)
            default: break
            }
        }
    }
}
