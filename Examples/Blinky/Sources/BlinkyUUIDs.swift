import CoreBluetooth

/// The UUIDs of Nordic's LED Button Service (LBS), which the Blinky boards serve.
public enum BlinkyUUIDs {
    /// The LED Button Service.
    public static let service = CBUUID(string: "00001523-1212-EFDE-1523-785FEABCD123")
    /// The button state: 1 pressed, 0 released; read and notify.
    public static let button = CBUUID(string: "00001524-1212-EFDE-1523-785FEABCD123")
    /// The LED: write 1 to turn it on, 0 to turn it off.
    public static let led = CBUUID(string: "00001525-1212-EFDE-1523-785FEABCD123")
}
