import HCI

/// An attribute handle, an offset into its value and a part of the value that runs to the end of the PDU.
///
/// Prepare Write Request and Prepare Write Response both carry exactly this.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.1 and 3.4.6.2.
public struct ATTPrepareWriteParameters: WireCodable, Hashable {
    /// The attribute to write.
    public var handle: AttributeHandle
    /// Where in the value the part goes.
    public var offset: UInt16
    /// The part of the value.
    public var value: [UInt8]

    public init(handle: AttributeHandle, offset: UInt16, value: [UInt8]) {
        self.handle = handle
        self.offset = offset
        self.value = value
    }
}

extension ATTPrepareWriteParameters {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        handle = try AttributeHandle(from: &reader)
        offset = try reader.read()
        value = reader.readRemaining()
    }

    public func encode(into writer: inout ByteWriter) {
        handle.encode(into: &writer)
        writer.write(offset)
        writer.write(bytes: value)
    }
}

/// An ATT PDU whose parameters are an ``ATTPrepareWriteParameters``; it only has to name its opcode.
///
/// Bluetooth Core Specification Vol 3, Part F, 3.4.6.1 and 3.4.6.2.
public protocol ATTPrepareWritePDU: ATTPDUCodable {
    /// The handle, offset and part of the value the PDU carries.
    var parameters: ATTPrepareWriteParameters { get set }

    /// Makes the PDU from its parameters.
    init(parameters: ATTPrepareWriteParameters)
}

extension ATTPrepareWritePDU {
    /// The attribute to write.
    public var handle: AttributeHandle {
        get { parameters.handle }
        set { parameters.handle = newValue }
    }

    /// Where in the value the part goes.
    public var offset: UInt16 {
        get { parameters.offset }
        set { parameters.offset = newValue }
    }

    /// The part of the value.
    public var value: [UInt8] {
        get { parameters.value }
        set { parameters.value = newValue }
    }

    /// Makes the PDU from an attribute handle, an offset and a part of the value.
    public init(handle: AttributeHandle, offset: UInt16, value: [UInt8]) {
        self.init(parameters: ATTPrepareWriteParameters(handle: handle, offset: offset, value: value))
    }

    public init(from reader: inout ByteReader) throws(DecodeError) {
        self.init(parameters: try ATTPrepareWriteParameters(from: &reader))
    }

    public func encode(into writer: inout ByteWriter) {
        parameters.encode(into: &writer)
    }
}
