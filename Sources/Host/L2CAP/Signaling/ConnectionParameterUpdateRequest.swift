import HCI

/// Asks the central, from the peripheral, to change the connection's timing parameters.
///
/// Bluetooth Core Specification Vol 3, Part A, 4.20.
public struct ConnectionParameterUpdateRequest: SignalingCommandParameters, Hashable {
    public static let code = SignalingCode.connectionParameterUpdateRequest

    /// Shortest acceptable connection interval, in units of 1.25 ms (6 to 3200).
    public var intervalMin: UInt16
    /// Longest acceptable connection interval, in units of 1.25 ms (6 to 3200).
    public var intervalMax: UInt16
    /// How many connection events the peripheral may skip (0 to 499).
    public var latency: UInt16
    /// Supervision timeout, in units of 10 ms (10 to 3200).
    public var timeout: UInt16

    public init(intervalMin: UInt16, intervalMax: UInt16, latency: UInt16, timeout: UInt16) {
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
        self.latency = latency
        self.timeout = timeout
    }

    /// Whether every field is in its range, the interval range is ordered, and the supervision
    /// timeout is longer than twice the effective interval: timeout × 10 ms > (1 + latency) ×
    /// intervalMax × 1.25 ms × 2, that is timeout × 4 > (1 + latency) × intervalMax.
    public var isValid: Bool {
        let intervals: ClosedRange<UInt16> = 6...3200
        guard intervals.contains(intervalMin), intervals.contains(intervalMax), intervalMin <= intervalMax,
            latency <= 499, (10...3200).contains(timeout)
        else { return false }
        return Int(timeout) * 4 > (1 + Int(latency)) * Int(intervalMax)
    }
}

extension ConnectionParameterUpdateRequest {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        intervalMin = try reader.read()
        intervalMax = try reader.read()
        latency = try reader.read()
        timeout = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        writer.write(intervalMin)
        writer.write(intervalMax)
        writer.write(latency)
        writer.write(timeout)
    }
}
