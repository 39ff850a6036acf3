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
            let decoded = try? KnownCommand(command)
            return "\(arrow) HCI command " + summary(decoded, or: "opcode \(command.opcode)", detailed)
        case .event(let event):
            let decoded = try? KnownEvent(event)
            return "\(arrow) HCI event " + summary(decoded, or: "code \(event.code)", detailed)
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
            let decoded = try? ATTPDU(decoding: payload)
            return "ATT " + summary(decoded, or: "\(payload.count) bytes that do not decode", detailed)
        case .smp:
            var reader = ByteReader(payload)
            let decoded = try? SMPPDU(from: &reader)
            return "SMP " + summary(decoded, or: "\(payload.count) bytes that do not decode", detailed)
        case .leSignaling:
            let decoded = try? SignalingCommand(decoding: payload)
            return "L2CAP signaling " + summary(decoded, or: "\(payload.count) bytes that do not decode", detailed)
        default:
            return "L2CAP channel \(frame.channelID.rawValue), \(payload.count) bytes"
        }
    }

    /// The case name of a decoded value (`readRequest`, `leMeta connectionComplete`), or with `detailed` its
    /// decoded fields (``DecodedFields``); `fallback` when it did not decode.
    private static func summary(_ decoded: Any?, or fallback: String, _ detailed: Bool) -> String {
        guard let decoded else { return fallback }
        if detailed { return DecodedFields.text(decoded) }
        let text = String(describing: decoded)
        let name = text.prefix { $0 != "(" }
        guard name == "leMeta" else { return String(name) }
        let inner = text.dropFirst(name.count + 1).prefix { $0 != "(" }
        return "leMeta " + (inner.split(separator: ".").last.map(String.init) ?? "")
    }
}
