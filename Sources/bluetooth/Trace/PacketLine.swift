import HCI
import Host

/// One HCI packet as a line of `-v` output: its direction, then what it carries, decoded through HCI, L2CAP and ATT,
/// SMP or LE signaling (`> ACL 0x0001 ATT readRequest`); with `detailed` (`-vv`), the decoded fields follow.
enum PacketLine {
    /// The line for `packet`, sent by the host (`>`) or received from the controller (`<`).
    static func describe(_ packet: HCIPacket, sent: Bool, detailed: Bool) -> String {
        let arrow = sent ? ">" : "<"
        switch packet {
        case .command(let command):
            let decoded = (try? KnownCommand(command)).map { String(describing: $0) }
            return "\(arrow) HCI command " + summary(decoded ?? "opcode \(command.opcode)", detailed)
        case .event(let event):
            let decoded = (try? KnownEvent(event)).map { String(describing: $0) }
            return "\(arrow) HCI event " + summary(decoded ?? "code \(event.code)", detailed)
        case .acl(let data):
            return "\(arrow) ACL \(data.handle) " + acl(data, detailed)
        case .sco(let bytes):
            return "\(arrow) SCO \(bytes.count) bytes"
        case .iso(let bytes):
            return "\(arrow) ISO \(bytes.count) bytes"
        }
    }

    /// The L2CAP frame an ACL packet starts, and the ATT, SMP or signaling PDU in it.
    private static func acl(_ data: ACLDataPacket, _ detailed: Bool) -> String {
        guard data.boundary.isFirst else { return "continuation, \(data.data.count) bytes" }
        var reader = ByteReader(data.data)
        guard let frame = try? BasicFrame(from: &reader) else {
            return "L2CAP start of a longer frame, \(data.data.count) bytes"
        }
        let payload = frame.payload
        switch frame.channelID {
        case .att:
            let decoded = (try? ATTPDU(decoding: payload)).map { String(describing: $0) }
            return "ATT " + summary(decoded ?? "\(payload.count) bytes that do not decode", detailed)
        case .smp:
            var reader = ByteReader(payload)
            let decoded = (try? SMPPDU(from: &reader)).map { String(describing: $0) }
            return "SMP " + summary(decoded ?? "\(payload.count) bytes that do not decode", detailed)
        case .leSignaling:
            let decoded = (try? SignalingCommand(decoding: payload)).map { String(describing: $0) }
            return "L2CAP signaling " + summary(decoded ?? "\(payload.count) bytes that do not decode", detailed)
        default:
            return "L2CAP channel \(frame.channelID.rawValue), \(payload.count) bytes"
        }
    }

    /// The case name of a decoded value's description (`readRequest`, `leMeta connectionComplete`), or the whole
    /// description when `detailed`; module names are left out.
    private static func summary(_ description: String, _ detailed: Bool) -> String {
        let text = description.replacingOccurrences(of: "HCI.", with: "").replacingOccurrences(of: "Host.", with: "")
        if detailed { return text }
        let name = text.prefix { $0 != "(" }
        guard name == "leMeta" else { return String(name) }
        let inner = text.dropFirst(name.count + 1).prefix { $0 != "(" }
        return "leMeta " + (inner.split(separator: ".").last.map(String.init) ?? "")
    }
}
