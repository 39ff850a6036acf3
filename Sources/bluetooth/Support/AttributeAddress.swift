import ArgumentParser
import CoreBluetooth

/// Which attribute `read`, `write` and `subscribe` act on, as the user wrote it: a path of UUIDs from a service down
/// to a descriptor (`2A19`, `180F/2A19`, `2A19/2901`, `180F/2A19/2901`), each UUID optionally followed by `#N` for
/// its Nth instance (`2A19#2`, `180F#2/2A19`), or an attribute handle (`0x002A`).
enum AttributeAddress: Equatable, Sendable, CustomStringConvertible {
    /// One UUID of a path, and which of the attributes with that UUID it means (1-based), if it says.
    struct Segment: Equatable, Sendable, CustomStringConvertible {
        var uuid: CBUUID
        var instance: Int?

        var description: String { uuid.uuidString + (instance.map { "#\($0)" } ?? "") }
    }

    /// One to three UUIDs: a characteristic; a service and a characteristic, or a characteristic and a descriptor;
    /// a service, a characteristic and a descriptor.
    case path([Segment])
    /// The handle of a characteristic's value or declaration, or of a descriptor.
    case handle(UInt16)

    /// Reads an address, or fails with a usage error saying what is wrong with it.
    init(_ text: String) throws {
        if text.lowercased().hasPrefix("0x") {
            let digits = text.dropFirst(2)
            guard (1...4).contains(digits.count), let handle = UInt16(digits, radix: 16), handle != 0 else {
                throw ValidationError("'\(text)' is not an attribute handle (0x0001 to 0xFFFF)")
            }
            self = .handle(handle)
            return
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else {
            throw ValidationError(
                "'\(text)' names \(parts.count) attributes; an address has at most three: SERVICE/CHARACTERISTIC/DESCRIPTOR"
            )
        }
        self = .path(try parts.map(Self.segment))
    }

    var description: String {
        switch self {
        case .path(let segments): segments.map(\.description).joined(separator: "/")
        case .handle(let handle): Self.hex(handle)
        }
    }

    /// A handle as addresses and messages write it: `0x002A`.
    static func hex(_ handle: UInt16) -> String {
        let digits = String(handle, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
    }

    private static func segment(_ text: Substring) throws -> Segment {
        let pieces = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let uuid = try CBUUID.argument(String(pieces[0]))
        guard pieces.count == 2 else { return Segment(uuid: uuid) }
        guard let instance = Int(pieces[1]), instance >= 1 else {
            throw ValidationError("'\(text)': the instance after # is a number from 1 (e.g. \(pieces[0])#2)")
        }
        return Segment(uuid: uuid, instance: instance)
    }

    /// The argument's help, shared by every command that takes an attribute.
    static let help = ArgumentHelp(
        "The attribute: [SERVICE/]CHARACTERISTIC[/DESCRIPTOR] by UUID, each optionally #N, or a handle (0x002A).",
        valueName: "attribute")

    /// How addresses work, for each such command's `--help`.
    static let discussion = """
        ATTRIBUTE names a characteristic or descriptor of the peripheral, in any service, primary or secondary \
        (secondary services are found through the services that include them):
          2A19              the characteristic 2A19
          180F/2A19         the characteristic 2A19 of service 180F
          2A19/2901         the descriptor 2901 of characteristic 2A19
          180F/2A19/2901    the same, with its service
          2A19#2, 180F#2/2A19
                            the second of those with that UUID: among its siblings, or in the whole tree for a \
        first UUID, counted in the order explore lists them
          0x002A            the characteristic whose value (or declaration) is at handle 0x002A, or the descriptor \
        there
        When a UUID without #N matches several attributes, the first (in explore's order) is used and a note on \
        standard error names the others. A UUID pair names a service's characteristic or a characteristic's \
        descriptor, whichever exists; when both do, it is refused. An attribute that is not there fails with the \
        list of those that are.
        """
}
