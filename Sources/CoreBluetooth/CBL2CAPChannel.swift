/// A connection-oriented L2CAP channel to a peer, read and written through streams.
///
/// Bluetooth Core Specification Vol 3, Part A, 10.
open class CBL2CAPChannel: NSObject {
    /// The peer at the other end of the channel.
    open internal(set) var peer: CBPeer!
    /// The stream the channel's incoming data is read from.
    open internal(set) var inputStream: InputStream!
    /// The stream the channel's outgoing data is written to.
    open internal(set) var outputStream: OutputStream!
    /// The Protocol/Service Multiplexer the channel was opened on.
    open internal(set) var psm: CBL2CAPPSM

    init(peer: CBPeer, psm: CBL2CAPPSM) {
        self.peer = peer
        self.psm = psm
    }
}
