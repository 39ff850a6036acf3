/// The pairing agent: an `org.bluez.Agent1` object this process exports, registered with `AgentManager1` as
/// bluetoothd's default agent, so that the questions of the pairings bluetoothd starts on its own (a read that
/// needs encryption) and of those a device starts come to it.
extension BlueZClient {
    static let agentManagerInterface = "org.bluez.AgentManager1"

    /// Exports the agent, registers it with `capability` and asks bluetoothd to make it the default agent (the one
    /// before it is default again once it goes). Every question goes to `handler`, on the bus's dispatch thread, in
    /// the order they came.
    public func registerAgent(
        capability: BlueZAgentCapability, _ handler: @escaping @Sendable (BlueZAgentRequest) -> Void
    ) async throws(BlueZError) {
        let path = Self.nextRoot("agent")
        agentHandler.withLock { $0 = handler }
        exports.withLock { $0.agentPath = path }
        do throws(BlueZError) {
            _ = try await agentManagerCall("RegisterAgent", [.objectPath(path), .string(capability.rawValue)])
        } catch {
            exports.withLock { $0.agentPath = nil }
            throw error
        }
        _ = try await agentManagerCall("RequestDefaultAgent", [.objectPath(path)])
    }

    /// Unregisters the agent, if one is registered; the questions it has not answered are dropped.
    public func unregisterAgent() async throws(BlueZError) {
        guard let path = exports.withLock({ $0.agentPath }) else { return }
        defer {
            exports.withLock { $0.agentPath = nil }
            agentQuestions.cancelAll()
        }
        _ = try await agentManagerCall("UnregisterAgent", [.objectPath(path)])
    }

    private func agentManagerCall(_ member: String, _ arguments: [DBusValue]) async throws(BlueZError) -> [DBusValue] {
        try await connection.call(
            Self.service, path: "/org/bluez", interface: Self.agentManagerInterface, member: member,
            arguments: arguments)
    }
}
