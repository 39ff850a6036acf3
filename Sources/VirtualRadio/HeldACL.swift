import HCI

/// One host ACL packet that crossed an untimed air, to be cut into fragments for the receiving host once that
/// host's queue has room for them.
///
/// Ending the link, or taking either controller off the air or resetting it, discards what is held on the link,
/// so the link and the sender it names are always still there.
struct HeldACL {
    let link: Link
    /// The side that sent it, which hears Number Of Completed Packets once it is delivered.
    let sender: LinkSide
    let fragments: LinkFragments
}
