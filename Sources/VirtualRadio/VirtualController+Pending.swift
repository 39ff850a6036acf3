extension VirtualController {
    /// How many events and ACL packets wait for the host to read them: the testing kit's simulation moves its
    /// clock only once every host has read what the air gave it.
    public var packetsForHost: Int { queue.count }
}
