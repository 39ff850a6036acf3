/// An option of ours for `CBCentralManager` and `CBPeripheralManager` with a restore identifier: the directory
/// (`String`) of the files that keep restoration state; by default `BLUETOOTH_RESTORE_DIR`, else
/// `corebluetooth-restore` under the temporary directory.
public let CBManagerOptionRestoreDirectoryKey = "kCBManagerOptionRestoreDirectory"
