import HCI

/// An attribute handle followed by a value that runs to the end of the PDU.
///
/// Handle Value Notification, Handle Value Indication, Write Request and Write Command all carry exactly this.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.1, 3.4.5.3, 3.4.7.1 and 3.4.7.2.
public struct ATTHandleValueParameters: WireCodable, Hashable {
    /// The attribute the value belongs to.
    public var handle: AttributeHandle
    /// The attribute's value, or as much of it as fits in the PDU.
    public var value: [UInt8]

    public init(handle: AttributeHandle, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}

extension ATTHandleValueParameters {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(bytes: value)
    }

    public var encodedCapacityHint: Int { 2 + value.count }
}

/// An ATT PDU whose parameters are an ``ATTHandleValueParameters``; it only has to name its opcode.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.5.1, 3.4.5.3, 3.4.7.1 and 3.4.7.2.
public protocol ATTHandleValuePDU: ATTPDUCodable {
    /// The handle and value the PDU carries.
    var parameters: ATTHandleValueParameters { get set }

    /// Makes the PDU from its parameters.
    init(parameters: ATTHandleValueParameters)
}

extension ATTHandleValuePDU {
    /// The attribute the value belongs to.
    public var handle: AttributeHandle {
        get { parameters.handle }
        set { parameters.handle = newValue }
    }

    /// The attribute's value, or as much of it as fits in the PDU.
    public var value: [UInt8] {
        get { parameters.value }
        set { parameters.value = newValue }
    }

    /// Makes the PDU from an attribute handle and a value.
    public init(handle: AttributeHandle, value: [UInt8]) {
        self.init(parameters: ATTHandleValueParameters(handle: handle, value: value))
    }

    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(parameters: try ATTHandleValueParameters(from: &reader))
    }

    public func encode(into writer: inout ByteWriter) {
        parameters.encode(into: &writer)
    }

    public var encodedCapacityHint: Int { parameters.encodedCapacityHint }
}
