/// A remote central connected to the local peripheral manager.
open class CBCentral: CBPeer {
    /// The most bytes one notification or indication to this central can carry: the ATT MTU less 3, at most 512.
    ///
    /// Bluetooth Core Specification Vol 3, Part F, 3.4.7.1.
    open var maximumUpdateValueLength: Int {
        min(max(mtu - 3, 0), 512)
    }

    /// The central as Apple describes it: `<CBCentral: 0x… identifier = …, MTU = 20>`, where "MTU" is
    /// ``maximumUpdateValueLength``.
    open override var description: String {
        "<\(type(of: self)): \(addressDescription) identifier = \(identifier.uuidString), "
            + "MTU = \(maximumUpdateValueLength)>"
    }
}
