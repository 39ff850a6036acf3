import Foundation
import Host

/// A connection-oriented L2CAP channel to a peer, read and written through streams.
///
/// Keep a strong reference to the channel for as long as you use it, as Apple requires: when the last one goes,
/// the channel closes (holding only its streams does not keep it open). Closing the output stream closes it too.
/// Either way the bytes the output stream already took are sent first, and the channel closes after them; only a
/// link going down loses them. Open each stream and schedule it on a run loop to hear its events; when the channel
/// closes or its link goes down, both streams report `.endEncountered` (the input once its buffered bytes are
/// read).
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

    let core: L2CAPChannelCore

    init(peer: CBPeer, core: L2CAPChannelCore) {
        self.peer = peer
        self.psm = core.info.spsm.rawValue
        self.core = core
        let input = L2CAPInputStream(core: core)
        let output = L2CAPOutputStream(core: core)
        inputStream = input
        outputStream = output
    }

    deinit {
        core.release()
    }

    /// The channel as Apple describes it: `<CBL2CAPChannel: 0x…, peer = …, psm = 128>`.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription), peer = \(peer.identifier.uuidString), psm = \(psm)>"
    }
}
