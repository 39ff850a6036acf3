/// Carries the link-layer version, company and subversion a peer reported.
///
/// Bluetooth Core Specification Vol 4, Part E, 7.7.12.
public struct ReadRemoteVersionInformationCompleteEvent: HCIEvent, Hashable {
    public static let code = HCIEventCode.readRemoteVersionInformationComplete

    /// Whether the peer's version was read.
    public var status: HCIStatus
    /// The connection to the peer.
    public var handle: ConnectionHandle
    /// The peer's link-layer version (Assigned Numbers, Link Layer Version).
    public var version: UInt8
    /// The company that made the peer's controller (Assigned Numbers, Company Identifiers).
    public var companyIdentifier: UInt16
    /// The controller maker's own revision number.
    public var subversion: UInt16

    /// Makes the event from its parameters.
    public init(
        status: HCIStatus, handle: ConnectionHandle, version: UInt8, companyIdentifier: UInt16, subversion: UInt16
    ) {
        self.status = status
        self.handle = handle
        self.version = version
        self.companyIdentifier = companyIdentifier
        self.subversion = subversion
    }
}

extension ReadRemoteVersionInformationCompleteEvent {
    public init(from reader: inout ByteReader) throws(DecodeError) {
        status = try HCIStatus(from: &reader)
        handle = try ConnectionHandle(from: &reader, after: status)
        version = try reader.read()
        companyIdentifier = try reader.read()
        subversion = try reader.read()
    }

    public func encode(into writer: inout ByteWriter) {
        status.encode(into: &writer)
        handle.encode(into: &writer)
        writer.write(version)
        writer.write(companyIdentifier)
        writer.write(subversion)
    }
}
