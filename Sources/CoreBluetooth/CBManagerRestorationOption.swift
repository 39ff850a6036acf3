/// An option of ours for `CBCentralManager` and `CBPeripheralManager` with a restore identifier: the directory
/// (`String`) of the files that keep restoration state; by default `BLUETOOTH_RESTORE_DIR`, else `restore` in the
/// user's Bluetooth data directory (`$XDG_DATA_HOME/bluetooth` or `~/.local/share/bluetooth`).
public let CBManagerOptionRestoreDirectoryKey = "kCBManagerOptionRestoreDirectory"
