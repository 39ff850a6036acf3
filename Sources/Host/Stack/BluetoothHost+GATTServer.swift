import HCI

extension BluetoothHost {
    /// The attribute database our GATT server serves.
    public var database: AttributeDatabase { server.server.database }

    /// Adds a service to our GATT server after the last handle in use; subscribed clients are told
    /// with Service Changed.
    @discardableResult
    public func addService(_ definition: ServiceDefinition) throws(HostError) -> ServiceLayout {
        do {
            return try server.addService(definition)
        } catch {
            throw .database(error)
        }
    }

    /// Removes the service declared at `declarationHandle` from our GATT server; subscribed clients
    /// are told with Service Changed.
    @discardableResult
    public func removeService(at declarationHandle: AttributeHandle) throws(HostError) -> ServiceLayout? {
        do {
            return try server.removeService(at: declarationHandle)
        } catch {
            throw .database(error)
        }
    }

    /// Answers a read or write our GATT server handed to the application.
    public func respond(to request: GATTServerRequest.ID, with answer: GATTServerRequest.Answer) {
        server.complete(id: request, result: answer)
    }

    /// Sends a characteristic's new value to its subscribed clients (or to `targets`).
    ///
    /// - Returns: False, sending nothing, when a subscriber's transmit queue is full;
    ///   ``GATTServerEvent/readyToUpdateSubscribers`` follows when there is room again.
    @discardableResult
    public func updateValue(
        _ value: [UInt8], for valueHandle: AttributeHandle, to targets: Set<ConnectionHandle>? = nil
    ) -> Bool {
        server.updateValue(value, for: valueHandle, to: targets)
    }

    /// The clients subscribed to a characteristic value, and how.
    public func subscribers(of valueHandle: AttributeHandle) -> [ConnectionHandle] {
        server.server.subscribers(of: valueHandle)
    }
}
