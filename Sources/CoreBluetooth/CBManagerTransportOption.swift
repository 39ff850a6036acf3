/// An option of ours for `CBCentralManager` and `CBPeripheralManager`: the transport spec string
/// (`virtual`, `tcp:HOST:PORT`, `unix:PATH`, `serial:DEVICE[@BAUD]`, `hciN`) of the controller the
/// manager uses. Without it the manager reads `BLUETOOTH_TRANSPORT`, and uses the virtual radio when
/// that is unset.
public let CBManagerOptionTransportKey = "kCBManagerOptionTransport"
