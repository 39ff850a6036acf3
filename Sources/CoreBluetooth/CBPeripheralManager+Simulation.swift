import HCI
import Host

extension CBPeripheralManager {
    /// Disconnects every connected central as a peripheral that ends its links does (Remote User Terminated
    /// Connection, which a central on iOS reports as `CBError.peripheralDisconnected`); for the testing kit's
    /// simulated peripherals, as Apple's API has no such call.
    package func disconnectCentrals() {
        let handles = confined { Array(centralsByConnection.keys) }
        submit { host in
            for handle in handles { try? await host.disconnect(handle) }
        }
    }
}
