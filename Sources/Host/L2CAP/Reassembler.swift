import HCI

/// Joins the ACL data fragments of one connection back into B-frames, keeping at most one PDU of
/// bounded size in progress.
///
/// Fragments that do not fit the PDU in progress drop it, with a reason for the log, instead of
/// growing the buffer or trapping.
///
/// Bluetooth Core Specification Vol 3, Part A, 7.2.2.
public struct Reassembler: Sendable {
    /// The largest information payload accepted; longer PDUs are dropped as soon as their header is seen.
    public let maximumPDUSize: Int
    /// The PDU's header as far as it has arrived: its bytes, little-endian, and how many there are.
    private var header: UInt32 = 0
    private var headerCount = 0
    /// The information payload received so far, reserved to its declared length once the header is complete.
    private var payload: [UInt8] = []
    private var inProgress = false
    private var declaredLength: Int?

    /// Makes a reassembler that accepts PDUs whose payload is at most `maximumPDUSize` bytes (0 to 65535).
    public init(maximumPDUSize: Int) {
        precondition((0...BasicFrame.maximumPayloadLength).contains(maximumPDUSize), "maximumPDUSize must be 0...65535")
        self.maximumPDUSize = maximumPDUSize
    }

    /// Whether part of a PDU has been received and more is expected.
    public var isReassembling: Bool { inProgress }

    /// How many bytes of the PDU in progress (header included) are buffered.
    public var bufferedByteCount: Int { headerCount + payload.count }

    /// Takes one fragment received on the connection and says what it completed or dropped.
    public mutating func received(_ packet: ACLDataPacket) -> ReassemblyResult {
        guard packet.boundary.isFirst else {
            guard inProgress else { return .dropped(.continuationWithoutStart(length: packet.data.count)) }
            return append(packet.data[...])
        }
        guard inProgress else { return start(packet.data) }
        let discarded = bufferedByteCount
        reset()
        return .interrupted(discardedLength: discarded, restart: start(packet.data))
    }

    /// Forgets the PDU in progress, as when the connection goes away.
    public mutating func reset() {
        header = 0
        headerCount = 0
        payload = []
        inProgress = false
        declaredLength = nil
    }

    private mutating func start(_ data: [UInt8]) -> ReassemblyResult {
        inProgress = true
        return append(data[...])
    }

    private mutating func append(_ data: ArraySlice<UInt8>) -> ReassemblyResult {
        var rest = data
        let length: Int
        if let declaredLength {
            length = declaredLength
        } else {
            while headerCount < BasicFrame.headerLength, let byte = rest.popFirst() {
                header |= UInt32(byte) << (8 * headerCount)
                headerCount += 1
            }
            guard headerCount == BasicFrame.headerLength else { return .incomplete }
            length = Int(header & 0xFFFF)
            guard length <= maximumPDUSize else {
                reset()
                return .dropped(.exceedsMaximumSize(declaredLength: length, maximum: maximumPDUSize))
            }
            declaredLength = length
            payload.reserveCapacity(length)
        }
        let received = payload.count
        guard rest.count <= length - received else {
            reset()
            return .dropped(.overrun(declaredLength: length, receivedLength: received + rest.count))
        }
        payload.append(contentsOf: rest)
        guard payload.count == length else { return .incomplete }
        let frame = BasicFrame(channelID: L2CAPChannelID(rawValue: UInt16(header >> 16)), payload: payload)
        reset()
        return .complete(frame)
    }
}
