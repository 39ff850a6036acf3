/// Writes one or more values atomically: Prepare Write Requests queue them on the server, then one
/// Execute Write Request commits them all.
///
/// Values longer than a Prepare Write can carry go in segments of ATT_MTU - 5 bytes at rising offsets.
/// Each Prepare Write Response must echo its segment unchanged; a mismatch, or an Error Response once
/// something is queued, cancels the queue with Execute Write (Cancel) before the procedure fails.
///
/// Bluetooth Core Specification Vol 3, Part G, 4.9.4 and 4.9.5.
public struct GATTClientReliableWrite: GATTClientProcedure {
    /// One value to write, starting at an offset within the attribute's value.
    public struct Write: Hashable, Sendable {
        /// The attribute to write.
        public var handle: AttributeHandle
        /// The bytes to write.
        public var value: [UInt8]
        /// Where in the attribute's value the bytes go.
        public var offset: UInt16

        public init(handle: AttributeHandle, value: [UInt8], offset: UInt16 = 0) {
            self.handle = handle
            self.value = value
            self.offset = offset
        }
    }

    private enum State: Hashable, Sendable {
        case idle
        case preparing(index: Int)
        case executing
        case cancelling(GATTClientError)
        case done
    }

    private let writes: [Write]
    private let mtu: Int
    private var segments: [ATTPrepareWriteRequest] = []
    private var state = State.idle

    /// Makes the procedure writing each of `writes` on a bearer with `mtu`.
    public init(writes: [Write], mtu: Int) {
        precondition(mtu >= 23, "ATT_MTU is at least 23")
        self.writes = writes
        self.mtu = mtu
    }

    /// The most value bytes one Prepare Write Request carries on a bearer with `mtu`.
    public static func segmentLength(mtu: Int) -> Int { mtu - 5 }

    public mutating func start() -> GATTClientStep<Void> {
        segments = []
        for write in writes {
            let end = Int(write.offset) + write.value.count
            guard end <= GATTClientReadValue.maximumValueLength else {
                return fail(.valueTooLong(length: end, maximum: GATTClientReadValue.maximumValueLength))
            }
            let length = Self.segmentLength(mtu: mtu)
            for start in stride(from: 0, to: max(write.value.count, 1), by: length) {
                let part = Array(write.value[start..<min(start + length, write.value.count)])
                segments.append(
                    ATTPrepareWriteRequest(handle: write.handle, offset: write.offset + UInt16(start), value: part))
            }
        }
        return prepare(0)
    }

    public mutating func received(_ response: ATTPDU) -> GATTClientStep<Void> {
        switch (state, response) {
        case (.preparing(let index), .prepareWriteResponse(let echo)):
            let sent = segments[index]
            guard echo.handle == sent.handle, echo.offset == sent.offset, echo.value == sent.value else {
                return cancel(because: .preparedWriteMismatch(handle: sent.handle, offset: sent.offset))
            }
            return prepare(index + 1)
        case (.preparing(let index), .errorResponse(let error)) where error.requestOpcode == .prepareWriteRequest:
            return index == 0 ? fail(GATTClientError(error)) : cancel(because: GATTClientError(error))
        case (.executing, .executeWriteResponse):
            state = .done
            return .finished(())
        case (.executing, .errorResponse(let error)) where error.requestOpcode == .executeWriteRequest:
            return fail(GATTClientError(error))
        case (.cancelling(let reason), .executeWriteResponse):
            return fail(reason)
        case (.cancelling(let reason), .errorResponse(let error)) where error.requestOpcode == .executeWriteRequest:
            return fail(reason)
        default:
            return fail(.unexpectedResponse(response.opcode))
        }
    }

    private mutating func prepare(_ index: Int) -> GATTClientStep<Void> {
        guard !segments.isEmpty else {
            state = .done
            return .finished(())
        }
        guard index < segments.count else {
            state = .executing
            return .send(.executeWriteRequest(ATTExecuteWriteRequest(flags: .writeAll)))
        }
        state = .preparing(index: index)
        return .send(.prepareWriteRequest(segments[index]))
    }

    private mutating func cancel(because reason: GATTClientError) -> GATTClientStep<Void> {
        state = .cancelling(reason)
        return .send(.executeWriteRequest(ATTExecuteWriteRequest(flags: .cancelAll)))
    }

    private mutating func fail(_ error: GATTClientError) -> GATTClientStep<Void> {
        state = .done
        return .failed(error)
    }
}
