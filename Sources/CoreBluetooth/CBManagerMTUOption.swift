/// An option of ours for `CBCentralManager` and `CBPeripheralManager`: the largest ATT_MTU (`Int`, 23 to 517;
/// 517 by default, values outside are brought into range) the manager's host offers in Exchange MTU, as a client
/// and as a server, so a connection's ATT_MTU never exceeds it.
public let CBManagerOptionMaximumATTMTUKey = "kCBManagerOptionMaximumATTMTU"
