/// An option of ours for `CBCentralManager` and `CBPeripheralManager`: the transport spec string
/// (`virtual`, `tcp:HOST:PORT`, `unix:PATH`, `serial:DEVICE[@BAUD]`, `hciN`) of the controller the
/// manager uses. Without it the manager reads `BLUETOOTH_TRANSPORT`, and uses the virtual radio when
/// that is unset.
public let CBManagerOptionTransportKey = "kCBManagerOptionTransport"

/// An option of ours: a path where the manager writes every HCI packet as a btsnoop log (Wireshark, tshark).
public let CBManagerOptionBTSnoopPathKey = "kCBManagerOptionBTSnoopPath"

/// An option of ours: the static random address (`C0:DE:C0:FF:EE:01`) the manager's controller uses
/// instead of a fresh one.
public let CBManagerOptionStaticAddressKey = "kCBManagerOptionStaticAddress"

/// An option of ours: the directory of the bond file; by default `$XDG_DATA_HOME/bluetooth` (or
/// `~/.local/share/bluetooth`) for real controllers, and none (bonds last as long as the manager) on the
/// virtual radio, whose controllers get fresh addresses every run.
public let CBManagerOptionBondDirectoryKey = "kCBManagerOptionBondDirectory"

/// An option of ours for managers on the virtual radio: where the manager's virtual controller stands
/// on the air's plane, as `[x, y]` in metres (`[Double]`); signal strengths follow from the distances.
public let CBManagerOptionVirtualPositionKey = "kCBManagerOptionVirtualPosition"

/// An option of ours for `CBPeripheralManager`: milliseconds between advertising events (`Int`, 20 to 10240;
/// 100 by default).
public let CBManagerOptionAdvertisingIntervalKey = "kCBManagerOptionAdvertisingInterval"

/// An option of ours for managers on the virtual radio: which of the process's virtual airs the manager joins,
/// `"instant"` (packets arrive at once) or `"timed"` (the link layer keeps a real radio's timing). Without it
/// the manager reads `BLUETOOTH_AIR`, and joins the instant air when that is unset. Managers on different airs
/// do not hear each other.
public let CBManagerOptionVirtualAirKey = "kCBManagerOptionVirtualAir"

/// An option of ours for managers on the virtual radio: the generation of the manager's virtual controller,
/// `"4.0"`, `"4.2"`, `"5.0"` or `"5.3"` (the default), with that generation's commands, LE features, buffers and
/// links (docs/controllers.md). What the generation lacks fails with an error that names it.
public let CBManagerOptionVirtualControllerKey = "kCBManagerOptionVirtualController"
