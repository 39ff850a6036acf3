/// The Apple CoreBluetooth API on the host stack; filled in by the CoreBluetooth issue.
@_exported import Host
