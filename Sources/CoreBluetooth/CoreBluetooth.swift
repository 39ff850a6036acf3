import Host

/// The CoreBluetooth API (`CBCentralManager`, `CBPeripheral`, `CBPeripheralManager`, ...) is built here
/// on the `Host` stack; until it lands this module exports nothing.
enum CoreBluetoothModule {}
